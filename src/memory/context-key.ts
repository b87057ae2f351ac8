import type { StorageThread } from '../stores/types.js';
import type { MemoryConfig } from './config.js';

/** Request-context key under which a call with memory finds its thread, resource and options. */
export const MEMORY_CONTEXT_KEY = 'MastraMemory';

/** What a call with memory puts on the request context under {@link MEMORY_CONTEXT_KEY}. */
export interface MemoryContextValue {
  /** The call's thread (as stored, or as it will be created when the turn is saved). */
  thread: Pick<StorageThread, 'id'> & Partial<Omit<StorageThread, 'id'>>;
  resourceId: string;
  /** The call's `memory.options`, when it gave any. */
  memoryConfig?: MemoryConfig;
}
