/**
 * A Redis client closed for good sends nothing again: node-redis 5 sets `isOpen` to `false` when
 * it is closed (`close()`, `destroy()`, `quit()`) or when its `socket.reconnectStrategy` gave up
 * (returned `false` or an `Error` — a bounded strategy does once an outage outlasts its bound);
 * ioredis 5 sets `status` to `'end'` after `quit()`/`disconnect()` or when `retryStrategy`
 * returned a non-number. Every later command fails, so caching and budgets would stay off until
 * the process restarts. The Redis integrations check for it before each call and fail with a
 * `STORE_UNAVAILABLE` error that says so and how to configure the client instead (issue #30).
 */
import { StorageError } from '../stores/errors.js';

/** The reconnect settings that never give up, as the error message and the docs recommend. */
const NODE_REDIS_ADVICE =
  'createClient({ socket: { reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5000) } }) retries with a capped backoff and never gives up';
const IOREDIS_ADVICE =
  'new Redis({ retryStrategy: (times) => Math.min(100 * 2 ** times, 5000) }) retries with a capped backoff and never gives up';

/**
 * `undefined` while `client` can still send commands; otherwise a `STORE_UNAVAILABLE`
 * `StorageError` naming `user` (the cache or ledger), what closed the client and the fix;
 * `details` are the error's details (default `{ store: user }`).
 */
export function closedClientError(
  client: object,
  user: string,
  details: Record<string, unknown> = { store: user },
): StorageError | undefined {
  const c = client as { isOpen?: unknown; status?: unknown };
  if (c.isOpen === false) {
    return new StorageError(
      'STORE_UNAVAILABLE',
      `${user}: the node-redis client is closed (isOpen is false) and will send nothing again: it was closed (close()/destroy()/quit()), or its socket.reconnectStrategy gave up after an outage longer than its bound. Give the client a reconnectStrategy that never gives up — ${NODE_REDIS_ADVICE} — and pass a connected client (call connect() again, or create a new one).`,
      { details: { ...details, client: 'node-redis', state: 'closed' } },
    );
  }
  if (c.status === 'end') {
    return new StorageError(
      'STORE_UNAVAILABLE',
      `${user}: the ioredis client has ended (status 'end') and will send nothing again: it was closed (quit()/disconnect()), or its retryStrategy returned no delay after an outage. Give the client a retryStrategy that never gives up — ${IOREDIS_ADVICE} — and pass a connected client (call connect() again, or create a new one).`,
      { details: { ...details, client: 'ioredis', state: 'end' } },
    );
  }
  return undefined;
}
