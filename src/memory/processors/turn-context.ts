import type { MemoryStorage, StorageThread } from '../../stores/types.js';
import type { MemoryConfig, ResolvedMemoryConfig } from '../config.js';
import type { Memory } from '../memory.js';

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
  /** Set by the output-lane `message-history` processor: every output processor before it ran. */
  outputReached: boolean;
}
