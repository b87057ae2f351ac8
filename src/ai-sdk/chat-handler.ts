import type { Agent } from '../agent/agent.js';
import type { AgentExecutionOptions } from '../agent/types.js';
import { SluiceError } from '../errors/sluice-error.js';
import type { Memory } from '../memory/memory.js';
import type { ChunkType } from '../stream/chunk-types.js';
import { type ChatRequestBody, type ChatUIMessage, parseChatBody, readChatBody } from './chat-body.js';
import { loadHistory } from './chat-history.js';
import { ChatRequestError } from './chat-request-error.js';
import { GENERIC_ERROR_TEXT, type UIMessageStreamOptions } from './chunk-mapper.js';
import {
  AnswerRecorder,
  followAnswer,
  type ResumableSettings,
  type ResumableStreamOptions,
  resumableSettings,
} from './resumable-stream.js';
import { toUIMessageStreamResponse, UI_MESSAGE_STREAM_HEADERS } from './ui-message-stream.js';

/** What the handler knows about a request when it asks for call options. */
export interface ChatRequestInfo {
  request: Request;
  /** The resource (user, tenant) `resource()` returned. */
  resource: string;
  /** The thread the chat runs in. */
  threadId: string;
  body: ChatRequestBody;
}

/** Call options the handler passes on; it sets `memory`, `abortSignal` and `replayBuffer` itself. */
export type ChatCallOptions = Omit<
  AgentExecutionOptions<undefined>,
  'memory' | 'abortSignal' | 'replayBuffer'
>;

/** Options of {@link createChatHandler}. */
export interface ChatHandlerOptions {
  /** The agent that answers. With memory, memory holds the conversation. */
  // biome-ignore lint/suspicious/noExplicitAny: any agent, whatever its tools.
  agent: Agent<any>;
  /**
   * Who is asking, from the request as the server authenticated it (a session, a verified
   * token): the memory resource the chat's thread belongs to. Never read from the body.
   * `undefined`/`null` answers 401.
   */
  resource: (request: Request) => string | undefined | null | Promise<string | undefined | null>;
  /** The thread for a chat. Default: the chat id `useChat` sends. */
  thread?: (args: { chatId: string; resource: string; request: Request }) => string | Promise<string>;
  /** Largest request body accepted, in bytes (413 above). Default 1 MB. */
  maxBodyBytes?: number;
  /** Most messages a body may hold (400 above). Default 200. */
  maxMessages?: number;
  /**
   * The text the client sees for an error (run, tool, or a failure before the run). Default: a
   * generic message; return only what is safe to show.
   */
  onError?: (error: unknown) => string;
  /** More call options for the run (request context, processors, model settings…). */
  callOptions?: (info: ChatRequestInfo) => ChatCallOptions | Promise<ChatCallOptions>;
  /** How the stream is sent (reasoning, sources, provider metadata); `onError` is the handler's. */
  streamOptions?: Omit<UIMessageStreamOptions, 'onError' | 'messageId'>;
  /**
   * Make answers resumable through Redis: each answer in flight is also written to a Redis
   * Stream, and `GET <api>/<chatId>/stream` (what `useChat({ resume: true })` requests) replays
   * it and follows it live, on any server instance sharing the Redis. With it, a client that
   * disconnects no longer stops the run: the answer goes on, to be resumed.
   */
  resumable?: ResumableStreamOptions;
  /** Newest messages `GET <api>/<chatId>/messages` returns at most. Default 500. */
  maxHistoryMessages?: number;
}

/** A web-standard request handler: Hono, Next.js route handlers, Bun and Deno take it as is. */
export type ChatHandler = (request: Request) => Promise<Response>;

const DEFAULT_MAX_BODY_BYTES = 1_000_000;
const DEFAULT_MAX_MESSAGES = 200;
/** Longest chat id a GET route takes (as the POST body's `id`). */
const MAX_CHAT_ID_LENGTH = 256;
/** The processor whose tripwire before the model call means "budget spent": 429. */
const BUDGET_PROCESSOR = 'token-cost-control';

/**
 * A handler for `useChat` (`DefaultChatTransport`) requests: reads and validates the POST body,
 * runs the agent in the caller's thread and answers with a UI message stream.
 *
 * - The resource comes from `resource(request)` only; the thread from the chat id. A thread of
 *   another resource is 403 with no detail; nothing runs and nothing is deleted.
 * - With memory, only the new user message is used: memory holds the history, and the client's
 *   copy of earlier messages is ignored. Without memory the client's history is the
 *   conversation, checked (users and assistants only, known part kinds) and capped.
 * - `trigger: 'regenerate-message'` replaces the last answer: with memory, what the thread holds
 *   after the last user message is deleted first.
 * - The run is aborted when the client disconnects, except with `resumable`: then it runs to its
 *   end so that a reconnecting client can resume it.
 * - `GET <api>/<chatId>/messages`: the chat's stored messages as `UIMessage[]` JSON (404 without
 *   memory). `GET <api>/<chatId>/stream`: with `resumable`, the answer in flight replayed and
 *   followed live; 204 when there is none (a finished answer is in the history). Both are
 *   authorised like the POST.
 * - 400 invalid body (too deeply nested included), 413 body too large, 429 the cost budget tripped before the model call,
 *   405 another method or path, 401 no resource.
 */
export function createChatHandler(options: ChatHandlerOptions): ChatHandler {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxMessages = options.maxMessages ?? DEFAULT_MAX_MESSAGES;
  const errorText = safeText(options.onError);
  const resumable = options.resumable !== undefined ? resumableSettings(options.resumable) : undefined;
  return async (request) => {
    try {
      if (request.method === 'GET') {
        const route = chatRoute(request);
        if (route === undefined) return json(405, 'Use POST.', { allow: 'POST' });
        return await answerGet(options, resumable, request, route);
      }
      if (request.method !== 'POST') return json(405, 'Use POST.', { allow: 'POST' });
      const resource = await options.resource(request);
      if (typeof resource !== 'string' || resource.length === 0) return json(401, 'Unauthorized.');
      const body = parseChatBody(await readChatBody(request, maxBodyBytes), maxMessages);
      const threadId = options.thread
        ? await options.thread({ chatId: body.id, resource, request })
        : body.id;
      const extra = options.callOptions
        ? await options.callOptions({ request, resource, threadId, body })
        : {};
      const memory = await options.agent.getMemory(
        extra.requestContext ? { requestContext: extra.requestContext } : {},
      );
      let input: ChatUIMessage[];
      let question: ChatUIMessage | undefined;
      if (memory) {
        const last = lastUserMessage(body.messages);
        if (body.trigger === 'regenerate-message') {
          // Ownership before anything is deleted. A submit needs no check of its own: the run's
          // memory load checks the owner before it reads or writes anything (one round trip).
          await memory.getThreadById({ threadId, resourceId: resource });
          await deleteAnswerAfterLastUserMessage(memory, threadId, resource);
        }
        input = [last];
        question = last;
      } else {
        input = body.messages;
      }
      const abort = new AbortController();
      // A resumable answer outlives its first client: a reload must find it still running.
      if (!resumable) {
        const onDisconnect = () => abort.abort(new DOMException('The client disconnected.', 'AbortError'));
        if (request.signal.aborted) onDisconnect();
        else request.signal.addEventListener('abort', onDisconnect, { once: true });
      }
      const output = await options.agent.stream(input, {
        ...extra,
        ...(memory ? { memory: { thread: threadId, resource } } : {}),
        abortSignal: abort.signal,
        replayBuffer: false,
      });
      const source = await peekBeforeModelCall(output, () => abort.abort());
      if (source.budgetTripped) return json(429, 'The usage budget is spent. Try again later.');
      const streamOptions = { ...options.streamOptions, onError: errorText };
      if (resumable) {
        const recorder = await AnswerRecorder.start(resumable, resource, threadId, crypto.randomUUID(), {
          messageId: source.messageId,
          ...(question ? { question } : {}),
        });
        if (recorder) return recordedResponse(toUIMessageStreamResponse(source, streamOptions), recorder);
      }
      return toUIMessageStreamResponse(source, streamOptions);
    } catch (error) {
      if (error instanceof ChatRequestError) return json(error.status, error.message);
      if (SluiceError.hasCode(error, 'MEMORY_THREAD_RESOURCE_MISMATCH')) return json(403, 'Forbidden.');
      // The client's messages nest deeper than the agent accepts: the request is at fault.
      if (SluiceError.hasCode(error, 'DATA_TOO_DEEP')) return json(400, 'The messages nest too deeply.');
      return json(500, errorText(error));
    }
  };
}

/** A GET the handler answers: `<api>/<chatId>/stream` or `<api>/<chatId>/messages`. */
interface ChatRoute {
  chatId: string;
  kind: 'stream' | 'messages';
}

/** The route of a GET from its last two path segments (the AI SDK's reconnect URL shape). */
function chatRoute(request: Request): ChatRoute | undefined {
  const path = new URL(request.url).pathname;
  const cut = path.lastIndexOf('/');
  const kind = path.slice(cut + 1);
  if (cut <= 0 || (kind !== 'stream' && kind !== 'messages')) return undefined;
  const before = path.lastIndexOf('/', cut - 1);
  const encoded = path.slice(before + 1, cut);
  let chatId: string;
  try {
    chatId = decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
  if (chatId.length === 0 || chatId.length > MAX_CHAT_ID_LENGTH) return undefined;
  return { chatId, kind };
}

/**
 * `GET …/stream` and `GET …/messages`, authorised like the POST: the resource from the server,
 * the thread from the chat id, and (with memory) the thread must be the resource's — 403 with no
 * detail otherwise.
 */
async function answerGet(
  options: ChatHandlerOptions,
  resumable: ResumableSettings | undefined,
  request: Request,
  route: ChatRoute,
): Promise<Response> {
  const resource = await options.resource(request);
  if (typeof resource !== 'string' || resource.length === 0) return json(401, 'Unauthorized.');
  const threadId = options.thread
    ? await options.thread({ chatId: route.chatId, resource, request })
    : route.chatId;
  if (route.kind === 'messages') {
    const messages = await loadHistory(
      {
        agent: options.agent,
        resource,
        thread: threadId,
        ...(options.maxHistoryMessages !== undefined ? { limit: options.maxHistoryMessages } : {}),
      },
      resumable,
    );
    if (messages === undefined) return json(404, 'Not found.');
    return new Response(JSON.stringify(messages), {
      status: 200,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    });
  }
  const memory = await options.agent.getMemory({});
  if (memory) await memory.getThreadById({ threadId, resourceId: resource });
  // 204 is what DefaultChatTransport.reconnectToStream reads as "nothing to resume".
  if (!resumable) return new Response(null, { status: 204 });
  const body = await followAnswer(resumable, resource, threadId, request.signal);
  if (body === undefined) return new Response(null, { status: 204 });
  if (body === 'busy') return json(503, 'Too many resumed streams. Try again later.', { 'retry-after': '1' });
  return new Response(body, { status: 200, headers: UI_MESSAGE_STREAM_HEADERS as Record<string, string> });
}

const DONE_EVENT = 'data: [DONE]\n\n';

/**
 * The answer's server-sent events to the client and, batch by batch, to Redis. The answer is
 * read to its end whether or not the client stays: a client that leaves only stops receiving.
 * The client's stream closes once the finishing entry is in Redis, so a GET after that finds
 * no answer in flight and loads the history instead.
 */
function recordedResponse(sse: Response, recorder: AnswerRecorder): Response {
  let client!: ReadableStreamDefaultController<Uint8Array>;
  let clientOpen = true;
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => {
      client = controller;
    },
    cancel: () => {
      clientOpen = false;
    },
  });
  void (async () => {
    const reader = (sse.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (clientOpen) {
          try {
            client.enqueue(value);
          } catch {
            clientOpen = false;
          }
        }
        // Batches end on event boundaries; the follower writes its own [DONE] after the last entry.
        let text = decoder.decode(value, { stream: true });
        if (text.endsWith(DONE_EVENT)) text = text.slice(0, -DONE_EVENT.length);
        if (text.length > 0) recorder.push(text, value.byteLength);
      }
    } catch {
      // The mapper turns run errors into error chunks; a failed read ends the answer here.
    }
    await recorder.finish();
    if (clientOpen) {
      clientOpen = false;
      client.close();
    }
  })();
  return new Response(body, { status: sse.status, headers: sse.headers });
}

function safeText(onError: ((error: unknown) => string) | undefined): (error: unknown) => string {
  return (error) => {
    if (!onError) return GENERIC_ERROR_TEXT;
    try {
      const text = onError(error);
      return typeof text === 'string' ? text : GENERIC_ERROR_TEXT;
    } catch {
      return GENERIC_ERROR_TEXT;
    }
  };
}

function json(status: number, error: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function lastUserMessage(messages: ChatUIMessage[]): ChatUIMessage {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as ChatUIMessage;
    if (message.role === 'user') return message;
  }
  throw new ChatRequestError('CHAT_REQUEST_INVALID', '"messages" holds no user message to answer.');
}

/** How far back a regenerate looks for the last user message. */
const REGENERATE_WINDOW = 50;

/** Regenerate: the stored answer to the last user message goes, so memory holds only its replacement. */
async function deleteAnswerAfterLastUserMessage(
  memory: Memory,
  threadId: string,
  resource: string,
): Promise<void> {
  const thread = await memory.getThreadById({ threadId, resourceId: resource });
  if (!thread) return;
  const { messages } = await memory.recall({
    threadId,
    resourceId: resource,
    perPage: REGENERATE_WINDOW,
    hideSignals: false,
    includeTotal: false,
  });
  let last = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.role === 'user') {
      last = i;
      break;
    }
  }
  const replaced = messages.slice(last + 1).map((m) => m.id);
  if (replaced.length > 0) await memory.deleteMessages(replaced);
}

interface PeekedSource {
  messageId: string;
  fullStream: AsyncIterable<ChunkType<unknown>>;
  budgetTripped: boolean;
}

/**
 * Reads the run up to its first model call (or its end), so a budget tripwire raised before
 * any model output can still be answered with a status code; the chunks read are replayed to
 * the stream. Cancelling the stream aborts the run.
 */
async function peekBeforeModelCall(
  output: { messageId: string; fullStream: AsyncIterable<ChunkType<unknown>> },
  onCancel: () => void,
): Promise<PeekedSource> {
  const iterator = output.fullStream[Symbol.asyncIterator]();
  const peeked: ChunkType<unknown>[] = [];
  let budgetTripped = false;
  for (;;) {
    const next = await iterator.next();
    if (next.done === true) break;
    const chunk = next.value;
    peeked.push(chunk);
    if (chunk.type === 'step-start') break;
    if (chunk.type === 'tripwire') {
      budgetTripped = chunk.payload.processorId === BUDGET_PROCESSOR;
      break;
    }
    if (chunk.type === 'finish' || chunk.type === 'error' || chunk.type === 'abort') break;
  }
  let index = 0;
  const replay: AsyncIterator<ChunkType<unknown>> = {
    next: () =>
      index < peeked.length
        ? Promise.resolve({ value: peeked[index++] as ChunkType<unknown>, done: false })
        : iterator.next(),
    return: async (value?: unknown) => {
      onCancel();
      await iterator.return?.(value);
      return { value: undefined, done: true };
    },
  };
  return {
    messageId: output.messageId,
    fullStream: { [Symbol.asyncIterator]: () => replay },
    budgetTripped,
  };
}
