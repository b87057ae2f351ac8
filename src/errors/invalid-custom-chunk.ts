import { MAX_DATA_DEPTH, valueTooDeep } from '../util/data-depth.js';
import { DataTooDeepError } from './data-too-deep-error.js';
import { describeValue } from './describe-value.js';
import { describeError } from './error-chain.js';
import { SluiceError } from './sluice-error.js';

/**
 * `INVALID_CUSTOM_CHUNK`: `writer.custom()` got a chunk whose `type` does not start with `data-`.
 * Only `data-*` chunks are custom: any other type would pass for a built-in chunk downstream.
 * `caller` names who wrote it (e.g. `Tool "search"`), when known.
 */
export function invalidCustomChunk(type: unknown, caller?: string): SluiceError {
  const who = caller === undefined ? 'writer.custom()' : `${caller} called writer.custom(), which`;
  return new SluiceError(
    'INVALID_CUSTOM_CHUNK',
    `${who} needs a chunk whose type starts with "data-" (got ${describeValue(type)}). Rename it, e.g. "data-${describeError(type ?? 'custom')}".`,
    { details: { type } },
  );
}

/**
 * Throws {@link invalidCustomChunk} unless `chunk` is a `data-*` chunk, and `DataTooDeepError`
 * (`DATA_TOO_DEEP`) when its `data` nests past `MAX_DATA_DEPTH` (it is streamed, stored with the
 * response and serialised; refused here, before anything walks it).
 */
export function assertCustomChunk(chunk: unknown, caller?: string): void {
  const type = typeof chunk === 'object' && chunk !== null ? (chunk as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !type.startsWith('data-')) throw invalidCustomChunk(type, caller);
  if (valueTooDeep((chunk as { data?: unknown }).data)) {
    throw new DataTooDeepError(
      `${caller === undefined ? 'writer.custom()' : `${caller} called writer.custom(); the`} data of chunk "${type}"`,
      MAX_DATA_DEPTH,
      'Write flatter data.',
    );
  }
}
