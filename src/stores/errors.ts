import type { StorageErrorCode } from '../errors/codes.js';
import { ConfigurationError } from '../errors/configuration-error.js';
import { describeError } from '../errors/error-chain.js';
import { SluiceError, type SluiceErrorOptions } from '../errors/sluice-error.js';

const MARKER = Symbol.for('sluice.error.storage');

/**
 * Thrown (as a rejected promise) when a memory store cannot do what was asked. `details.store`
 * always names the store; a corrupt row adds `table`, `rowId` and `column`.
 */
export class StorageError extends SluiceError {
  protected readonly [MARKER] = true;

  declare readonly code: StorageErrorCode;

  constructor(code: StorageErrorCode, message: string, options?: SluiceErrorOptions) {
    super(code, message, options);
    this.name = 'StorageError';
  }

  /** True for a `StorageError` from any copy of the package. */
  static override isInstance(error: unknown): error is StorageError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }
}

/** The error for a stored row that cannot be decoded; names store, table, row id and column. */
export function corruptRow(
  store: string,
  table: string,
  rowId: string,
  column: string,
  problem: string,
  cause?: unknown,
): StorageError {
  return new StorageError(
    'STORE_CORRUPT_ROW',
    `${store}: stored row "${rowId}" of table "${table}" is corrupt (${column}: ${problem}). ` +
      'Fix or delete that row; nothing was changed.',
    { cause, details: { store, table, rowId, column } },
  );
}

/**
 * Marker text the SQL stores' ownership triggers raise (schema version 3): a driver error whose
 * message contains it is a {@link threadOwnerMismatch}, whatever code wrote the row.
 */
export const THREAD_OWNER_TRIGGER_MARKER = 'sluice_thread_resource_mismatch';

/**
 * The error for a write that would store a message of `resourceId` in (or claim) thread
 * `threadId`, which `owner` owns. The whole write is refused.
 */
export function threadOwnerMismatch(
  store: string,
  method: string,
  threadId: string,
  owner: string | undefined,
  resourceId: string | undefined,
  cause?: unknown,
): StorageError {
  const who = resourceId === undefined ? 'another resource' : `resource "${resourceId}"`;
  const whose = owner === undefined ? 'another resource' : `resource "${owner}"`;
  return new StorageError(
    'STORE_THREAD_RESOURCE_MISMATCH',
    `${store}.${method}: thread "${threadId}" belongs to ${whose}; ${who} cannot write to it. ` +
      'Nothing was saved. Use a thread id of your own resource.',
    { cause, details: { store, method, threadId, owner, resourceId } },
  );
}

/** The error for an argument a store cannot accept. */
export function invalidInput(store: string, method: string, message: string): StorageError {
  return new StorageError('STORE_INVALID_INPUT', `${store}.${method}: ${message}`, {
    details: { store, method },
  });
}

/** Wrap a driver failure that is not already a Sluice error. */
export function queryFailed(store: string, operation: string, cause: unknown): SluiceError {
  if (SluiceError.isInstance(cause)) return cause;
  return new StorageError('STORE_QUERY_FAILED', `${store}: ${operation} failed: ${describeError(cause)}`, {
    cause,
    details: { store, operation },
  });
}

/** The error for an optional driver package that is not installed. */
export function driverMissing(
  store: string,
  pkg: string,
  install: string,
  cause: unknown,
): ConfigurationError {
  return new ConfigurationError(
    'STORE_DRIVER_MISSING',
    `${store} needs the optional peer dependency "${pkg}", which is not installed. Run \`${install}\`.`,
    { cause, details: { store, package: pkg } },
  );
}
