import { SluiceError } from '../errors/sluice-error.js';
import { MemoryError } from './memory-error.js';

/**
 * Run a store write that names `resourceId` as the owner of `threadId`; the store's refusal
 * (`STORE_THREAD_RESOURCE_MISMATCH`: the thread is someone else's) becomes the memory error
 * callers know, `MEMORY_THREAD_RESOURCE_MISMATCH`, naming both resources.
 */
export async function ownedWrite<T>(
  threadId: string,
  resourceId: string,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (SluiceError.hasCode(error, 'STORE_THREAD_RESOURCE_MISMATCH')) {
      const owner = (error as SluiceError).details.owner;
      throw new MemoryError(
        'MEMORY_THREAD_RESOURCE_MISMATCH',
        `Thread "${threadId}" belongs to ${typeof owner === 'string' ? `resource "${owner}"` : 'another resource'} but resource "${resourceId}" was provided; use the thread's own resource or another thread id. Nothing was saved.`,
        { cause: error, details: { threadId, owner, resourceId } },
      );
    }
    throw error;
  }
}
