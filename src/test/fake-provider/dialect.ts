import type { NormalizedScript } from './normalize-script.js';
import type { FakeEndpoint } from './types.js';

/** Per-response values shared by every frame of one rendered response. */
export interface RenderContext {
  /** Response id in the endpoint's style. */
  responseId: string;
  /** Echo of the requested model id. */
  model: string;
  /** Unix time in seconds. */
  created: number;
}

/**
 * A rendered stream, split so faults can cut it: `body` carries the output, `finish` the closing frames
 * (finish reason, usage, terminator). A stream error replaces `finish`.
 */
interface StreamFrames {
  body: string[];
  finish: string[];
}

/** A provider error with every default resolved. */
export interface ProviderError {
  status: number;
  message: string;
  errorType: string;
  code: string | number | null;
  param: string | null;
  /** OpenAI Responses only: which event carries an in-stream error. */
  openaiResponsesEvent: 'error' | 'response.failed';
}

/** Everything one endpoint needs to speak its provider's wire format. */
export interface WireDialect {
  readonly endpoint: FakeEndpoint;
  /** Builds a fresh response id from a unique number. */
  responseId(n: number): string;
  /** Streaming success rendering. */
  renderStream(script: NormalizedScript, ctx: RenderContext): StreamFrames;
  /** Non-streaming success rendering (a JSON body). */
  renderJson(script: NormalizedScript, ctx: RenderContext): object;
  /** Error type used when a test does not name one. */
  defaultErrorType(status: number): string;
  /** Defaults of an in-stream error. */
  readonly streamErrorDefaults: Pick<ProviderError, 'status' | 'message' | 'errorType' | 'code'>;
  /** JSON body of an HTTP error response. */
  httpErrorBody(error: ProviderError): object;
  /** The SSE frame of an in-stream error; `position` is its index in the stream. */
  streamErrorFrame(error: ProviderError, ctx: RenderContext, position: number): string;
  /** An SSE frame whose data is `data` verbatim (used for invalid JSON). */
  malformedFrame(data: string): string;
}
