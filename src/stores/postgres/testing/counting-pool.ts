/**
 * Test support: a real `pg.Pool` whose connections count their round trips. Every
 * `client.query()` is one round trip on the wire (the extended protocol sends Parse/Bind/Execute/
 * Sync together and waits once), whether it comes through `pool.query()` or a checked-out client,
 * so counting at the client counts everything the store sends. New physical connections are
 * counted apart (a handshake each; a warm pool makes none per turn).
 */
import pg from 'pg';

/** What a counting pool has seen since the last `reset()`. */
interface RoundTripLog {
  /** Queries sent (one round trip each). */
  readonly queries: number;
  /** Physical connections opened. */
  readonly connections: number;
  /** The statements, first 80 characters, in the order they were sent (for failure messages). */
  readonly statements: readonly string[];
}

/** A pool to hand to `PostgresStore({ pool })`, with its round-trip log. */
export interface CountingPool {
  readonly pool: pg.Pool;
  /** The log since the last reset. */
  log(): RoundTripLog;
  /** Start a new log. */
  reset(): void;
}

const WRAPPED = Symbol('sluice.countingPool');

/** A real pool on `config` whose round trips are counted. */
export function countingPool(config: pg.PoolConfig): CountingPool {
  const pool = new pg.Pool(config);
  let queries = 0;
  let connections = 0;
  let statements: string[] = [];
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    connections++;
    const target = client as pg.PoolClient & { [WRAPPED]?: true };
    if (target[WRAPPED]) return;
    target[WRAPPED] = true;
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      queries++;
      const first = args[0];
      const text = typeof first === 'string' ? first : String((first as { text?: unknown })?.text ?? '');
      statements.push(text.slice(0, 80));
      return original(...args);
    };
  });
  return {
    pool,
    log: () => ({ queries, connections, statements: [...statements] }),
    reset: () => {
      queries = 0;
      connections = 0;
      statements = [];
    },
  };
}
