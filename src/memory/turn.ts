/**
 * One call's use of memory: the conversation it names, checked before the model is called (the
 * store is reached, the thread belongs to the resource — a new thread is claimed for it, one
 * atomic create-or-verify-owner), the memory processors of the call's framework lanes, the
 * working-memory tool, and the save at the end (whose owner check is atomic with the write).
 */

import { describeValue } from '../errors/describe-value.js';
import type { MessageList } from '../messages/message-list.js';
import type { Processor } from '../pipeline/types.js';
import type { RequestContext } from '../request-context/request-context.js';
import { MASTRA_RESOURCE_ID_KEY, MASTRA_THREAD_ID_KEY } from '../request-context/request-context.js';
import type { MemoryStorage, StorageMessageInput, StorageThread } from '../stores/types.js';
import type { Tool } from '../tools/tool.js';
import { newId } from '../util/ids.js';
import type { MemoryConfig, ResolvedMemoryConfig } from './config.js';
import { MEMORY_CONTEXT_KEY, type MemoryContextValue } from './context-key.js';
import { checkOwner, type Memory } from './memory.js';
import { MemoryError } from './memory-error.js';
import { ownedWrite } from './owned-write.js';
import { MemoryInputFilter } from './processors/input-filter.js';
import { MessageHistory } from './processors/message-history.js';
import { SemanticRecall } from './processors/semantic-recall.js';
import { type MemoryTurnContext, type PreloadedTurn, registerTurn } from './processors/turn-context.js';
import { WorkingMemoryProcessor } from './processors/working-memory.js';
import {
  completedTurnMessages,
  describeFailure,
  failedTurnMessages,
  inConversationOrder,
  storedDataChunks,
  type TurnStatus,
} from './save-turn.js';

/** The `memory` option of `agent.generate()` / `agent.stream()`. */
export interface AgentMemoryOption {
  /** The thread id, or the thread with a title/metadata used when it is created. */
  thread: string | { id: string; title?: string; metadata?: Record<string, unknown> };
  /** The owner of the thread (a user, an org, …). */
  resource: string;
  /** Options for this call, merged over the memory's own. */
  options?: MemoryConfig;
}

/** How the run ended, as the save needs it. */
export interface TurnEnd {
  status: TurnStatus;
  error?: unknown;
  list: MessageList;
  /** Chunks the client received, in order (the `data-*` ones are stored). */
  delivered: readonly { type: string; transient?: unknown }[];
  newId: () => string;
}

/** The ids a memory call put on a request context (so a reused context does not pin them). */
const SET_BY_MEMORY = new WeakMap<object, { resourceId: string; threadId: string }>();

/** One call's memory. */
export class MemoryTurn {
  readonly threadId: string;
  readonly resourceId: string;
  /** Before the user's input processors: input filter → working memory → history → semantic recall. */
  readonly inputProcessors: Processor[];
  /** After the user's output processors: `message-history` (the save follows at finalization). */
  readonly outputProcessors: Processor[];
  /** After the resolved error list: memory's context-overflow recovery. */
  readonly errorProcessors: Processor[];
  /** `updateWorkingMemory` when working memory is on and writable. */
  readonly tools: Record<string, Tool>;
  readonly #ctx: MemoryTurnContext;
  readonly #thread: AgentMemoryOption['thread'];

  constructor(ctx: MemoryTurnContext, thread: AgentMemoryOption['thread'], conversation: MemoryContextValue) {
    this.#ctx = ctx;
    this.#thread = thread;
    this.threadId = ctx.threadId;
    this.resourceId = ctx.resourceId;
    const { config, memory } = ctx;
    this.inputProcessors = [new MemoryInputFilter(ctx)];
    if (config.workingMemory.enabled) this.inputProcessors.push(new WorkingMemoryProcessor(ctx));
    const history = new MessageHistory(ctx);
    if (config.lastMessages !== false) this.inputProcessors.push(history);
    if (config.semanticRecall) this.inputProcessors.push(new SemanticRecall(ctx));
    this.outputProcessors = [history];
    this.errorProcessors = memory.getErrorProcessors();
    // Bound to this call's conversation, not looked up on a request context another call may share.
    this.tools = memory.toolsForTurn(ctx, conversation);
  }

  /**
   * Id maker for the call's message list: ids it makes up are remembered, so the input filter
   * knows those messages cannot be stored already.
   */
  readonly generateMessageId = (): string => {
    const id = newId();
    this.#ctx.generatedIds.add(id);
    return id;
  };

  /** True when this call saves nothing whatever happens (`readOnly`, or `lastMessages: false`). */
  get savesNothing(): boolean {
    return this.#ctx.config.readOnly || this.#ctx.config.lastMessages === false;
  }

  /**
   * Save the turn as its end allows (see `save-turn.ts`): one `saveTurn` transaction with the
   * thread, then the embeddings when semantic recall is on.
   */
  async save(end: TurnEnd): Promise<void> {
    const ctx = this.#ctx;
    if (this.savesNothing || end.status === 'tripwire') return;
    const { threadId, resourceId } = ctx;
    let messages: StorageMessageInput[];
    if (end.status === 'success') {
      if (!ctx.outputReached) return;
      messages = completedTurnMessages({
        unsaved: end.list.drainUnsavedMessages(),
        response: end.list.get.response.db(),
        dataChunks: storedDataChunks(end.delivered),
        threadId,
        resourceId,
        newMessageId: end.newId,
      });
    } else {
      // A failure before the input processors finished: the input is not what they would store.
      if (!ctx.inputReached) return;
      messages = failedTurnMessages({
        input: end.list.get.input.db(),
        failure: describeFailure(end.status, end.error),
        threadId,
        resourceId,
      });
    }
    const positions = new Map<string, number>();
    const all = end.list.get.all.db();
    for (let i = 0; i < all.length; i++) positions.set((all[i] as { id: string }).id, i);
    messages = inConversationOrder(messages, (id) => positions.get(id) ?? Number.MAX_SAFE_INTEGER);
    if (ctx.foreignIds.size > 0)
      messages = messages.map((m) => (ctx.foreignIds.has(m.id) ? { ...m, id: end.newId() } : m));
    // touchThread: an existing thread only gets updatedAt, so a title/metadata edit made while
    // the turn ran (a rename, a concurrent call's working-memory update) is never overwritten.
    // The store checks the owner in the same transaction as the write: a thread deleted and
    // re-created by another resource since the call started refuses the whole turn.
    const saved = await ownedWrite(threadId, resourceId, () =>
      ctx.storage.saveTurn({ thread: this.#threadRow(ctx.existing), touchThread: true, messages }),
    );
    if (ctx.config.semanticRecall && end.status === 'success') {
      // The turn is stored: an embedding failure now must not fail the call (a client retrying a
      // failed call would store the turn twice). The messages stay, not yet searchable.
      try {
        await ctx.memory.embedMessages(saved);
      } catch (error) {
        console.warn(
          `Memory: the turn on thread "${threadId}" (resource "${resourceId}") was saved, but embedding it for semantic recall failed, so it is not searchable: ${String(error)}`,
        );
      }
    }
  }

  /** The thread as saved with the turn: the known one with `updatedAt` bumped, or a new one. */
  #threadRow(existing: StorageThread | null): StorageThread {
    const now = new Date();
    const given = typeof this.#thread === 'string' ? { id: this.#thread } : this.#thread;
    if (existing) return { ...existing, updatedAt: now };
    return {
      id: this.#ctx.threadId,
      resourceId: this.#ctx.resourceId,
      createdAt: now,
      updatedAt: now,
      ...(given.title !== undefined ? { title: given.title } : {}),
      ...(given.metadata !== undefined ? { metadata: given.metadata } : {}),
    };
  }
}

/**
 * Start one call's memory: check the option, reach the store (a store that is down fails here,
 * before the model is called, with an error naming the store), check that the thread belongs to
 * the resource (a new thread is claimed for it now, atomically; a read-only call claims nothing),
 * and put the conversation on the request context (`MASTRA_RESOURCE_ID_KEY`,
 * `MASTRA_THREAD_ID_KEY`, `'MastraMemory'`). Ids already set on the context by trusted
 * middleware win over the call's.
 *
 * @throws MemoryError `MEMORY_IDS_MISSING`, `MEMORY_THREAD_RESOURCE_MISMATCH`;
 *   ConfigurationError `MEMORY_INVALID_CONFIG` / `MEMORY_STORAGE_MISSING`; the store's error.
 */
export async function beginMemoryTurn(
  memory: Memory,
  option: AgentMemoryOption,
  requestContext: RequestContext,
  owner: string,
  /**
   * Ids the call's input messages came with: a store that loads the turn at once also looks them
   * up, so the memory input filter needs no round trip of its own.
   */
  inputIds?: readonly string[],
): Promise<MemoryTurn> {
  if (typeof option !== 'object' || option === null) {
    throw new MemoryError(
      'MEMORY_IDS_MISSING',
      `${owner}: the "memory" option must be { thread, resource }, e.g. memory: { thread: 'chat-1', resource: 'user-42' }.`,
    );
  }
  // Ids a previous memory call put on this same context are not middleware's: they never win.
  const ours = SET_BY_MEMORY.get(requestContext);
  const contextResource = requestContext.get(MASTRA_RESOURCE_ID_KEY) as unknown;
  const contextThread = requestContext.get(MASTRA_THREAD_ID_KEY) as unknown;
  const trustedResource = ours && ours.resourceId === contextResource ? undefined : contextResource;
  const trustedThread = ours && ours.threadId === contextThread ? undefined : contextThread;
  const givenThreadId = typeof option.thread === 'string' ? option.thread : option.thread?.id;
  const threadId = typeof trustedThread === 'string' && trustedThread !== '' ? trustedThread : givenThreadId;
  const resourceId =
    typeof trustedResource === 'string' && trustedResource !== '' ? trustedResource : option.resource;
  if (
    typeof threadId !== 'string' ||
    threadId === '' ||
    typeof resourceId !== 'string' ||
    resourceId === ''
  ) {
    throw new MemoryError(
      'MEMORY_IDS_MISSING',
      `${owner}: a resourceId and a threadId must be provided when using Memory: pass memory: { thread: '<thread id>', resource: '<owner id>' } (got thread ${describeValue(givenThreadId)}, resource ${describeValue(option.resource)}).`,
      { details: { threadId: givenThreadId, resourceId: option.resource } },
    );
  }
  const config = memory.getMergedThreadConfig(option.options);
  const storage = memory.storage;
  await storage.init();
  const thread = typeof option.thread === 'string' ? { id: threadId } : { ...option.thread, id: threadId };
  const loaded = storage.loadTurn
    ? await loadTurn(storage.loadTurn.bind(storage), config, thread, threadId, resourceId, inputIds)
    : undefined;
  const existing = loaded ? loaded.existing : await storage.getThreadById(threadId);
  if (existing) checkOwner(existing, resourceId);
  else if (!config.readOnly && !loaded) {
    // Claim the new thread now, before the model is called: one atomic create-or-verify-owner
    // in the store. Of two resources racing on one new id, exactly one gets it; the other fails
    // here, having called no model and stored nothing. A run that then fails leaves the thread
    // empty (owned, so nobody else can take the id). A read-only call writes nothing, so it
    // claims nothing: its saves are off, and the working-memory tool is off with them.
    const now = new Date();
    await ownedWrite(threadId, resourceId, () =>
      storage.saveTurn({
        thread: {
          id: threadId,
          resourceId,
          createdAt: now,
          updatedAt: now,
          ...(thread.title !== undefined ? { title: thread.title } : {}),
          ...(thread.metadata !== undefined ? { metadata: thread.metadata } : {}),
        },
        touchThread: true,
        messages: [],
      }),
    );
  }
  const value: MemoryContextValue = {
    thread: existing ?? { ...thread, resourceId },
    resourceId,
    ...(option.options ? { memoryConfig: option.options } : {}),
  };
  requestContext.set(MASTRA_RESOURCE_ID_KEY as never, resourceId as never);
  requestContext.set(MASTRA_THREAD_ID_KEY as never, threadId as never);
  requestContext.set(MEMORY_CONTEXT_KEY as never, value as never);
  SET_BY_MEMORY.set(requestContext, { resourceId, threadId });
  const ctx: MemoryTurnContext = {
    memory,
    storage,
    config,
    callConfig: option.options,
    threadId,
    resourceId,
    existing,
    generatedIds: new Set(),
    foreignIds: new Set(),
    inputReached: false,
    outputReached: false,
    ...(loaded ? { preloaded: loaded.preloaded } : {}),
  };
  registerTurn(requestContext, ctx);
  return new MemoryTurn(ctx, thread, value);
}

/**
 * The turn's reads through the store's `loadTurn` (one round trip on PostgreSQL): the thread,
 * claimed now when it is new and the call may write, its last messages and the working memory.
 * What the memory processors would have read one by one is kept on the turn for them.
 */
async function loadTurn(
  load: NonNullable<MemoryStorage['loadTurn']>,
  config: ResolvedMemoryConfig,
  thread: { id: string; title?: string; metadata?: Record<string, unknown> },
  threadId: string,
  resourceId: string,
  inputIds: readonly string[] | undefined,
): Promise<{ existing: StorageThread | null; preloaded: PreloadedTurn }> {
  const now = new Date();
  const workingMemory = config.workingMemory.enabled ? config.workingMemory.scope : undefined;
  const result = await ownedWrite(threadId, resourceId, () =>
    load({
      threadId,
      resourceId,
      ...(config.readOnly
        ? {}
        : {
            claim: {
              id: threadId,
              resourceId,
              createdAt: now,
              updatedAt: now,
              ...(thread.title !== undefined ? { title: thread.title } : {}),
              ...(thread.metadata !== undefined ? { metadata: thread.metadata } : {}),
            },
          }),
      lastMessages: config.lastMessages === false ? 0 : config.lastMessages,
      resource: workingMemory === 'resource',
      ...(inputIds && inputIds.length > 0 ? { messageIds: inputIds } : {}),
    }),
  );
  const existing = result.thread;
  let stored: unknown;
  if (workingMemory === 'resource') stored = result.resource?.workingMemory;
  // Thread scope: the owner check follows (checkOwner), so another tenant's thread is never used.
  else if (workingMemory === 'thread' && existing?.resourceId === resourceId)
    stored = existing.metadata?.workingMemory;
  return {
    existing,
    preloaded: {
      messages: existing?.resourceId === resourceId ? result.messages : [],
      workingMemory: typeof stored === 'string' && stored !== '' ? stored : null,
      ...(inputIds && inputIds.length > 0 && result.inputMessages
        ? { inputMessages: { ids: new Set(inputIds), stored: result.inputMessages } }
        : {}),
    },
  };
}
