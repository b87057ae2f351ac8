import { ConfigurationError } from '../../errors/configuration-error.js';
import type { MastraDBMessage } from '../../messages/types.js';
import type { ProcessInputArgs, ProcessOutputResultArgs, Processor } from '../../pipeline/types.js';
import type { MemoryStorage, VectorMatch } from '../../stores/types.js';
import type { MemoryScope, ResolvedSemanticRecall } from '../config.js';
import { checkEmbedder, type EmbeddingModel, embedTexts } from '../embedder.js';
import type { MemoryVectorStore } from '../memory.js';
import { MemoryError } from '../memory-error.js';
import { textOf } from '../message-text.js';
import {
  checkOptionNames,
  conversationOf,
  directConfig,
  directStorage,
  isTurnSource,
  listOf,
  type MemoryProcessorStorageOptions,
} from './direct.js';
import { type MemoryTurnSource, resolveTurn } from './turn-context.js';

/** Options of a `SemanticRecall` processor built directly (see `direct.ts`). */
export interface SemanticRecallOptions extends MemoryProcessorStorageOptions {
  /** Where the vectors live. Default: `storage`. */
  vector?: MemoryVectorStore;
  /** The AI SDK embedding model. */
  embedder: EmbeddingModel;
  /** How many similar messages to look up. Default 4. */
  topK?: number;
  /** Neighbours loaded around each match. Default 1 (one before, one after). */
  messageRange?: number | { before: number; after: number };
  /** Default `'resource'` (every thread of the resource); `'thread'` searches this thread only. */
  scope?: MemoryScope;
  /** Minimum cosine similarity (−1…1) of a match. Default none. */
  threshold?: number;
  /** Named vector space. Default `'default'`. */
  indexName?: string;
  /** Provider options passed to every `doEmbed` call. */
  embedderOptions?: { providerOptions?: Record<string, Record<string, unknown>> };
}

interface DirectRecall {
  readonly storage: MemoryStorage;
  readonly vector: MemoryVectorStore;
  readonly embedder: EmbeddingModel;
  readonly config: ResolvedSemanticRecall;
  readonly indexName: string | undefined;
  readonly embedderOptions: SemanticRecallOptions['embedderOptions'];
}

/** What a recall needs of its call: the store, the settings, the conversation and the search. */
interface RecallTurn {
  readonly storage: MemoryStorage;
  readonly config: ResolvedSemanticRecall;
  readonly threadId: string;
  readonly resourceId: string | undefined;
  search(query: string, abortSignal: AbortSignal | undefined): Promise<VectorMatch[]>;
}

/**
 * `semantic-recall`: embeds the newest user message (one embedding call per turn), finds the
 * `topK` most similar stored messages (cosine, resource or thread scope) and loads each with its
 * `messageRange` neighbours. Matches from this thread join the remembered history in
 * chronological order; matches from the resource's other threads are added as one system
 * message, so they inform the answer without posing as this conversation. After the turn is
 * saved, its messages are embedded (one batched call) — see `save-turn.ts`.
 *
 * Built directly — `new SemanticRecall({ storage, embedder, topK?, messageRange?, scope? })` —
 * it recalls for the thread and resource the hook's request context names; called without a
 * `messageList`, `processInput` returns the messages array with the recalled messages (this
 * thread's, in time order) before the given ones, and `processOutputResult` embeds the given
 * messages into the named conversation's vectors and returns the array.
 */
export class SemanticRecall implements Processor<'semantic-recall'> {
  readonly id = 'semantic-recall' as const;
  readonly name = 'Semantic Recall';
  readonly #source: MemoryTurnSource | undefined;
  readonly #direct: DirectRecall | undefined;

  constructor(source: MemoryTurnSource | SemanticRecallOptions) {
    if (isTurnSource(source)) {
      this.#source = source;
      return;
    }
    const owner = 'new SemanticRecall()';
    checkOptionNames(
      source,
      [
        'storage',
        'vector',
        'embedder',
        'topK',
        'messageRange',
        'scope',
        'threshold',
        'indexName',
        'embedderOptions',
      ],
      owner,
    );
    const storage = directStorage(source, owner);
    const embedder = checkEmbedder(source.embedder, owner);
    const config = directConfig(
      {
        semanticRecall: {
          ...(source.topK === undefined ? {} : { topK: source.topK }),
          ...(source.messageRange === undefined ? {} : { messageRange: source.messageRange }),
          ...(source.scope === undefined ? {} : { scope: source.scope }),
          ...(source.threshold === undefined ? {} : { threshold: source.threshold }),
        },
      },
      owner,
    ).semanticRecall;
    if (!embedder || !config) {
      throw new ConfigurationError(
        'MEMORY_INVALID_CONFIG',
        `${owner}: "embedder" is required, e.g. new SemanticRecall({ storage, embedder: openai.embedding('text-embedding-3-small') }).`,
        { details: { option: 'embedder' } },
      );
    }
    this.#direct = {
      storage,
      vector: source.vector ?? storage,
      embedder,
      config,
      indexName: source.indexName,
      embedderOptions: source.embedderOptions,
    };
  }

  /** The recall this call makes: the runtime's turn, or the conversation the request context names. */
  #turn(requestContext: unknown): RecallTurn | undefined {
    const direct = this.#direct;
    if (direct !== undefined) {
      const conversation = conversationOf(requestContext);
      if (!conversation) return undefined;
      return {
        ...conversation,
        storage: direct.storage,
        config: direct.config,
        search: async (query, abortSignal) => {
          const { vectors } = await embedTexts(direct.embedder, [query], {
            abortSignal,
            ...direct.embedderOptions,
          });
          if (direct.config.scope === 'resource' && conversation.resourceId === undefined) {
            throw new MemoryError(
              'MEMORY_IDS_MISSING',
              `SemanticRecall: resource-scoped recall needs the resource; set it on the request context ('MastraMemory': { thread, resourceId }, or mastra__resourceId), or use scope: 'thread'.`,
            );
          }
          const scoped =
            direct.config.scope === 'resource'
              ? { resourceId: conversation.resourceId }
              : { threadId: conversation.threadId };
          return direct.vector.queryVectors({
            vector: vectors[0] ?? [],
            topK: direct.config.topK,
            ...scoped,
            ...(direct.indexName === undefined ? {} : { indexName: direct.indexName }),
            ...(direct.config.threshold === undefined ? {} : { threshold: direct.config.threshold }),
          });
        },
      };
    }
    const turn = this.#source && resolveTurn(this.#source, requestContext);
    const config = turn?.config.semanticRecall;
    if (!turn || !config) return undefined;
    return {
      storage: turn.storage,
      config,
      threadId: turn.threadId,
      resourceId: turn.resourceId,
      search: async (query, abortSignal) =>
        (
          await turn.memory.searchSimilar(query, {
            threadId: turn.threadId,
            resourceId: turn.resourceId,
            config,
            abortSignal,
          })
        ).matches,
    };
  }

  /**
   * Add similar past messages. Called without a `messageList`, returns the messages array with
   * the recalled ones.
   */
  async processInput({
    messageList: given,
    messages: givenMessages,
    abortSignal,
    requestContext,
  }: ProcessInputArgs): Promise<MastraDBMessage[] | undefined> {
    const messageList = listOf(given, givenMessages);
    const done = () => (given === undefined ? messageList.get.all.db() : undefined);
    const turn = this.#turn(requestContext);
    if (!turn) return done();
    const config = turn.config;
    const input = messageList.get.input.db();
    let query = '';
    for (let i = input.length - 1; i >= 0 && query === ''; i--) {
      const message = input[i] as MastraDBMessage;
      if (message.role === 'user') query = textOf(message);
    }
    if (query.trim() === '') return done();
    const matches = await turn.search(query, abortSignal);
    const wanted = matches
      .map((m) => m.messageId ?? m.id)
      .filter((id) => messageList.getMessageById(id) === undefined);
    if (wanted.length === 0) return done();
    const { messages } = await turn.storage.listMessages({
      threadId: turn.threadId,
      perPage: 0,
      // Only the included messages are used: no count (a round trip of its own).
      includeTotal: false,
      include: wanted.map((id) => ({
        id,
        withPreviousMessages: config.before,
        withNextMessages: config.after,
      })),
    });
    const sameThread: MastraDBMessage[] = [];
    const otherThreads: MastraDBMessage[] = [];
    for (const message of messages) {
      if (messageList.getMessageById(message.id) !== undefined) continue;
      if (message.role !== 'user' && message.role !== 'assistant') continue;
      // Only this tenant's rows, whatever a thread holds (see message-history).
      if (turn.resourceId !== undefined && message.resourceId !== turn.resourceId) continue;
      (message.threadId === turn.threadId ? sameThread : otherThreads).push(message);
    }
    if (sameThread.length > 0) {
      // Recalled messages are older than the loaded history: re-add everything remembered in time order.
      const remembered = messageList.get.remembered.db();
      const all = [...remembered, ...sameThread].sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
      );
      messageList.removeByIds(remembered.map((m) => m.id));
      messageList.add(all, 'memory');
    }
    if (otherThreads.length > 0) {
      const lines = otherThreads.map((m) => `[${m.createdAt.toISOString()}] ${m.role}: ${textOf(m)}`);
      messageList.addSystem(
        `Messages remembered from other conversations with this user (context only, not part of this conversation):\n<remembered_from_other_conversations>\n${lines.join('\n')}\n</remembered_from_other_conversations>`,
      );
    }
    return done();
  }

  /**
   * Built directly: embed the given messages into the vectors of the conversation the request
   * context names, and (without a `messageList`) return the array. In a run, the turn's save
   * embeds what it stored, so this does nothing.
   */
  async processOutputResult({
    messageList,
    messages,
    abortSignal,
    requestContext,
  }: ProcessOutputResultArgs): Promise<MastraDBMessage[] | undefined> {
    const all = messages ?? [];
    const direct = this.#direct;
    const conversation = direct && conversationOf(requestContext);
    if (direct && conversation) {
      const texts: string[] = [];
      const rows: MastraDBMessage[] = [];
      for (const message of all) {
        if (message.role !== 'user' && message.role !== 'assistant') continue;
        const text = textOf(message);
        if (text.trim() === '') continue;
        texts.push(text);
        rows.push(message);
      }
      if (texts.length > 0) {
        const { vectors } = await embedTexts(direct.embedder, texts, {
          abortSignal,
          ...direct.embedderOptions,
        });
        await direct.vector.upsertVectors({
          ...(direct.indexName === undefined ? {} : { indexName: direct.indexName }),
          rows: rows.map((message, i) => ({
            id: message.id,
            vector: vectors[i] ?? [],
            messageId: message.id,
            threadId: message.threadId ?? conversation.threadId,
            resourceId: message.resourceId ?? conversation.resourceId,
          })),
        });
      }
    }
    return messageList === undefined ? all : undefined;
  }
}
