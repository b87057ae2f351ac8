/** The options of `BullMQBackgroundTaskQueue`: their types, and their checks at construction. */
import { ConfigurationError } from '../../errors/configuration-error.js';
import { describeValue } from '../../errors/describe-value.js';

/** ioredis-style connection options, passed to BullMQ as they are. */
export interface BullMQRedisOptions {
  /** A `redis://` / `rediss://` URL (alternative to host/port). */
  url?: string;
  host?: string;
  port?: number;
  username?: string;
  password?: string;
  db?: number;
  /** TLS options (ioredis `tls`). */
  tls?: object;
  /**
   * Must be `null` for the blocking worker and events connections; BullMQ sets it so on the
   * connections it creates from these options.
   */
  maxRetriesPerRequest?: number | null;
  /** Further ioredis options. */
  [option: string]: unknown;
}

/**
 * Where Redis is: a URL, ioredis options, or a connected ioredis client (create it with
 * `maxRetriesPerRequest: null`; the adapter shares it and never closes it).
 */
export type BullMQConnection = string | BullMQRedisOptions | BullMQRedisClient;

/** A connected ioredis (5) client. */
export interface BullMQRedisClient {
  duplicate(...args: never[]): unknown;
  quit(...args: never[]): unknown;
}

/** Options of {@link BullMQBackgroundTaskQueue}. */
export interface BullMQBackgroundTaskQueueOptions {
  /** The Redis server. */
  connection: BullMQConnection;
  /** BullMQ queue name (no `:`); default `'sluice-background-tasks'`. */
  queueName?: string;
  /** Redis key prefix of the queue (no `:`); default `'sluice'`. Keys are `<prefix>:<queueName>:…`. */
  prefix?: string;
  /**
   * How long a worker's lock on a running job lasts before BullMQ renews it (ms, default 30 000).
   * A worker that dies stops renewing; after that its job is "stalled" and BullMQ hands it to
   * another worker once (the manager's compare-and-set on the record decides what runs).
   */
  lockDurationMs?: number;
  /**
   * How often this process's workers look for stalled jobs — active jobs whose worker stopped
   * renewing its lock — and hand them back to the queue (ms, default BullMQ's 30 000). A job is
   * re-delivered at the latest `lockDurationMs` + 2 × `stalledIntervalMs` after its worker died;
   * the task's lease decides whether the new worker takes it over. Give every worker of a queue
   * the same value: each check holds off the others' for its own interval.
   */
  stalledIntervalMs?: number;
  /**
   * Receives connection and worker errors BullMQ reports while it reconnects by itself (and
   * errors thrown by settlement / cancel listeners). Default: ignored.
   */
  onError?: (error: unknown) => void;
}

const NAME = /^[A-Za-z0-9_.-]+$/;

/** The options as the queue keeps them, checked. */
export interface ResolvedQueueOptions {
  queueName: string;
  prefix: string;
  /** `BullMQBackgroundTaskQueue(<prefix>:<queueName>)`, for messages. */
  name: string;
  connection: BullMQRedisOptions | BullMQRedisClient;
  lockDuration: number | undefined;
  stalledInterval: number | undefined;
  /** The `onError` hook, never throwing. */
  onError: (error: unknown) => void;
}

/** Check the options; throws `STORE_INVALID_CONFIG` naming the first one out of range. */
export function resolveQueueOptions(options: BullMQBackgroundTaskQueueOptions): ResolvedQueueOptions {
  if (options === null || typeof options !== 'object') {
    throw invalidConfig(
      'BullMQBackgroundTaskQueue',
      'options',
      'expected an options object with `connection`',
    );
  }
  const queueName = options.queueName ?? 'sluice-background-tasks';
  const prefix = options.prefix ?? 'sluice';
  for (const [option, value] of [
    ['queueName', queueName],
    ['prefix', prefix],
  ] as const) {
    if (typeof value !== 'string' || !NAME.test(value)) {
      throw invalidConfig(
        'BullMQBackgroundTaskQueue',
        option,
        `must be letters, digits, '_', '.' or '-' (no ':'); got ${describeValue(value)}`,
      );
    }
  }
  const name = `BullMQBackgroundTaskQueue(${prefix}:${queueName})`;
  const connection = options.connection;
  let resolved: BullMQRedisOptions | BullMQRedisClient;
  if (typeof connection === 'string') {
    if (!/^rediss?:\/\//.test(connection)) {
      throw invalidConfig(name, 'connection', 'a connection string must be a redis:// or rediss:// URL');
    }
    resolved = { url: connection };
  } else if (connection !== null && typeof connection === 'object') {
    resolved = connection;
  } else {
    throw invalidConfig(name, 'connection', 'give a redis:// URL, ioredis options or an ioredis client');
  }
  const lock = options.lockDurationMs;
  if (lock !== undefined && (!Number.isInteger(lock) || lock < 1000)) {
    throw invalidConfig(
      name,
      'lockDurationMs',
      `must be an integer of at least 1000 (got ${describeValue(lock)})`,
    );
  }
  const stalled = options.stalledIntervalMs;
  if (stalled !== undefined && (!Number.isInteger(stalled) || stalled < 100 || stalled > 2 ** 31 - 1)) {
    throw invalidConfig(
      name,
      'stalledIntervalMs',
      `must be an integer of milliseconds from 100 to ${2 ** 31 - 1} (got ${describeValue(stalled)})`,
    );
  }
  const onError = options.onError;
  if (onError !== undefined && typeof onError !== 'function') {
    throw invalidConfig(name, 'onError', 'must be a function');
  }
  return {
    queueName,
    prefix,
    name,
    connection: resolved,
    lockDuration: lock,
    stalledInterval: stalled,
    onError: (error: unknown) => {
      try {
        onError?.(error);
      } catch {
        // The error hook itself must not break the queue.
      }
    },
  };
}

/** A `STORE_INVALID_CONFIG` error naming the queue and the option. */
export function invalidConfig(name: string, option: string, problem: string): ConfigurationError {
  return new ConfigurationError('STORE_INVALID_CONFIG', `${name}: option \`${option}\` ${problem}.`, {
    details: { store: name, option },
  });
}
