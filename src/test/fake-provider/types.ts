/**
 * Public, provider-neutral types of the fake provider server.
 *
 * A test scripts *what* the model does (text, reasoning, tool calls, faults); each endpoint then renders
 * that script in its own wire format, so the same script exercises every real provider client.
 */

/** The wire format a request was served in. */
export type FakeEndpoint = 'openai-chat' | 'openai-responses' | 'anthropic-messages';

/** Provider-neutral finish reason; each endpoint maps it to its own spelling (e.g. `tool_calls`, `tool_use`). */
export type FakeFinishReason = 'stop' | 'tool-calls' | 'length' | 'content-filter';

/** Streamed text. `deltas` are sent exactly as given: one wire chunk per array element. */
export interface FakeTextEvent {
  type: 'text';
  /** A single string (one delta) or the exact deltas to stream. */
  deltas: string | readonly string[];
}

/** Streamed reasoning ("thinking") text. Not rendered by OpenAI Chat Completions except as `reasoning_content`. */
export interface FakeReasoningEvent {
  type: 'reasoning';
  /** A single string (one delta) or the exact deltas to stream. */
  deltas: string | readonly string[];
  /** Anthropic thinking signature; defaults to a fixed fake signature. */
  signature?: string;
}

/**
 * Tool-call arguments: an object (serialized as JSON), a raw string (sent verbatim, so it may be invalid
 * JSON), or an array of raw strings (the exact argument deltas; their concatenation is the full string).
 */
export type FakeToolArgs = { readonly [key: string]: unknown } | string | readonly string[];

/** A function/tool call requested by the model. */
export interface FakeToolCallEvent {
  type: 'tool-call';
  /** Tool-call id; defaults to a unique `call_fake_<n>`. */
  id?: string;
  /** Tool name. */
  name: string;
  /** The call arguments, see {@link FakeToolArgs}. */
  args: FakeToolArgs;
}

/** One step of a scripted model output. A plain string is shorthand for a single-delta text event. */
export type FakeEvent = string | FakeTextEvent | FakeReasoningEvent | FakeToolCallEvent;

/** Token usage reported at the end of a response. */
export interface FakeUsage {
  inputTokens: number;
  outputTokens: number;
  /** Part of `outputTokens` spent on reasoning; defaults to 0. */
  reasoningTokens?: number;
}

/** Fields shared by every response that renders a (possibly partial) model output. */
export interface FakeScriptFields {
  /** The model output, in order. Fault responses default to the text deltas `['Hello', ', world']`. */
  events?: readonly FakeEvent[];
  /** Reported usage; defaults to `{ inputTokens: 10, outputTokens: 20 }`. */
  usage?: FakeUsage;
  /** Defaults to `tool-calls` when the script contains a tool call, else `stop`. */
  finishReason?: FakeFinishReason;
  /**
   * Streaming: delay before every SSE frame after the first. Non-streaming: delay before the JSON body.
   */
  chunkDelayMs?: number;
  /** Response id; defaults to a unique id in the endpoint's style (`chatcmpl-…`, `resp_…`, `msg_…`). */
  id?: string;
}

/** A successful model response. */
export interface FakeSuccessResponse extends FakeScriptFields {
  type: 'success';
  events: readonly FakeEvent[];
  /** Extra HTTP response headers. */
  headers?: Readonly<Record<string, string>>;
}

/** An HTTP error with a provider-shaped JSON body (OpenAI `{ error: {…} }` or Anthropic `{ type: 'error', … }`). */
export interface FakeHttpErrorResponse {
  type: 'http-error';
  /** Any HTTP status, e.g. 400, 422, 429, 500, 529. */
  status: number;
  /** Error message; defaults to a message naming the status. */
  message?: string;
  /** Provider error type; defaults per status (e.g. `invalid_request_error`, `rate_limit_error`). */
  errorType?: string;
  /** OpenAI `code` (ignored by the Anthropic format). */
  code?: string | number | null;
  /** OpenAI `param` (ignored by the Anthropic format). */
  param?: string | null;
  /** Extra HTTP headers, e.g. `{ 'retry-after': '0' }`. */
  headers?: Readonly<Record<string, string>>;
  /** Sent verbatim instead of the provider-shaped body (for non-standard error bodies). */
  rawBody?: string;
}

/**
 * An error reported inside a 200 stream: OpenAI Chat `data: {"error":…}`, OpenAI Responses `error` or
 * `response.failed` event, Anthropic `event: error`. Non-streaming requests get an HTTP error instead.
 */
export interface FakeStreamErrorResponse extends FakeScriptFields {
  type: 'stream-error';
  /** SSE frames written before the error frame; defaults to every output frame (all but the finish frames). */
  afterChunks?: number;
  /** Defaults to `Overloaded` (Anthropic) / `The server had an error…` (OpenAI). */
  message?: string;
  /** Defaults to `overloaded_error` (Anthropic) / `server_error` (OpenAI). */
  errorType?: string;
  /** OpenAI error code; defaults to `server_error`. */
  code?: string | number | null;
  /** Which OpenAI Responses event carries the error; defaults to `error`. */
  openaiResponsesEvent?: 'error' | 'response.failed';
  /** HTTP status used when the request is not streaming; defaults to 500 (OpenAI) / 529 (Anthropic). */
  status?: number;
}

/**
 * Streams the scripted output, then destroys the socket before the finish frames (the client sees a reset /
 * `terminated`). `afterChunks` cuts at an exact wire frame instead.
 */
export interface FakeResetResponse extends FakeScriptFields {
  type: 'reset';
  /**
   * SSE frames written before the reset; defaults to every output frame (all but the finish frames).
   * Frame counts differ per endpoint. Non-streaming requests are reset before any byte is sent.
   */
  afterChunks?: number;
}

/**
 * Streams the scripted output, then one frame whose `data:` is not valid JSON, then the finish frames.
 * `afterChunks` moves the bad frame to an exact wire position.
 */
export interface FakeMalformedResponse extends FakeScriptFields {
  type: 'malformed';
  /** Valid frames written before the malformed one; defaults to every output frame. */
  afterChunks?: number;
  /** The invalid payload; defaults to a truncated JSON object. Non-streaming requests get it as the body. */
  data?: string;
}

/** Write `afterChunks` frames, then keep the connection open until the client aborts or the server closes. */
export interface FakeHangResponse extends FakeScriptFields {
  type: 'hang';
  /** SSE frames written before hanging; defaults to 0 (headers only). Non-streaming requests get no response. */
  afterChunks?: number;
}

/** One scripted reply to one model request. */
export type FakeResponse =
  | FakeSuccessResponse
  | FakeHttpErrorResponse
  | FakeStreamErrorResponse
  | FakeResetResponse
  | FakeMalformedResponse
  | FakeHangResponse;

/** A request the server received, kept for assertions. */
export interface RecordedRequest {
  /** HTTP method, e.g. `POST`. */
  method: string;
  /** Path without query string, e.g. `/v1/chat/completions`. */
  path: string;
  /** The matched endpoint, or `null` for unknown paths. */
  endpoint: FakeEndpoint | null;
  /** Request headers, lower-cased names; repeated headers are joined with `, `. */
  headers: Record<string, string>;
  /** The parsed JSON body (`{}` when the body is empty or not a JSON object). */
  body: Record<string, unknown>;
  /** The body exactly as received. */
  rawBody: string;
  /** True when the body asked for a stream (`"stream": true`). */
  stream: boolean;
}

/** Options of {@link startFakeProviderServer}. */
export interface FakeProviderServerOptions {
  /** Response used when the queue is empty; defaults to a 500 error saying the queue is empty. */
  fallback?: FakeResponse;
}

/** A running fake provider server. */
export interface FakeProviderServer {
  /** Origin, e.g. `http://127.0.0.1:54321`. */
  readonly url: string;
  /** Pass to `createOpenAI({ baseURL })`: `${url}/v1`. */
  readonly openaiBaseURL: string;
  /** Pass to `createAnthropic({ baseURL })`: `${url}/v1`. */
  readonly anthropicBaseURL: string;
  /** Every request received, in arrival order (live array; cleared by {@link FakeProviderServer.reset}). */
  readonly requests: readonly RecordedRequest[];
  /** Scripted responses not consumed yet. */
  readonly queueLength: number;
  /** Appends responses to the FIFO queue; each model request consumes the next one. */
  enqueue(...responses: FakeResponse[]): void;
  /** Sets the response used when the queue is empty; `undefined` restores the default 500 error. */
  setFallback(response: FakeResponse | undefined): void;
  /** Clears the queue and the recorded requests, and restores the fallback given at start-up. */
  reset(): void;
  /** Stops the server and destroys every open connection (keep-alive and hanging ones included). */
  close(): Promise<void>;
}
