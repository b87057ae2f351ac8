import type { Agent } from '../agent/agent.js';
import { toUIMessages } from '../messages/to-ui.js';
import type { UIMessage } from '../messages/types.js';
import type { RequestContext } from '../request-context/request-context.js';
import {
  type AnswerInFlight,
  answerInFlight,
  type ResumableSettings,
  type ResumableStreamOptions,
  resumableSettings,
} from './resumable-stream.js';

/** Arguments of {@link loadChatMessages}. */
export interface LoadChatMessagesArgs {
  /** The agent whose memory holds the chat. */
  // biome-ignore lint/suspicious/noExplicitAny: any agent, whatever its tools.
  agent: Agent<any>;
  /** Who is asking, as the server authenticated them: the thread must belong to it. */
  resource: string;
  /** The chat's thread (by default the chat id `useChat` uses). */
  thread: string;
  /** Newest messages returned at most. Default 500. */
  limit?: number;
  /** Passed to `agent.getMemory()` for agents whose memory depends on the request. */
  requestContext?: RequestContext;
  /**
   * The chat handler's `resumable` options. With them, an answer still in flight is left out
   * (the client resumes it) and the question it answers is included (memory stores the turn
   * when the run ends).
   */
  resumable?: ResumableStreamOptions;
}

const DEFAULT_HISTORY_LIMIT = 500;
/** Reads of the history when an answer finishes between them (then memory holds it). */
const HISTORY_ATTEMPTS = 3;

/**
 * A chat's stored messages as AI SDK `UIMessage`s (oldest first; text, reasoning, tool parts
 * with their inputs and outputs, files, sources), for `useChat({ messages })` after a reload.
 * A thread that does not exist yet is an empty history.
 *
 * Throws `MemoryError` `MEMORY_THREAD_RESOURCE_MISMATCH` when the thread belongs to another
 * resource (answer 403 without detail). Returns `undefined` when the agent has no memory: there
 * is no history to serve (answer 404).
 */
export function loadChatMessages(args: LoadChatMessagesArgs): Promise<UIMessage[] | undefined> {
  const settings = args.resumable !== undefined ? resumableSettings(args.resumable) : undefined;
  return loadHistory(args, settings);
}

/** {@link loadChatMessages} with the handler's checked `resumable` settings. */
export async function loadHistory(
  args: Omit<LoadChatMessagesArgs, 'resumable'>,
  settings: ResumableSettings | undefined,
): Promise<UIMessage[] | undefined> {
  const memory = await args.agent.getMemory(
    args.requestContext ? { requestContext: args.requestContext } : {},
  );
  if (!memory) return undefined;
  // Ownership first: another resource's thread throws before anything of it is read.
  const thread = await memory.getThreadById({ threadId: args.thread, resourceId: args.resource });
  const read = async () => {
    if (!thread) return [];
    const { messages } = await memory.recall({
      threadId: args.thread,
      resourceId: args.resource,
      perPage: args.limit ?? DEFAULT_HISTORY_LIMIT,
      includeTotal: false,
    });
    return toUIMessages(messages);
  };
  if (!settings) return read();
  for (let attempt = 0; attempt < HISTORY_ATTEMPTS; attempt++) {
    const before = await answerInFlight(settings, args.resource, args.thread);
    const messages = await read();
    if (!before) return messages;
    const after = await answerInFlight(settings, args.resource, args.thread);
    // Still the same answer in flight: memory has not saved its turn yet.
    if (after?.messageId === before.messageId) return withAnswerInFlight(messages, before);
  }
  return read();
}

/** The history as a reloaded page needs it: the question shown, the answer left to the resume. */
function withAnswerInFlight(messages: UIMessage[], inFlight: AnswerInFlight): UIMessage[] {
  const out = messages.filter((m) => m.id !== inFlight.messageId);
  const question = inFlight.question as UIMessage | undefined;
  if (
    typeof question === 'object' &&
    question !== null &&
    typeof question.id === 'string' &&
    !out.some((m) => m.id === question.id)
  )
    out.push(question);
  return out;
}
