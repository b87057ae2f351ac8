import type { Agent } from '../agent/agent.js';
import type { AgentExecutionOptions } from '../agent/types.js';
import { SluiceError } from '../errors/sluice-error.js';
import type { Memory } from '../memory/memory.js';
import type { ChunkType } from '../stream/chunk-types.js';
import { type ChatRequestBody, type ChatUIMessage, parseChatBody, readChatBody } from './chat-body.js';
import { ChatRequestError } from './chat-request-error.js';
import { GENERIC_ERROR_TEXT, type UIMessageStreamOptions } from './chunk-mapper.js';
import { toUIMessageStreamResponse } from './ui-message-stream.js';

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
}

/** A web-standard request handler: Hono, Next.js route handlers, Bun and Deno take it as is. */
export type ChatHandler = (request: Request) => Promise<Response>;

const DEFAULT_MAX_BODY_BYTES = 1_000_000;
const DEFAULT_MAX_MESSAGES = 200;
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
 * - The run is aborted when the client disconnects.
 * - 400 invalid body (too deeply nested included), 413 body too large, 429 the cost budget tripped before the model call,
 *   405 not a POST, 401 no resource.
 */
export function createChatHandler(options: ChatHandlerOptions): ChatHandler {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxMessages = options.maxMessages ?? DEFAULT_MAX_MESSAGES;
  const errorText = safeText(options.onError);
  return async (request) => {
    if (request.method !== 'POST') return json(405, 'Use POST.', { allow: 'POST' });
    try {
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
      if (memory) {
        // Ownership before anything is read or deleted.
        await memory.getThreadById({ threadId, resourceId: resource });
        const last = lastUserMessage(body.messages);
        if (body.trigger === 'regenerate-message')
          await deleteAnswerAfterLastUserMessage(memory, threadId, resource);
        input = [last];
      } else {
        input = body.messages;
      }
      const abort = new AbortController();
      const onDisconnect = () => abort.abort(new DOMException('The client disconnected.', 'AbortError'));
      if (request.signal.aborted) onDisconnect();
      else request.signal.addEventListener('abort', onDisconnect, { once: true });
      const output = await options.agent.stream(input, {
        ...extra,
        ...(memory ? { memory: { thread: threadId, resource } } : {}),
        abortSignal: abort.signal,
        replayBuffer: false,
      });
      const source = await peekBeforeModelCall(output, () => abort.abort());
      if (source.budgetTripped) return json(429, 'The usage budget is spent. Try again later.');
      return toUIMessageStreamResponse(source, { ...options.streamOptions, onError: errorText });
    } catch (error) {
      if (error instanceof ChatRequestError) return json(error.status, error.message);
      if (SluiceError.hasCode(error, 'MEMORY_THREAD_RESOURCE_MISMATCH')) return json(403, 'Forbidden.');
      // The client's messages nest deeper than the agent accepts: the request is at fault.
      if (SluiceError.hasCode(error, 'DATA_TOO_DEEP')) return json(400, 'The messages nest too deeply.');
      return json(500, errorText(error));
    }
  };
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
