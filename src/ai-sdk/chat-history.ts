import type { Agent } from '../agent/agent.js';
import { toUIMessages } from '../messages/to-ui.js';
import type { UIMessage } from '../messages/types.js';
import type { RequestContext } from '../request-context/request-context.js';

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
}

const DEFAULT_HISTORY_LIMIT = 500;

/**
 * A chat's stored messages as AI SDK `UIMessage`s (oldest first; text, reasoning, tool parts
 * with their inputs and outputs, files, sources), for `useChat({ messages })` after a reload.
 * A thread that does not exist yet is an empty history.
 *
 * Throws `MemoryError` `MEMORY_THREAD_RESOURCE_MISMATCH` when the thread belongs to another
 * resource (answer 403 without detail). Returns `undefined` when the agent has no memory: there
 * is no history to serve (answer 404).
 */
export async function loadChatMessages(args: LoadChatMessagesArgs): Promise<UIMessage[] | undefined> {
  const memory = await args.agent.getMemory(
    args.requestContext ? { requestContext: args.requestContext } : {},
  );
  if (!memory) return undefined;
  // Ownership first: another resource's thread throws before anything of it is read.
  const thread = await memory.getThreadById({ threadId: args.thread, resourceId: args.resource });
  if (!thread) return [];
  const { messages } = await memory.recall({
    threadId: args.thread,
    resourceId: args.resource,
    perPage: args.limit ?? DEFAULT_HISTORY_LIMIT,
    includeTotal: false,
  });
  return toUIMessages(messages);
}
