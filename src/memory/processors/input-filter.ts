import type { MastraDBMessage } from '../../messages/types.js';
import type { ProcessInputArgs, Processor } from '../../pipeline/types.js';
import type { StorageMessage } from '../../stores/types.js';
import type { ResolvedMemoryConfig } from '../config.js';
import {
  checkOptionNames,
  conversationOf,
  directConfig,
  directStorage,
  isTurnSource,
  listOf,
  type MemoryProcessorStorageOptions,
} from './direct.js';
import { type MemoryTurnSource, type PreloadedTurn, resolveTurn } from './turn-context.js';

/** Options of a `MemoryInputFilter` built directly (see `direct.ts`). */
export interface MemoryInputFilterOptions extends MemoryProcessorStorageOptions {
  /** `true` keeps re-sent stored messages in the input. Default `false`. */
  retainFullInput?: boolean;
}

const NO_IDS: ReadonlySet<string> = new Set();

/**
 * `memory-input-filter`, the first input processor of a call with memory: when the thread
 * already has history, input messages whose ids are already stored in it (a client re-sending
 * the conversation) are dropped, so history is neither duplicated in the prompt nor saved twice.
 * New user messages and client tool results pass. `retainFullInput: true` turns the dropping
 * off. Input messages stored in another thread are marked to be saved as copies under new ids.
 *
 * Built directly — `new MemoryInputFilter({ storage })` — it filters against the thread the
 * hook's request context names, and called without a `messageList` returns the messages array
 * without the re-sent ones.
 */
export class MemoryInputFilter implements Processor<'memory-input-filter'> {
  readonly id = 'memory-input-filter' as const;
  readonly name = 'Memory Input Filter';
  readonly #source: MemoryTurnSource | undefined;
  readonly #direct:
    | { storage: MemoryInputFilterOptions['storage']; config: ResolvedMemoryConfig }
    | undefined;

  constructor(source: MemoryTurnSource | MemoryInputFilterOptions) {
    if (isTurnSource(source)) {
      this.#source = source;
      return;
    }
    const owner = 'new MemoryInputFilter()';
    checkOptionNames(source, ['storage', 'retainFullInput'], owner);
    const storage = directStorage(source, owner);
    const config = directConfig(
      source.retainFullInput === undefined ? {} : { retainFullInput: source.retainFullInput },
      owner,
    );
    this.#direct = { storage, config };
  }

  /** The conversation this call acts on: the runtime's turn, or the one the request context names. */
  #turn(requestContext: unknown) {
    if (this.#source !== undefined) return resolveTurn(this.#source, requestContext);
    const conversation = this.#direct && conversationOf(requestContext);
    if (!conversation || !this.#direct) return undefined;
    return { ...this.#direct, ...conversation, generatedIds: NO_IDS, foreignIds: new Set<string>() };
  }

  /**
   * Drop re-sent stored messages from the input. Called without a `messageList`, returns the
   * messages array without them.
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
    // Ids the list made up this call cannot be stored yet: plain-text input costs no lookup.
    const ids: string[] = [];
    for (const message of messageList.get.input.db())
      if (!turn.generatedIds.has(message.id)) ids.push(message.id);
    if (ids.length === 0) return done();
    const stored = await storedCopies(turn, ids);
    const echoed: string[] = [];
    for (const copy of stored) {
      // Stored in another thread (a client forking a conversation): saved as a copy under a new
      // id, so the other thread keeps its message (an upsert by id would move it here).
      if (copy.threadId !== turn.threadId) {
        turn.foreignIds.add(copy.id);
        continue;
      }
      if (turn.config.retainFullInput) continue;
      // The stored tool call the client answers (its result merged into the re-sent message)
      // is not an echo: it carries what the client added, and is stored again with it.
      const sent = messageList.getMessageById(copy.id);
      if (sent && answersStoredCall(sent, copy)) continue;
      echoed.push(copy.id);
    }
    if (echoed.length > 0) messageList.removeByIds(echoed);
    return done();
  }
}

/**
 * The stored messages with these ids, in any thread: what the turn's load already looked up, and
 * the store asked only about the rest (ids a processor before this one put in the input).
 */
async function storedCopies(
  turn: { storage: MemoryInputFilterOptions['storage']; preloaded?: PreloadedTurn },
  ids: readonly string[],
): Promise<StorageMessage[]> {
  const pre = turn.preloaded?.inputMessages;
  if (!pre) return turn.storage.getMessagesByIds([...ids]);
  const wanted = new Set(ids);
  const stored = pre.stored.filter((m) => wanted.has(m.id));
  const rest = ids.filter((id) => !pre.ids.has(id));
  if (rest.length > 0) stored.push(...(await turn.storage.getMessagesByIds(rest)));
  return stored;
}

/** True when `sent` has a tool result for a call `stored` holds without one. */
function answersStoredCall(sent: MastraDBMessage, stored: MastraDBMessage): boolean {
  const pending = new Set<string>();
  for (const part of stored.content.parts) {
    if (part.type === 'tool-invocation' && part.toolInvocation.state !== 'result')
      pending.add(part.toolInvocation.toolCallId);
  }
  if (pending.size === 0) return false;
  for (const part of sent.content.parts) {
    if (
      part.type === 'tool-invocation' &&
      part.toolInvocation.state === 'result' &&
      pending.has(part.toolInvocation.toolCallId)
    )
      return true;
  }
  return false;
}
