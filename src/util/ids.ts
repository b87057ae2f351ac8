import { randomUUID } from 'node:crypto';

/** A new run or message id. */
export function newId(): string {
  return randomUUID();
}
