/**
 * Test support: a real Redis client (node-redis 5 or ioredis 5) wrapped so every round trip it
 * makes is counted — each command sent on its own, and each `MULTI` / pipeline (`exec()`,
 * `execAsPipeline()`) as ONE, whatever it holds (its commands leave in one write and come back
 * in one read). A Lua script (`EVAL`/`EVALSHA`) is one command, so one round trip. Imported by
 * test files and benches only.
 */

/** What a wrapped client has sent so far. */
export interface RoundTripLog {
  /** Round trips since the last {@link RoundTripCounter.mark}. */
  readonly count: number;
  /** One entry per round trip: the command's name, or `pipeline[a,b]` / `multi[a,b]`. */
  readonly sent: readonly string[];
}

/** A counting client and its log. */
export interface RoundTripCounter<C extends object> {
  /** Use this instead of the real client: same methods, every round trip counted. */
  readonly client: C;
  /** Round trips since the last mark, with their names. */
  log(): RoundTripLog;
  /** Start counting again from zero (returns what was counted since the previous mark). */
  mark(): RoundTripLog;
  /**
   * From now on, hold every reply back (the commands are sent; their answers wait) until the
   * returned function is called: shows what waits on Redis and what does not.
   */
  holdReplies(): () => void;
}

/**
 * Methods of the client objects that send nothing to the server (events, connection state,
 * building a pipeline). Every other function property is a command.
 */
const NOT_SENT = new Set([
  'on',
  'once',
  'off',
  'addListener',
  'prependListener',
  'prependOnceListener',
  'removeListener',
  'removeAllListeners',
  'emit',
  'listeners',
  'rawListeners',
  'listenerCount',
  'eventNames',
  'setMaxListeners',
  'getMaxListeners',
  'connect',
  'disconnect',
  'destroy',
  'close',
  'quit',
  'QUIT',
  'duplicate',
  'defineCommand',
  'withTypeMapping',
  'withCommandOptions',
  'ref',
  'unref',
  'toString',
  'valueOf',
  'constructor',
]);

/** Methods that start a batch: the batch counts once, when it is sent. */
const BATCHES = new Set(['multi', 'MULTI', 'pipeline']);
/** Methods that send a batch. */
const SENDS = new Set(['exec', 'execAsPipeline', 'EXEC']);

/** Wrap a connected client; see the module comment for what counts as a round trip. */
export function countRoundTrips<C extends object>(client: C): RoundTripCounter<C> {
  let sent: string[] = [];
  let gate: Promise<void> | undefined;
  /** A reply, held back while the gate is closed. */
  const deliver = (result: unknown): unknown => {
    if (gate === undefined || !(result instanceof Promise)) return result;
    // Its failure is the caller's, once released; not an unhandled rejection meanwhile.
    result.catch(() => undefined);
    return gate.then(() => result);
  };
  const wrapBatch = (batch: object, kind: string): object => {
    const names: string[] = [];
    const proxy: object = new Proxy(batch, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== 'function' || typeof prop !== 'string') return value;
        return (...args: unknown[]) => {
          if (SENDS.has(prop))
            sent.push(`${prop === 'execAsPipeline' ? 'pipeline' : kind}[${names.join(',')}]`);
          else if (!NOT_SENT.has(prop)) names.push(prop);
          const result = (value as (...a: unknown[]) => unknown).apply(target, args);
          // Chained calls (`multi().get(k).exec()`) return the batch itself: keep counting it.
          if (result === target) return proxy;
          return SENDS.has(prop) ? deliver(result) : result;
        };
      },
    });
    return proxy;
  };
  const wrapped = new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function' || typeof prop !== 'string') return value;
      if (NOT_SENT.has(prop)) return (value as (...a: unknown[]) => unknown).bind(target);
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (BATCHES.has(prop) && typeof result === 'object' && result !== null)
          return wrapBatch(result, prop === 'pipeline' ? 'pipeline' : 'multi');
        sent.push(prop);
        return deliver(result);
      };
    },
  });
  return {
    client: wrapped,
    log: () => ({ count: sent.length, sent: sent.slice() }),
    mark: () => {
      const before = { count: sent.length, sent };
      sent = [];
      return before;
    },
    holdReplies: () => {
      let open = () => {};
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      return () => {
        gate = undefined;
        open();
      };
    },
  };
}
