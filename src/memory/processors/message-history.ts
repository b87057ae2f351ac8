import { ConfigurationError } from '../../errors/configuration-error.js';
import type { MastraDBMessage } from '../../messages/types.js';
import type {
  ProcessInputArgs,
  ProcessInputStepArgs,
  ProcessOutputResultArgs,
  Processor,
} from '../../pipeline/types.js';
import type { ResolvedMemoryConfig } from '../config.js';
import { MemoryError } from '../memory-error.js';
import { completedTurnMessages } from '../save-turn.js';
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

/** Options of a `MessageHistory` built directly (see `direct.ts`). */
export interface MessageHistoryOptions extends MemoryProcessorStorageOptions {
  /** How many of the newest stored messages to load; `false` loads none. Default 10. */
  lastMessages?: number | false;
}

/**
 * `message-history`. Input lane: loads the newest `lastMessages` stored messages of the thread
 * into the list with source `memory` (`messageList.get.remembered`), before the request's input;
 * tool calls that never got a result are left out (`filterIncompleteToolCalls`). Output lane
 * (last, after every output processor): marks the turn complete; the agent's finalization then
 * saves what the list holds (see `save-turn.ts`).
 *
 * Built directly — `new MessageHistory({ storage, lastMessages })` — it loads the history of the
 * thread the hook's request context names, and called without a `messageList` returns the
 * messages array with the history before the given messages.
 */
export class MessageHistory implements Processor<'message-history'> {
  readonly id = 'message-history' as const;
  readonly name = 'Message History';
  readonly #source: MemoryTurnSource | undefined;
  readonly #direct: { storage: MessageHistoryOptions['storage']; config: ResolvedMemoryConfig } | undefined;

  constructor(source: MemoryTurnSource | MessageHistoryOptions) {
    if (isTurnSource(source)) {
      this.#source = source;
      return;
    }
    const owner = 'new MessageHistory()';
    checkOptionNames(source, ['storage', 'lastMessages'], owner, {
      tokenLimit: 'put a TokenLimiter after MessageHistory to keep the prompt within a budget.',
      tokenCounter: 'put a TokenLimiter after MessageHistory to keep the prompt within a budget.',
    });
    const storage = directStorage(source, owner);
    const config = directConfig(
      source.lastMessages === undefined ? {} : { lastMessages: source.lastMessages },
      owner,
    );
    this.#direct = { storage, config };
  }

  /** The conversation this call acts on: the runtime's turn, or the one the request context names. */
  #turn(requestContext: unknown) {
    if (this.#source !== undefined) return resolveTurn(this.#source, requestContext);
    const conversation = this.#direct && conversationOf(requestContext);
    return conversation && this.#direct ? { ...this.#direct, ...conversation, existing: true } : undefined;
  }

  /**
   * Load the recent history. Called without a `messageList`, returns the messages array with the
   * loaded history before the given messages.
   */
  async processInput({
    messageList: given,
    messages,
    requestContext,
  }: ProcessInputArgs): Promise<MastraDBMessage[] | undefined> {
    const messageList = listOf(given, messages);
    const done = () => (given === undefined ? messageList.get.all.db() : undefined);
    const turn = this.#turn(requestContext);
    if (!turn) return done();
    const limit = turn.config.lastMessages;
    if (limit === false || limit === 0 || !turn.existing) return done();
    // Only the owner's messages: a thread that holds another resource's rows (written before
    // stores checked ownership, or by another writer) never sends them to this tenant's model.
    // Loaded with the thread at call start when the store can (one round trip): read it there.
    const preloaded = 'preloaded' in turn ? turn.preloaded?.messages : undefined;
    const stored =
      preloaded ??
      (await turn.storage.getLastMessages({
        threadId: turn.threadId,
        ...(turn.resourceId === undefined ? {} : { resourceId: turn.resourceId }),
        limit,
      }));
    // A stored message the request carries too (a tool call the client re-sent with its result)
    // keeps the request's copy: the stored one is older.
    const fresh = stored.filter((m) => messageList.getMessageById(m.id) === undefined);
    const loaded = turn.config.filterIncompleteToolCalls ? withoutIncompleteToolCalls(fresh) : fresh;
    if (loaded.length > 0) messageList.add(loaded, 'memory');
    return done();
  }

  /** The loop has started: every `processInput` ran, so a failure from here on keeps the input. */
  processInputStep({ requestContext }: ProcessInputStepArgs): undefined {
    const turn = this.#source && resolveTurn(this.#source, requestContext);
    if (turn) turn.inputReached = true;
    return undefined;
  }

  /**
   * Every output processor before this one ran without aborting: the turn may be saved (in a
   * run, the agent's finalization saves it). Built directly, it saves the turn itself — the
   * list's input and response messages, or without a `messageList` the given messages — into
   * the conversation the request context names (see {@link MessageHistory.persistMessages}).
   * Called without a `messageList`, returns the messages array.
   */
  async processOutputResult({
    messageList,
    messages,
    requestContext,
  }: ProcessOutputResultArgs): Promise<MastraDBMessage[] | undefined> {
    const all = messages ?? [];
    if (this.#source !== undefined) {
      const turn = resolveTurn(this.#source, requestContext);
      if (turn) turn.outputReached = true;
    } else {
      const conversation = conversationOf(requestContext);
      if (conversation) {
        const turnMessages =
          messageList === undefined ? all : [...messageList.get.input.db(), ...messageList.get.response.db()];
        await this.persistMessages({ messages: turnMessages, ...conversation });
      }
    }
    return messageList === undefined ? all : undefined;
  }

  /**
   * Save `messages` into thread `threadId` (created for `resourceId` when it does not exist yet)
   * as a turn is saved: system messages, `partial-call` tool invocations, working-memory tool
   * calls and `<working_memory>` blocks are left out; messages are upserted by id. Needs a
   * processor built with `{ storage }`.
   *
   * @throws ConfigurationError `MEMORY_STORAGE_MISSING` for a processor memory created (it saves through the agent).
   * @throws MemoryError `MEMORY_IDS_MISSING` for a new thread without `resourceId`.
   */
  async persistMessages(args: {
    messages: readonly MastraDBMessage[];
    threadId: string;
    resourceId?: string | undefined;
  }): Promise<void> {
    const storage = this.#direct?.storage;
    if (storage === undefined) {
      throw new ConfigurationError(
        'MEMORY_STORAGE_MISSING',
        'MessageHistory.persistMessages() needs a processor built with a store: new MessageHistory({ storage }). The processors memory creates save through the agent.',
      );
    }
    const existing = await storage.getThreadById(args.threadId);
    const resourceId = args.resourceId ?? existing?.resourceId;
    if (resourceId === undefined) {
      throw new MemoryError(
        'MEMORY_IDS_MISSING',
        `MessageHistory.persistMessages(): thread ${args.threadId} does not exist yet; pass resourceId (its owner) to create it.`,
      );
    }
    let seq = 0;
    const stored = completedTurnMessages({
      unsaved: args.messages,
      response: [],
      dataChunks: [],
      threadId: args.threadId,
      resourceId,
      newMessageId: () => `${args.threadId}-${Date.now()}-${seq++}`,
    });
    const now = new Date();
    await storage.saveTurn({
      thread: { id: args.threadId, resourceId, createdAt: existing?.createdAt ?? now, updatedAt: now },
      touchThread: true,
      messages: stored,
    });
  }
}

/** Messages without tool invocations still waiting for a result; messages left empty are dropped. */
export function withoutIncompleteToolCalls<M extends MastraDBMessage>(messages: readonly M[]): M[] {
  const out: M[] = [];
  for (const message of messages) {
    const parts = message.content.parts;
    if (!parts.some((p) => p.type === 'tool-invocation' && p.toolInvocation.state !== 'result')) {
      out.push(message);
      continue;
    }
    const kept = parts.filter((p) => p.type !== 'tool-invocation' || p.toolInvocation.state === 'result');
    if (!kept.some((p) => p.type !== 'step-start')) continue;
    out.push({ ...message, content: { ...message.content, parts: kept, toolInvocations: undefined } });
  }
  return out;
}
