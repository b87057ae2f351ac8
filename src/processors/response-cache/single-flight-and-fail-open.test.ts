/**
 * Issue 10 items 6 and 7: the cache never fails a call (a backend that throws or hangs is
 * bypassed within `timeoutMs`, one warning per failure kind), and concurrent identical
 * requests in one process make one provider call (single-flight).
 */
import { Agent } from 'sluice/agent';
import { InMemoryServerCache, MastraServerCache } from 'sluice/cache';
import { type OutputProcessor, ResponseCache, type ResponseCacheOptions } from 'sluice/processors';
import { ScriptedModel, type ScriptedStep } from 'sluice/test';
import { describe, expect, it } from 'vitest';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function agentWith(
  model: ScriptedModel,
  options: ResponseCacheOptions,
  outputProcessors: OutputProcessor[] = [],
) {
  return new Agent({
    id: 'a',
    instructions: 'x',
    model,
    inputProcessors: [new ResponseCache(options)],
    outputProcessors,
  });
}

describe('single-flight: concurrent identical requests in one process', () => {
  it('10 concurrent generate() calls with the same prompt reach the provider once, and all get its answer', async () => {
    let n = 0;
    const model = new ScriptedModel({ steps: () => ({ text: `answer ${++n}`, delayMs: 5 }) });
    const agent = agentWith(model, { cache: new InMemoryServerCache() });
    const results = await Promise.all(Array.from({ length: 10 }, () => agent.generate('same question')));
    expect(model.calls).toHaveLength(1);
    expect(new Set(results.map((r) => r.text))).toEqual(new Set(['answer 1']));
  });

  it('a request whose lookup is still answering when the leader finishes does not call the provider again', async () => {
    // The second lookup reads a miss, then takes 40 ms to answer: meanwhile the leader writes and
    // settles. Joining the flight before the lookup makes the second request follow the leader.
    class SlowSecondRead extends InMemoryServerCache {
      reads = 0;
      override async get(key: string): Promise<unknown> {
        const value = await super.get(key);
        if (++this.reads > 1) await sleep(40);
        return value;
      }
    }
    const model = new ScriptedModel({ steps: () => ({ text: 'once', delayMs: 2 }) });
    const agent = agentWith(model, { cache: new SlowSecondRead() });
    const results = await Promise.all([agent.generate('q'), agent.generate('q')]);
    expect(model.calls).toHaveLength(1);
    expect(results.map((r) => r.text)).toEqual(['once', 'once']);
  });

  it('a leader whose step is rejected for a retry releases its followers; every call ends with an answer', async () => {
    let n = 0;
    const model = new ScriptedModel({
      steps: async (): Promise<ScriptedStep> => {
        const mine = ++n;
        await sleep(10);
        return mine === 1 ? 'draft' : 'good';
      },
    });
    const judged: string[] = [];
    const judge: OutputProcessor = {
      id: 'judge',
      processOutputStep: ({ text, abort }) => {
        judged.push(text ?? '');
        if (text === 'draft') abort('again', { retry: true });
      },
    };
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      maxProcessorRetries: 1,
      inputProcessors: [new ResponseCache({ cache: new InMemoryServerCache() })],
      outputProcessors: [judge],
    });
    const results = await Promise.all(Array.from({ length: 3 }, () => agent.generate('q')));
    expect(results.map((r) => r.text)).toEqual(['good', 'good', 'good']);
    // Only the leader's own attempt was rejected: no follower replayed the rejected answer.
    expect(judged.filter((t) => t === 'draft')).toHaveLength(1);
    // The leader's rejected attempt and its retry, plus one call per released follower at most.
    expect(model.calls.length).toBeLessThanOrEqual(4);
  });

  it('two agents sharing one backend object share flights', async () => {
    const cache = new InMemoryServerCache();
    const model = new ScriptedModel({ steps: () => ({ text: 'shared', delayMs: 5 }) });
    const [a, b] = [agentWith(model, { cache }), agentWith(model, { cache })];
    await Promise.all([a.generate('q'), b.generate('q'), a.generate('q')]);
    expect(model.calls).toHaveLength(1);
  });

  it('a blocked leader releases its followers, and each calls the provider itself', async () => {
    let n = 0;
    const model = new ScriptedModel({
      steps: async (): Promise<ScriptedStep> => {
        const mine = ++n;
        await sleep(20);
        return mine === 1 ? 'forbidden' : `answer ${mine}`;
      },
    });
    const judge: OutputProcessor = {
      id: 'judge',
      processOutputStep: ({ text, abort }) => {
        if (text === 'forbidden') abort('blocked');
      },
    };
    const agent = agentWith(model, { cache: new InMemoryServerCache() }, [judge]);
    const results = await Promise.all(Array.from({ length: 4 }, () => agent.generate('q')));
    expect(results.filter((r) => r.tripwire !== undefined)).toHaveLength(1);
    expect(model.calls).toHaveLength(4);
    const answers = results.filter((r) => r.tripwire === undefined).map((r) => r.text);
    expect(new Set(answers).size).toBe(3);
  });

  it('a leader whose step is not cacheable (finish "length") releases its followers to call the provider', async () => {
    let n = 0;
    const model = new ScriptedModel({
      steps: async (): Promise<ScriptedStep> => {
        const mine = ++n;
        await sleep(20);
        return mine === 1 ? { text: 'cut', finishReason: 'length' } : `answer ${mine}`;
      },
    });
    const agent = agentWith(model, { cache: new InMemoryServerCache() });
    const results = await Promise.all(Array.from({ length: 3 }, () => agent.generate('q')));
    expect(model.calls).toHaveLength(3);
    expect(results.map((r) => r.text).sort()).toEqual(['answer 2', 'answer 3', 'cut']);
  });

  it('a failed leader (provider error) releases its followers too', async () => {
    let n = 0;
    const model = new ScriptedModel({
      steps: async (): Promise<ScriptedStep> => {
        const mine = ++n;
        await sleep(20);
        return mine === 1
          ? { text: 'x', errorAfterChunks: { after: 1, error: new Error('boom') } }
          : `answer ${mine}`;
      },
    });
    const agent = agentWith(model, { cache: new InMemoryServerCache() });
    const results = await Promise.allSettled(
      Array.from({ length: 3 }, () => agent.generate('q', { modelSettings: { maxRetries: 0 } })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(model.calls).toHaveLength(3);
  });

  it('singleFlight: false lets every concurrent call reach the provider', async () => {
    const model = new ScriptedModel({ steps: () => ({ text: 'x', delayMs: 5 }) });
    const agent = agentWith(model, { cache: new InMemoryServerCache(), singleFlight: false });
    await Promise.all(Array.from({ length: 3 }, () => agent.generate('q')));
    expect(model.calls).toHaveLength(3);
  });
});

/** A backend whose get/set throw or never settle. */
class BrokenCache extends MastraServerCache {
  calls = 0;
  constructor(readonly mode: 'throw' | 'hang') {
    super({ name: `broken-${mode}` });
  }
  #fail(): Promise<never> {
    this.calls++;
    return this.mode === 'throw'
      ? Promise.reject(new Error('ECONNREFUSED 127.0.0.1:1'))
      : new Promise<never>(() => {});
  }
  get(): Promise<unknown> {
    return this.#fail();
  }
  set(): Promise<void> {
    return this.#fail();
  }
  listLength(): Promise<number> {
    return this.#fail();
  }
  listPush(): Promise<void> {
    return this.#fail();
  }
  listFromTo(): Promise<unknown[]> {
    return this.#fail();
  }
  delete(): Promise<void> {
    return this.#fail();
  }
  clear(): Promise<void> {
    return this.#fail();
  }
  increment(): Promise<number> {
    return this.#fail();
  }
}

describe('fail-open: the cache never fails a call', () => {
  it('a backend that throws on every read and write: calls succeed uncached, one warning per failure kind', async () => {
    const warnings: string[] = [];
    const cache = new BrokenCache('throw');
    const model = new ScriptedModel({ steps: () => 'live' });
    const agent = agentWith(model, { cache, logger: { warn: (m) => warnings.push(m) } });
    for (let i = 0; i < 3; i++) expect((await agent.generate('q')).text).toBe('live');
    expect(model.calls).toHaveLength(3);
    expect(cache.calls).toBe(6);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/cache "broken-throw" failed a read \(ECONNREFUSED/);
    expect(warnings[1]).toMatch(/failed a write/);
  });

  it('a backend that hangs: each call waits at most timeoutMs per lookup and write, one warning per kind', async () => {
    const warnings: string[] = [];
    const model = new ScriptedModel({ steps: () => 'live' });
    const agent = agentWith(model, {
      cache: new BrokenCache('hang'),
      timeoutMs: 40,
      logger: { warn: (m) => warnings.push(m) },
    });
    const started = Date.now();
    for (let i = 0; i < 3; i++) expect((await agent.generate('q')).text).toBe('live');
    const perCall = (Date.now() - started) / 3;
    expect(perCall).toBeGreaterThanOrEqual(70);
    expect(perCall).toBeLessThan(400);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/did not answer a read within 40 ms/);
    expect(warnings[1]).toMatch(/did not answer a write within 40 ms/);
  });

  it('a stored value that is not an entry is a miss, not a failure', async () => {
    const cache = new InMemoryServerCache();
    const model = new ScriptedModel({ steps: () => 'live' });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      inputProcessors: [new ResponseCache({ cache, key: 'k' })],
    });
    await cache.set('k', 'garbage');
    expect((await agent.generate('q')).text).toBe('live');
    expect(await cache.get('k')).toMatchObject({ chunks: expect.any(Array) });
  });

  it('a stored entry with malformed chunks (another version, a hand-written value) is a miss, not a failed call', async () => {
    const cache = new InMemoryServerCache();
    const model = new ScriptedModel({ steps: () => 'live' });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      inputProcessors: [new ResponseCache({ cache, key: 'k', logger: { warn: () => {} } })],
    });
    for (const chunks of [[null], [{ payload: {} }], [{ type: 7 }], ['text-delta']]) {
      await cache.set('k', { chunks });
      expect((await agent.generate('q')).text).toBe('live');
    }
    expect(model.calls).toHaveLength(4);
    // The live answer replaced the bad entry.
    expect(await cache.get('k')).toMatchObject({ chunks: expect.arrayContaining([expect.any(Object)]) });
  });

  it('without a cache the processor does nothing', async () => {
    const model = new ScriptedModel({ steps: () => 'live' });
    const agent = agentWith(model, { cache: undefined as never });
    await agent.generate('q');
    await agent.generate('q');
    expect(model.calls).toHaveLength(2);
  });
});

/** A working in-memory cache whose lock calls fail, like a Redis that went away. */
class LockFailingCache extends InMemoryServerCache {
  async acquireLock(): Promise<string | undefined> {
    throw new Error('ECONNRESET');
  }
  async releaseLock(): Promise<void> {}
}

/** A cache whose lock is always held by "another server" that never writes. */
class LockHeldElsewhere extends InMemoryServerCache {
  async acquireLock(): Promise<string | undefined> {
    return undefined;
  }
  async releaseLock(): Promise<void> {}
}

/** Two "servers": separate backend objects (no shared in-process flights) over one store and lock table. */
class SharedStore {
  readonly store = new InMemoryServerCache();
  readonly locks = new Map<string, string>();
  lockCalls = 0;
}
class ServerView extends MastraServerCache {
  readonly #s: SharedStore;
  readonly #slowReadMs: number;
  readonly #fastReads: number;
  #reads = 0;
  /** `slowReadMs`: reads after the first `fastReads` read at once but answer that much later. */
  constructor(shared: SharedStore, slowReadMs = 0, fastReads = 1) {
    super({ name: 'shared' });
    this.#s = shared;
    this.#slowReadMs = slowReadMs;
    this.#fastReads = fastReads;
  }
  async get(key: string) {
    const value = await this.#s.store.get(key);
    if (++this.#reads > this.#fastReads && this.#slowReadMs > 0) await sleep(this.#slowReadMs);
    return value;
  }
  set(key: string, value: unknown, ttlMs?: number) {
    return this.#s.store.set(key, value, ttlMs);
  }
  listLength(key: string) {
    return this.#s.store.listLength(key);
  }
  listPush(key: string, value: unknown) {
    return this.#s.store.listPush(key, value);
  }
  listFromTo(key: string, from: number, to?: number) {
    return this.#s.store.listFromTo(key, from, to);
  }
  delete(key: string) {
    return this.#s.store.delete(key);
  }
  clear() {
    return this.#s.store.clear();
  }
  increment(key: string) {
    return this.#s.store.increment(key);
  }
  async acquireLock(key: string): Promise<string | undefined> {
    this.#s.lockCalls++;
    if (this.#s.locks.has(key)) return undefined;
    const token = `t${this.#s.lockCalls}`;
    this.#s.locks.set(key, token);
    return token;
  }
  async releaseLock(key: string, token: string): Promise<void> {
    if (this.#s.locks.get(key) === token) this.#s.locks.delete(key);
  }
}

describe('cross-server lock: two servers', () => {
  it('the lock holder writes: the other server replays its entry without a provider call', async () => {
    const shared = new SharedStore();
    const model = new ScriptedModel({ steps: () => ({ text: 'from A', delayMs: 5 }) });
    const a = agentWith(model, { cache: new ServerView(shared), lock: { ttlMs: 3000, pollMs: 5 } });
    const b = agentWith(model, { cache: new ServerView(shared), lock: { ttlMs: 3000, pollMs: 5 } });
    const first = a.generate('q');
    await sleep(2);
    const [ra, rb] = await Promise.all([first, b.generate('q')]);
    expect(model.calls).toHaveLength(1);
    expect([ra.text, rb.text]).toEqual(['from A', 'from A']);
    expect(shared.locks.size).toBe(0);
  });

  it('a poll that read a miss just before the holder wrote and released: the entry is replayed, no second provider call', async () => {
    const shared = new SharedStore();
    const model = new ScriptedModel({
      steps: async (): Promise<ScriptedStep> => {
        await sleep(20);
        return 'from A';
      },
    });
    const lock = { ttlMs: 3000, pollMs: 5 };
    const a = agentWith(model, { cache: new ServerView(shared), lock });
    // B's polls read a miss while A is still working and answer after A wrote and let go.
    const b = agentWith(model, { cache: new ServerView(shared, 40), lock });
    const first = a.generate('q');
    await sleep(2);
    const [ra, rb] = await Promise.all([first, b.generate('q')]);
    expect(model.calls).toHaveLength(1);
    expect([ra.text, rb.text]).toEqual(['from A', 'from A']);
    expect(shared.locks.size).toBe(0);
  });

  it('a lookup that read a miss just before the holder wrote and released: the lock is taken, and the entry replayed', async () => {
    const shared = new SharedStore();
    const model = new ScriptedModel({
      steps: async (): Promise<ScriptedStep> => {
        await sleep(20);
        return 'from A';
      },
    });
    const lock = { ttlMs: 3000, pollMs: 5 };
    const a = agentWith(model, { cache: new ServerView(shared), lock });
    const b = agentWith(model, { cache: new ServerView(shared, 40, 0), lock });
    const first = a.generate('q');
    await sleep(2);
    const [ra, rb] = await Promise.all([first, b.generate('q')]);
    expect(model.calls).toHaveLength(1);
    expect([ra.text, rb.text]).toEqual(['from A', 'from A']);
    expect(shared.locks.size).toBe(0);
  });

  it('a holder whose step is blocked lets the lock go: the waiting server calls the provider at once, not after the ttl', async () => {
    const shared = new SharedStore();
    let n = 0;
    const model = new ScriptedModel({
      steps: async (): Promise<ScriptedStep> => {
        const mine = ++n;
        await sleep(20);
        return mine === 1 ? 'forbidden' : 'fine';
      },
    });
    const judge: OutputProcessor = {
      id: 'judge',
      processOutputStep: ({ text, abort }) => {
        if (text === 'forbidden') abort('blocked');
      },
    };
    const lock = { ttlMs: 3000, pollMs: 5 };
    const a = agentWith(model, { cache: new ServerView(shared), lock }, [judge]);
    const b = agentWith(model, { cache: new ServerView(shared), lock }, [judge]);
    const first = a.generate('q');
    await sleep(2);
    const started = Date.now();
    const [ra, rb] = await Promise.all([first, b.generate('q')]);
    expect(ra.tripwire).toBeDefined();
    expect(rb.text).toBe('fine');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(model.calls).toHaveLength(2);
  });
});

describe('cross-server lock is fail-open too', () => {
  it('a backend whose lock call fails: the call goes straight to the provider, no lock wait', async () => {
    const model = new ScriptedModel({ steps: () => 'live' });
    const warnings: string[] = [];
    const agent = agentWith(model, {
      cache: new LockFailingCache(),
      lock: { ttlMs: 5000, pollMs: 10 },
      logger: { warn: (m) => warnings.push(m) },
    });
    const started = Date.now();
    expect((await agent.generate('q')).text).toBe('live');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(warnings).toEqual([expect.stringMatching(/failed a lock \(ECONNRESET\)/)]);
  });

  it('a lock held elsewhere whose holder never writes: the wait ends after the lock ttl', async () => {
    const model = new ScriptedModel({ steps: () => 'live' });
    const agent = agentWith(model, { cache: new LockHeldElsewhere(), lock: { ttlMs: 120, pollMs: 10 } });
    const started = Date.now();
    expect((await agent.generate('q')).text).toBe('live');
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(110);
    expect(waited).toBeLessThan(1000);
  });
});
