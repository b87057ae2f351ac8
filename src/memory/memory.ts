/**
 * `Memory`: threads, messages, working memory and semantic recall on top of a
 * {@link MemoryStorage}. An agent given a memory (`new Agent({ memory })`) loads and saves
 * through it on every call that names a conversation (`memory: { thread, resource }`).
 */

import { ConfigurationError } from '../errors/configuration-error.js';
import type { MastraDBMessage } from '../messages/types.js';
import type { InputProcessor, OutputProcessor, Processor } from '../pipeline/types.js';
import { describeOptionValue } from '../processors/option-errors.js';
import type {
  MemoryStorage,
  StorageDateRange,
  StorageInclude,
  StorageMessage,
  StorageMessageInput,
  StorageOrderBy,
  StorageThread,
  VectorMatch,
} from '../stores/types.js';
import { createTool } from '../tools/create-tool.js';
import type { Tool } from '../tools/tool.js';
import { newId } from '../util/ids.js';
import {
  type MemoryConfig,
  mergeMemoryConfig,
  type ResolvedMemoryConfig,
  resolveMemoryConfig,
} from './config.js';
import { MEMORY_CONTEXT_KEY, type MemoryContextValue } from './context-key.js';
import { checkEmbedder, type EmbeddingModel, embedTexts } from './embedder.js';
import { KeyLock } from './key-lock.js';
import { MemoryError } from './memory-error.js';
import { textOf } from './message-text.js';
import { ownedWrite } from './owned-write.js';
import { ContextOverflowRecovery } from './processors/context-overflow.js';
import { MemoryInputFilter } from './processors/input-filter.js';
import { MessageHistory } from './processors/message-history.js';
import { SemanticRecall } from './processors/semantic-recall.js';
import { type MemoryTurnContext, turnFor, turnOf } from './processors/turn-context.js';
import { WorkingMemoryProcessor } from './processors/working-memory.js';
import {
  type HideSignals,
  hiddenSignalTypes,
  isHiddenSignal,
  storeSignalFilter,
} from './signal-visibility.js';
import {
  mergeWorkingMemory,
  parseStoredJson,
  UPDATE_WORKING_MEMORY_TOOL,
  type WorkingMemoryTemplate,
  workingMemoryTemplate,
} from './working-memory.js';

/** Where semantic recall's vectors live: by default the memory's storage. */
export type MemoryVectorStore = Pick<MemoryStorage, 'upsertVectors' | 'queryVectors' | 'deleteVectors'>;

/** Options of `new Memory()`. */
export interface MemoryOptions {
  /** The store: `InMemoryStore` (`sluice/memory`), `SqliteStore` (`sluice/sqlite`), `PostgresStore` (`sluice/pg`). */
  storage?: MemoryStorage;
  /** Defaults of every call; a call's `memory.options` is merged over them. */
  options?: MemoryConfig;
  /** Where semantic recall keeps vectors. Default: `storage`. `false`: no vectors. */
  vector?: MemoryVectorStore | false;
  /** The AI SDK embedding model semantic recall uses. */
  embedder?: EmbeddingModel;
  /** Provider options passed to every `doEmbed` call. */
  embedderOptions?: { providerOptions?: Record<string, Record<string, unknown>> };
  /** Default `'default-memory'`. */
  id?: string;
}

/** Arguments of {@link Memory.recall}. */
export interface RecallArgs {
  threadId: string;
  /** When given, the thread must belong to it, and only messages stamped with it are returned. */
  resourceId?: string;
  /** Page size. Default: the merged `lastMessages` (10); `false` = every message. */
  perPage?: number | false;
  /** 0-based; with the default order page 0 is the newest page. */
  page?: number;
  orderBy?: StorageOrderBy;
  filter?: { dateRange?: StorageDateRange; metadata?: Record<string, string | number | boolean | null> };
  include?: StorageInclude[];
  /** Omitted: reminder signals (`reactive`, `system-reminder`) hidden; `false`: none hidden; `true`: all. */
  hideSignals?: HideSignals;
  /** @deprecated `true` = `hideSignals: false`. */
  includeSystemReminders?: boolean;
  /** Options for this read (e.g. `{ lastMessages }`, `{ semanticRecall }`). */
  threadConfig?: MemoryConfig;
  /** Semantic search: messages similar to this text are added (needs `semanticRecall`). */
  vectorSearchString?: string;
  /** Default true. */
  includeTotal?: boolean;
}

/** Result of {@link Memory.recall}. */
export interface RecallResult {
  /** Chronological (oldest first) unless `orderBy` says otherwise. */
  messages: StorageMessage[];
  /** Embedding usage of a vector search. */
  usage?: { tokens: number };
  total: number;
  page: number;
  perPage: number | false;
  hasMore: boolean;
}

/** Paging of thread and message listings. */
export interface PageArgs {
  page?: number;
  perPage?: number | false;
  orderBy?: StorageOrderBy<'createdAt' | 'updatedAt'>;
}

/** The input of the `updateWorkingMemory` tool. */
export interface UpdateWorkingMemoryInput {
  memory: string | Record<string, unknown>;
}

const MEMORY_ID = 'default-memory';

/**
 * The `updateWorkingMemory` tool's input schemas. One object each for the life of the process:
 * the tool is built per turn, and its validator is compiled once per schema object.
 */
const JSON_WORKING_MEMORY_INPUT = {
  type: 'object',
  properties: { memory: { type: ['object', 'string'] } },
  required: ['memory'],
  additionalProperties: false,
} as const;
const MARKDOWN_WORKING_MEMORY_INPUT = {
  type: 'object',
  properties: { memory: { type: 'string' } },
  required: ['memory'],
  additionalProperties: false,
} as const;

/**
 * Conversation memory for agents.
 *
 * ```ts
 * const memory = new Memory({ storage: new SqliteStore({ path: './memory.db' }), options: { lastMessages: 20 } });
 * const agent = new Agent({ id: 'a', instructions: '…', model, memory });
 * await agent.generate('Hi, I am Ana', { memory: { thread: 'chat-1', resource: 'user-ana' } });
 * ```
 */
export class Memory {
  /** This memory's id. */
  readonly id: string;
  readonly #storage: MemoryStorage | undefined;
  readonly #options: MemoryConfig;
  readonly #vector: MemoryVectorStore | undefined;
  readonly #embedder: EmbeddingModel | undefined;
  readonly #embedderOptions: MemoryOptions['embedderOptions'];
  readonly #resolved: ResolvedMemoryConfig;
  #errorProcessors: Processor[] | undefined;
  #template: Promise<WorkingMemoryTemplate> | undefined;
  /** Serialises the working-memory tool's read-merge-write per scratchpad (see `key-lock.ts`). */
  readonly #workingMemoryLock = new KeyLock();

  constructor(config: MemoryOptions = {}) {
    const owner = 'new Memory()';
    if (typeof config !== 'object' || config === null)
      throw new ConfigurationError(
        'MEMORY_INVALID_CONFIG',
        `${owner} takes an options object such as { storage, options }.`,
      );
    for (const key of Object.keys(config)) {
      if (!['storage', 'options', 'vector', 'embedder', 'embedderOptions', 'id'].includes(key)) {
        throw new ConfigurationError(
          'MEMORY_INVALID_CONFIG',
          `${owner}: unknown option "${key}". Memory options go under "options", e.g. new Memory({ storage, options: { ${key}: … } }).`,
          { details: { option: key } },
        );
      }
    }
    const storage = config.storage;
    if (
      storage !== undefined &&
      typeof (storage as { listMessages?: unknown })?.listMessages !== 'function'
    ) {
      throw new ConfigurationError(
        'MEMORY_INVALID_CONFIG',
        `${owner}: "storage" must be a memory store (InMemoryStore, SqliteStore, PostgresStore), got ${describeOptionValue(storage)}.`,
        { details: { option: 'storage' } },
      );
    }
    this.id = config.id ?? MEMORY_ID;
    this.#storage = storage;
    this.#options = config.options ?? {};
    this.#resolved = resolveMemoryConfig(this.#options, `${owner} options`);
    this.#embedder = checkEmbedder(config.embedder, owner);
    this.#embedderOptions = config.embedderOptions;
    this.#vector = config.vector === false ? undefined : (config.vector ?? storage);
    if (this.#resolved.semanticRecall && !this.#embedder) {
      throw new ConfigurationError(
        'MEMORY_INVALID_CONFIG',
        `${owner}: "semanticRecall" needs an "embedder" (an AI SDK embedding model) and a vector store (the storage, unless vector: false).`,
        { details: { option: 'semanticRecall' } },
      );
    }
  }

  /** The store, or an error naming the fix when the memory has none. */
  get storage(): MemoryStorage {
    if (!this.#storage) {
      throw new ConfigurationError(
        'MEMORY_STORAGE_MISSING',
        `Memory "${this.id}" requires a storage provider to function: new Memory({ storage: new InMemoryStore() }) (sluice/memory), SqliteStore (sluice/sqlite) or PostgresStore (sluice/pg).`,
      );
    }
    return this.#storage;
  }

  /** The instance's options as given. */
  get options(): MemoryConfig {
    return this.#options;
  }

  /** The embedding model, when semantic recall can be used. */
  get embedder(): EmbeddingModel | undefined {
    return this.#embedder;
  }

  /** The instance's options merged with `override` (a call's `memory.options`), defaults applied. */
  getMergedThreadConfig(override?: MemoryConfig): ResolvedMemoryConfig {
    if (!override) return this.#resolved;
    const resolved = resolveMemoryConfig(mergeMemoryConfig(this.#options, override), 'memory options');
    if (resolved.semanticRecall && !this.#embedder) {
      throw new ConfigurationError(
        'MEMORY_INVALID_CONFIG',
        `memory options: "semanticRecall" needs new Memory({ embedder }) (an AI SDK embedding model).`,
        { details: { option: 'semanticRecall' } },
      );
    }
    return resolved;
  }

  // ---------------------------------------------------------------------------------------------
  // Threads
  // ---------------------------------------------------------------------------------------------

  /** The thread, or `null`. With `resourceId`, a thread of another resource is an error. */
  async getThreadById(args: { threadId: string; resourceId?: string }): Promise<StorageThread | null> {
    requireString(args?.threadId, 'getThreadById', 'threadId');
    const thread = await this.storage.getThreadById(args.threadId);
    if (thread && args.resourceId !== undefined) checkOwner(thread, args.resourceId);
    return thread;
  }

  /** Threads, newest first by default; `filter` narrows by resource and metadata. */
  async listThreads(
    args: PageArgs & {
      filter?: { resourceId?: string; metadata?: Record<string, string | number | boolean | null> };
    } = {},
  ) {
    const { filter, ...paging } = args;
    return this.storage.listThreads({
      ...paging,
      resourceId: filter?.resourceId,
      metadata: filter?.metadata,
    });
  }

  /**
   * Create (and save, unless `saveThread: false`) a thread of `resourceId`. A string
   * `metadata.workingMemory` seeds resource-scoped working memory. An existing thread of the
   * same resource is replaced; one of another resource is `MEMORY_THREAD_RESOURCE_MISMATCH`.
   */
  async createThread(args: {
    resourceId: string;
    threadId?: string;
    title?: string;
    metadata?: Record<string, unknown>;
    saveThread?: boolean;
  }): Promise<StorageThread> {
    requireString(args?.resourceId, 'createThread', 'resourceId');
    const now = new Date();
    const thread: StorageThread = {
      id: args.threadId ?? newId(),
      resourceId: args.resourceId,
      createdAt: now,
      updatedAt: now,
      ...(args.title !== undefined ? { title: args.title } : {}),
      ...(args.metadata !== undefined ? { metadata: args.metadata } : {}),
    };
    if (args.saveThread === false) return thread;
    // Claim first (atomic create-or-verify-owner): a thread id another resource owns is refused,
    // never taken over by the replace below.
    await ownedWrite(thread.id, thread.resourceId, () =>
      this.storage.saveTurn({ thread, touchThread: true, messages: [] }),
    );
    const seed = args.metadata?.workingMemory;
    if (typeof seed === 'string' && this.#resolved.workingMemory.scope === 'resource') {
      await this.storage.saveTurn({
        thread,
        messages: [],
        resource: { id: args.resourceId, workingMemory: seed },
      });
      return thread;
    }
    return this.storage.saveThread(thread);
  }

  /** Insert or replace a thread. */
  async saveThread(args: { thread: StorageThread }): Promise<StorageThread> {
    return this.storage.saveThread(args.thread);
  }

  /** Update a thread's title and/or metadata (shallow-merged). */
  async updateThread(args: {
    id: string;
    title?: string;
    metadata?: Record<string, unknown>;
  }): Promise<StorageThread> {
    return this.storage.updateThread(args);
  }

  /** Delete a thread with its messages and vectors. */
  async deleteThread(threadId: string): Promise<void> {
    await this.storage.deleteThread(threadId);
    await this.#vector?.deleteVectors({ threadId });
  }

  // ---------------------------------------------------------------------------------------------
  // Messages
  // ---------------------------------------------------------------------------------------------

  /**
   * Save messages (upsert by id, one transaction). Each needs `threadId`; the next call on that
   * thread loads them as history.
   */
  async saveMessages(args: { messages: StorageMessageInput[] }): Promise<{ messages: StorageMessage[] }> {
    if (!Array.isArray(args?.messages))
      throw new MemoryError(
        'MEMORY_INVALID_ARGS',
        'memory.saveMessages() takes { messages: MastraDBMessage[] }.',
      );
    const messages = await this.storage.saveMessages(args.messages);
    await this.#embedMessages(messages);
    return { messages };
  }

  /** Apply partial updates to stored messages. */
  async updateMessages(args: {
    messages: Array<{ id: string } & Partial<MastraDBMessage>>;
  }): Promise<StorageMessage[]> {
    return this.storage.updateMessages(args.messages as never);
  }

  /** Delete messages by id (strings or `{ id }` objects). */
  async deleteMessages(ids: Array<string | { id: string }>): Promise<void> {
    await this.storage.deleteMessages(ids.map((entry) => (typeof entry === 'string' ? entry : entry.id)));
  }

  /** Every message of a resource across its threads, paged like `recall()`. */
  async listMessagesByResourceId(args: {
    resourceId: string;
    page?: number;
    perPage?: number | false;
    orderBy?: StorageOrderBy;
  }) {
    requireString(args?.resourceId, 'listMessagesByResourceId', 'resourceId');
    return this.storage.listMessages({ ...args, resourceId: args.resourceId });
  }

  /**
   * Read a thread's messages. Without `perPage`/`orderBy`: the newest `lastMessages` messages,
   * oldest first (`page: 1` is the page before). Reminder signals are hidden unless
   * `hideSignals: false`. With `vectorSearchString` (and semantic recall on), similar messages
   * and their neighbours are added.
   */
  async recall(args: RecallArgs): Promise<RecallResult> {
    requireString(args?.threadId, 'recall', 'threadId');
    const config = this.getMergedThreadConfig(args.threadConfig);
    if (args.resourceId !== undefined) {
      const thread = await this.storage.getThreadById(args.threadId);
      if (!thread) {
        if (!(config.semanticRecall && config.semanticRecall.scope === 'resource')) {
          throw new MemoryError(
            'MEMORY_THREAD_NOT_FOUND',
            `No thread found with id ${args.threadId} (resource ${args.resourceId}).`,
            {
              details: { threadId: args.threadId, resourceId: args.resourceId },
            },
          );
        }
      } else if (thread.resourceId !== args.resourceId) {
        throw new MemoryError(
          'MEMORY_THREAD_RESOURCE_MISMATCH',
          `Thread with id ${args.threadId} is for resource with id ${thread.resourceId} but resource ${args.resourceId} was queried.`,
          { details: { threadId: args.threadId, owner: thread.resourceId, resourceId: args.resourceId } },
        );
      }
    }
    const hidden = hiddenSignalTypes(args.includeSystemReminders === true ? false : args.hideSignals);
    const perPage =
      args.perPage !== undefined ? args.perPage : config.lastMessages === false ? 0 : config.lastMessages;
    const page = args.page ?? 0;
    let include = args.include ?? [];
    let usage: { tokens: number } | undefined;
    if (args.vectorSearchString && config.semanticRecall) {
      const found = await this.searchSimilar(args.vectorSearchString, {
        threadId: args.threadId,
        resourceId: args.resourceId,
        config: config.semanticRecall,
      });
      usage = { tokens: found.tokens };
      include = [
        ...include,
        ...found.matches.map((m) => ({
          id: m.messageId ?? m.id,
          threadId: m.threadId,
          withPreviousMessages: config.semanticRecall ? config.semanticRecall.before : 0,
          withNextMessages: config.semanticRecall ? config.semanticRecall.after : 0,
        })),
      ];
    }
    const result = await this.storage.listMessages({
      threadId: args.threadId,
      // Naming the resource reads only its rows, whatever else a thread holds.
      ...(args.resourceId !== undefined ? { resourceId: args.resourceId } : {}),
      perPage,
      page,
      ...(args.orderBy ? { orderBy: args.orderBy } : {}),
      ...(args.filter?.dateRange ? { dateRange: args.filter.dateRange } : {}),
      ...(args.filter?.metadata ? { metadata: args.filter.metadata } : {}),
      ...(include.length > 0 ? { include } : {}),
      ...(args.includeTotal !== undefined ? { includeTotal: args.includeTotal } : {}),
      ...storeSignalFilter(hidden),
    });
    let messages = result.messages;
    // `include` neighbours come from any row of their thread.
    if (args.resourceId !== undefined) messages = messages.filter((m) => m.resourceId === args.resourceId);
    // Reactive signals stored under their own tag name escape the store's type filter.
    if (hidden.length > 0) messages = messages.filter((m) => !isHiddenSignal(m, hidden));
    return { ...result, perPage, messages, ...(usage ? { usage } : {}) };
  }

  /**
   * Vector search: the stored messages most similar to `text` (cosine), scoped to the resource
   * (default) or the thread.
   */
  async searchSimilar(
    text: string,
    args: {
      threadId: string;
      resourceId?: string;
      config: Exclude<ResolvedMemoryConfig['semanticRecall'], false>;
      abortSignal?: AbortSignal;
    },
  ): Promise<{ matches: VectorMatch[]; tokens: number }> {
    const embedder = this.#embedder;
    const vector = this.#vector;
    if (!embedder || !vector) {
      throw new MemoryError(
        'MEMORY_SEMANTIC_RECALL_UNAVAILABLE',
        `Memory "${this.id}": semantic recall needs new Memory({ embedder, storage }) (and no vector: false).`,
      );
    }
    const { vectors, tokens } = await embedTexts(embedder, [text], {
      abortSignal: args.abortSignal,
      ...this.#embedderOptions,
    });
    const scope = args.config.scope;
    if (scope === 'resource' && args.resourceId === undefined) {
      throw new MemoryError(
        'MEMORY_IDS_MISSING',
        `Memory "${this.id}": resource-scoped semantic recall needs the resource; pass resourceId (or memory: { resource }), or use semanticRecall: { scope: 'thread' }.`,
      );
    }
    const matches = await vector.queryVectors({
      vector: vectors[0] ?? [],
      topK: args.config.topK,
      ...(scope === 'resource' ? { resourceId: args.resourceId } : { threadId: args.threadId }),
      ...(args.config.threshold !== undefined ? { threshold: args.config.threshold } : {}),
    });
    return { matches, tokens };
  }

  /** Embed stored messages for semantic recall (one batched embedding call); no-op without it. */
  async #embedMessages(messages: readonly StorageMessage[], abortSignal?: AbortSignal): Promise<void> {
    if (!this.#resolved.semanticRecall) return;
    await this.embedMessages(messages, abortSignal);
  }

  /** Embed messages' text and upsert their vectors (one batched embedding call). */
  async embedMessages(messages: readonly StorageMessage[], abortSignal?: AbortSignal): Promise<void> {
    const embedder = this.#embedder;
    const vector = this.#vector;
    if (!embedder || !vector) return;
    const texts: string[] = [];
    const rows: StorageMessage[] = [];
    for (const message of messages) {
      if (message.role !== 'user' && message.role !== 'assistant') continue;
      const text = textOf(message);
      if (text.trim() === '') continue;
      texts.push(text);
      rows.push(message);
    }
    if (texts.length === 0) return;
    const { vectors } = await embedTexts(embedder, texts, { abortSignal, ...this.#embedderOptions });
    await vector.upsertVectors({
      rows: rows.map((message, i) => ({
        id: message.id,
        vector: vectors[i] ?? [],
        messageId: message.id,
        threadId: message.threadId,
        resourceId: message.resourceId,
      })),
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Working memory
  // ---------------------------------------------------------------------------------------------

  /** The working memory of the thread (thread scope) or its resource (resource scope); `null` when off or empty. */
  async getWorkingMemory(args: {
    threadId: string;
    resourceId?: string;
    memoryConfig?: MemoryConfig;
  }): Promise<string | null> {
    const config = this.getMergedThreadConfig(args.memoryConfig);
    if (!config.workingMemory.enabled) return null;
    if (config.workingMemory.scope === 'resource') {
      const resourceId = args.resourceId ?? (await this.storage.getThreadById(args.threadId))?.resourceId;
      if (resourceId === undefined) return null;
      const resource = await this.storage.getResource(resourceId);
      return resource?.workingMemory || null;
    }
    const thread = await this.storage.getThreadById(args.threadId);
    const stored = thread?.metadata?.workingMemory;
    return typeof stored === 'string' && stored !== '' ? stored : null;
  }

  /**
   * Replace the working memory. Resource scope stores it per `resourceId` (required; the thread
   * need not exist); thread scope on the thread (which must exist).
   */
  async updateWorkingMemory(args: {
    threadId: string;
    resourceId?: string;
    workingMemory: string;
    memoryConfig?: MemoryConfig;
  }): Promise<void> {
    if (typeof args?.workingMemory !== 'string')
      throw new MemoryError(
        'MEMORY_INVALID_ARGS',
        'memory.updateWorkingMemory(): "workingMemory" must be a string.',
      );
    const config = this.getMergedThreadConfig(args.memoryConfig);
    if (config.workingMemory.scope === 'resource') {
      if (typeof args.resourceId !== 'string' || args.resourceId === '') {
        throw new MemoryError(
          'MEMORY_IDS_MISSING',
          `memory.updateWorkingMemory(): resource-scoped working memory needs "resourceId" (thread ${args.threadId}).`,
        );
      }
      await this.storage.saveResource({ id: args.resourceId, workingMemory: args.workingMemory });
      return;
    }
    const thread = await this.storage.getThreadById(args.threadId);
    if (!thread)
      throw new MemoryError(
        'MEMORY_THREAD_NOT_FOUND',
        `Thread ${args.threadId} not found; thread-scoped working memory lives on the thread.`,
        {
          details: { threadId: args.threadId },
        },
      );
    // A resource named must own the thread: working memory never lands in someone else's thread.
    if (typeof args.resourceId === 'string' && args.resourceId !== '') checkOwner(thread, args.resourceId);
    await this.storage.updateThread({ id: thread.id, metadata: { workingMemory: args.workingMemory } });
  }

  /** The working-memory template (Markdown, or the JSON Schema as text); `null` when off. */
  async getWorkingMemoryTemplate(
    args: { memoryConfig?: MemoryConfig } = {},
  ): Promise<WorkingMemoryTemplate | null> {
    const config = this.getMergedThreadConfig(args.memoryConfig);
    if (!config.workingMemory.enabled) return null;
    if (!args.memoryConfig) {
      this.#template ??= workingMemoryTemplate(config.workingMemory);
      return this.#template;
    }
    return workingMemoryTemplate(config.workingMemory);
  }

  /**
   * The tools memory gives the agent: `{ updateWorkingMemory }` when working memory is on and
   * not read-only; `{}` otherwise. The tool finds the thread and resource of the call on the
   * request context (`'MastraMemory'`).
   */
  listTools(args: { memoryConfig?: MemoryConfig } = {}): Record<string, Tool> {
    return this.#tools(args.memoryConfig, undefined);
  }

  /**
   * The tools of one agent call, bound to its conversation: they write to that call's thread and
   * resource even when another call running at the same time shares its request context.
   *
   * @internal Used by the agent's memory turn.
   */
  toolsForTurn(turn: MemoryTurnContext, conversation: MemoryContextValue): Record<string, Tool> {
    return this.#tools(turn.callConfig, { turn, conversation });
  }

  #tools(
    memoryConfig: MemoryConfig | undefined,
    bound: { turn: MemoryTurnContext; conversation: MemoryContextValue } | undefined,
  ): Record<string, Tool> {
    const config = this.getMergedThreadConfig(memoryConfig);
    if (!config.workingMemory.enabled || config.readOnly) return {};
    const json = config.workingMemory.schema !== undefined;
    const tool = createTool({
      id: UPDATE_WORKING_MEMORY_TOOL,
      description: json
        ? 'Update the working memory: pass { memory: <object with the changed fields> }; it is merged into the stored object (null deletes a field).'
        : 'Update the working memory: pass { memory: <the whole updated Markdown> }; it replaces what is stored.',
      inputSchema: json ? JSON_WORKING_MEMORY_INPUT : MARKDOWN_WORKING_MEMORY_INPUT,
      execute: async (input: unknown, context) => {
        const ctx =
          bound?.conversation ??
          (context.requestContext.get(MEMORY_CONTEXT_KEY) as MemoryContextValue | undefined);
        if (!ctx)
          throw new Error(`${UPDATE_WORKING_MEMORY_TOOL} needs a call with memory: { thread, resource }.`);
        const update = (input as UpdateWorkingMemoryInput).memory;
        const callConfig = ctx.memoryConfig;
        const resolved = this.getMergedThreadConfig(callConfig);
        const key =
          resolved.workingMemory.scope === 'thread'
            ? `thread:${ctx.thread.id}`
            : `resource:${ctx.resourceId}`;
        // Read, merge and write as one step per scratchpad: concurrent updates never lose each other.
        await this.#workingMemoryLock.run(key, () => this.#applyWorkingMemoryUpdate(ctx, update, json));
        // The next step of this call shows the update (working-memory processor).
        const turn = bound?.turn ?? turnFor(context.requestContext);
        if (turn) turn.workingMemoryChanged = true;
        return { success: true };
      },
    }) as unknown as Tool;
    return { [UPDATE_WORKING_MEMORY_TOOL]: tool };
  }

  /** One `updateWorkingMemory` tool call: merge (JSON) or replace (Markdown), creating the thread if needed. */
  async #applyWorkingMemoryUpdate(ctx: MemoryContextValue, update: unknown, json: boolean): Promise<void> {
    const callConfig = ctx.memoryConfig;
    let text: string;
    if (json) {
      const parsed = typeof update === 'string' ? parseStoredJson(update) : update;
      const stored = parseStoredJson(
        await this.getWorkingMemory({
          threadId: ctx.thread.id,
          resourceId: ctx.resourceId,
          memoryConfig: callConfig,
        }),
      );
      text = JSON.stringify(mergeWorkingMemory(stored, parsed));
    } else {
      text = typeof update === 'string' ? update : JSON.stringify(update);
    }
    const resolved = this.getMergedThreadConfig(callConfig);
    if (resolved.workingMemory.scope === 'thread' && !(await this.storage.getThreadById(ctx.thread.id))) {
      // First turn of a new thread: the thread is created now so its working memory has a home.
      // Insert-or-touch: a thread another call or process created meanwhile is kept as it is.
      const now = new Date();
      await ownedWrite(ctx.thread.id, ctx.resourceId, () =>
        this.storage.saveTurn({
          thread: { ...ctx.thread, resourceId: ctx.resourceId, createdAt: now, updatedAt: now },
          touchThread: true,
          messages: [],
        }),
      );
    }
    await this.updateWorkingMemory({
      threadId: ctx.thread.id,
      resourceId: ctx.resourceId,
      workingMemory: text,
      memoryConfig: callConfig,
    });
  }

  /**
   * The input processors memory contributes for `config` (default: the instance's options), in
   * lane order: `memory-input-filter`, `working-memory` (when enabled), `message-history`
   * (unless `lastMessages: false`), `semantic-recall` (when configured). An agent with this
   * memory runs its own copies in the framework lane; these act only inside a call that names a
   * conversation of this memory (they find it on the request context) and do nothing elsewhere.
   */
  getInputProcessors(config?: MemoryConfig): InputProcessor[] {
    const resolved = this.getMergedThreadConfig(config);
    const source = turnOf(this);
    const processors: InputProcessor[] = [new MemoryInputFilter(source)];
    if (resolved.workingMemory.enabled) processors.push(new WorkingMemoryProcessor(source));
    if (resolved.lastMessages !== false) processors.push(new MessageHistory(source));
    if (resolved.semanticRecall) processors.push(new SemanticRecall(source));
    return processors;
  }

  /** The output processors memory contributes: `message-history` (the turn is saved after it). */
  getOutputProcessors(_config?: MemoryConfig): OutputProcessor[] {
    return [new MessageHistory(turnOf(this))];
  }

  /**
   * Memory's error processors: context-window overflow recovery. They run after the agent's
   * resolved error list and survive a call's own `errorProcessors`.
   */
  getErrorProcessors(): Processor[] {
    this.#errorProcessors ??= [new ContextOverflowRecovery()];
    return this.#errorProcessors;
  }
}

/** A thread's owner must be the resource the caller named. */
export function checkOwner(thread: StorageThread, resourceId: string): void {
  if (thread.resourceId !== resourceId) {
    throw new MemoryError(
      'MEMORY_THREAD_RESOURCE_MISMATCH',
      `Thread "${thread.id}" belongs to resource "${thread.resourceId}" but resource "${resourceId}" was provided; use the thread's own resource or another thread id.`,
      { details: { threadId: thread.id, owner: thread.resourceId, resourceId } },
    );
  }
}

function requireString(value: unknown, method: string, field: string): void {
  if (typeof value !== 'string' || value === '') {
    throw new MemoryError(
      'MEMORY_INVALID_ARGS',
      `memory.${method}(): "${field}" must be a non-empty string (got ${describeOptionValue(value)}).`,
      {
        details: { method, field },
      },
    );
  }
}
