import type { MemoryStorage, StorageMessage, StorageThread } from '../../stores/types.js';
import type { MemoryConfig, ResolvedMemoryConfig } from '../config.js';
import type { Memory } from '../memory.js';

/**
 * What the store's `loadTurn` returned at call start, read by the processors instead of asking
 * the store again: the owner's last messages and the working memory (`null`: none stored).
 */
export interface PreloadedTurn {
  readonly messages: readonly StorageMessage[];
  readonly workingMemory: string | null;
  /**
   * The stored copies of the input messages' ids (any thread), for the ids in `ids`: the input
   * filter asks the store only about ids not in it (a processor before it changed the input).
   */
  readonly inputMessages?: { readonly ids: ReadonlySet<string>; readonly stored: readonly StorageMessage[] };
}

/**
 * What the memory processors of one call share: the memory, the call's merged options, the
 * conversation it names and whether the thread already existed when the call started.
 */
export interface MemoryTurnContext {
  readonly memory: Memory;
  readonly storage: MemoryStorage;
  readonly config: ResolvedMemoryConfig;
  /** The call's own `memory.options` (what the working-memory tool merges again). */
  readonly callConfig: MemoryConfig | undefined;
  readonly threadId: string;
  readonly resourceId: string;
  /** The stored thread at call start; `null` for a thread this call creates. */
  readonly existing: StorageThread | null;
  /**
   * Set when the first step starts (`message-history`'s `processInputStep`): every input
   * processor's `processInput` has run, so the input is what the processors made of it.
   */
  inputReached: boolean;
  /** Set by the output-lane `message-history` processor: every output processor before it ran. */
  outputReached: boolean;
  /** The turn's reads, when the store loaded them at once (`MemoryStorage.loadTurn`). */
  readonly preloaded?: PreloadedTurn;
  /** Set when the `updateWorkingMemory` tool stored an update during this call. */
  workingMemoryChanged?: boolean;
  /** Ids the call's message list made up for messages that came without one (never stored before). */
  readonly generatedIds: Set<string>;
  /**
   * Ids of input messages already stored in another thread (a client forking a conversation):
   * the save stores them under new ids, so the other thread keeps its messages.
   */
  readonly foreignIds: Set<string>;
}

/**
 * Where a memory processor finds its turn: bound to one (the agent's framework lanes), or looked
 * up from the hook's request context (processors handed out by `memory.getInputProcessors()`,
 * which act only inside a call that names a conversation).
 */
export type MemoryTurnSource =
  | MemoryTurnContext
  | ((requestContext: unknown) => MemoryTurnContext | undefined);

/** The turns of running calls, by request context (set when a call with memory starts). */
const TURNS = new WeakMap<object, MemoryTurnContext>();

/** Register the turn of the call running with `requestContext`. */
export function registerTurn(requestContext: object, turn: MemoryTurnContext): void {
  TURNS.set(requestContext, turn);
}

/** The turn of the call running with `requestContext`, whatever its memory. */
export function turnFor(requestContext: unknown): MemoryTurnContext | undefined {
  return typeof requestContext === 'object' && requestContext !== null
    ? TURNS.get(requestContext)
    : undefined;
}

/** A source that finds the turn of `memory` on the hook's request context. */
export function turnOf(memory: Memory): MemoryTurnSource {
  return (requestContext) => {
    if (typeof requestContext !== 'object' || requestContext === null) return undefined;
    const turn = TURNS.get(requestContext);
    return turn && turn.memory === memory ? turn : undefined;
  };
}

/** The turn a processor acts for, if any. */
export function resolveTurn(
  source: MemoryTurnSource,
  requestContext: unknown,
): MemoryTurnContext | undefined {
  return typeof source === 'function' ? source(requestContext) : source;
}
