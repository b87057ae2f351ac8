/**
 * Issue #30, item 3: a Redis client closed for good is detected. The outage is real: the clients
 * reach the real Redis through a TCP proxy on a random port (`testing/tcp-proxy.ts`) that the test
 * cuts. A client with a bounded reconnect strategy gives up during the outage and is closed for
 * good; from then on every cache and ledger call fails at once with `STORE_UNAVAILABLE` saying the
 * client is closed and how to configure it, and a turn says so too. A client configured as the
 * docs advise (a capped backoff that never gives up) rides out the same outage by itself.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { Agent } from 'sluice/agent';
import { ResponseCache, TokenCostControl } from 'sluice/processors';
import { RedisServerCache, RedisUsageLedger } from 'sluice/redis';
import { RequestContext } from 'sluice/request-context';
import { afterAll, describe, expect, it } from 'vitest';
import { ScriptedModel } from '../test/scripted-model.js';
import { startTcpProxy, type TcpProxy } from './testing/tcp-proxy.js';
import { connectRedisOrSkip, REDIS_URL } from './testing/test-env.js';

const admin = await connectRedisOrSkip('closed Redis client (src/redis/closed-client.test.ts)');
const PREFIX = `sluice-test:redistrips:closed:${randomUUID()}:`;
const target = new URL(REDIS_URL);

afterAll(async () => {
  if (!admin) return;
  let cursor = '0';
  do {
    const [next, keys] = await admin.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 500);
    if (keys.length > 0) await admin.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  admin.disconnect();
});

async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** An agent whose cache and budget live on `client` (failMode 'closed': an unreadable ledger blocks). */
function agentOn(client: object, prefix: string) {
  const cache = new RedisServerCache({ client }, { keyPrefix: `${prefix}cache:` });
  const ledger = new RedisUsageLedger({ client, keyPrefix: `${prefix}usage:` });
  const model = new ScriptedModel({
    provider: 'closed-test',
    modelId: 'metered-1',
    steps: () => ({ text: 'an answer', usage: { inputTokens: 100, outputTokens: 10 } }),
  });
  const agent = new Agent({
    id: 'closed-client',
    name: 'closed-client',
    instructions: 'Answer briefly.',
    model,
    inputProcessors: [
      new ResponseCache({ cache }),
      new TokenCostControl({
        maxCost: 100,
        scope: 'user',
        window: '24h',
        ledger,
        failMode: 'closed',
        pricing: { 'closed-test/metered-1': { input: 1, output: 2 } },
      }),
    ],
  });
  const turn = (prompt: string) =>
    agent.generate(prompt, { requestContext: new RequestContext([['userId', 'user-1']]) });
  return { model, cache, ledger, turn };
}

/** The closed client's error, as every cache and ledger call now rejects. */
async function expectClosedErrors(
  cache: RedisServerCache,
  ledger: RedisUsageLedger,
  says: RegExp,
): Promise<void> {
  const started = Date.now();
  const ledgerError = await ledger.totals({ scope: 'user', scopeKey: 'user-1', window: '24h' }).then(
    () => undefined,
    (error: unknown) => error as { code?: string; message: string },
  );
  expect(ledgerError?.code).toBe('STORE_UNAVAILABLE');
  expect(ledgerError?.message).toMatch(says);
  expect(ledgerError?.message).toMatch(/never gives up/);
  const cacheError = await cache.get('anything').then(
    () => undefined,
    (error: unknown) => error as { code?: string; message: string },
  );
  expect(cacheError?.code).toBe('STORE_UNAVAILABLE');
  expect(cacheError?.message).toMatch(says);
  expect(cacheError?.message).toMatch(/RedisServerCache/);
  // Detected before anything is sent: no wait on a socket that will never answer.
  expect(Date.now() - started).toBeLessThan(1_000);
}

describe.skipIf(!admin)('a Redis client closed for good is detected', () => {
  let proxy: TcpProxy | undefined;
  afterAll(async () => {
    await proxy?.close();
  });

  it('node-redis: after a bounded reconnectStrategy gave up, cache and ledger fail with STORE_UNAVAILABLE naming the closed client and the fix; a turn says so', async () => {
    proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    const client = createClient({
      socket: {
        host: '127.0.0.1',
        port: proxy.port,
        // The advice this issue replaces: give up after three attempts.
        reconnectStrategy: (retries) => (retries >= 3 ? new Error('gave up reconnecting') : 50),
      },
    });
    client.on('error', () => undefined);
    await client.connect();
    const { cache, ledger, turn } = agentOn(client, `${PREFIX}node-bounded:`);
    expect((await turn('before the outage')).text).toBe('an answer');

    proxy.cut();
    await until(() => client.isOpen === false, 'node-redis gave up reconnecting');
    // The network is back, but the client never will be.
    proxy.restore();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.isOpen).toBe(false);

    await expectClosedErrors(cache, ledger, /node-redis client is closed \(isOpen is false\)/);
    // failMode 'closed': the turn is blocked, and the tripwire says why.
    const blocked = await turn('during the closed client');
    expect(blocked.tripwire?.metadata).toMatchObject({
      threshold: 'ledger-unavailable',
      error: expect.stringMatching(/isOpen is false.*reconnectStrategy/),
    });
  });

  it('node-redis: a capped backoff that never gives up (the documented advice) rides out the same outage and the next turn is cached and counted', async () => {
    const link = await startTcpProxy(target.hostname, Number(target.port || 6379));
    const client = createClient({
      socket: {
        host: '127.0.0.1',
        port: link.port,
        reconnectStrategy: (retries) => Math.min(20 * 2 ** retries, 200),
      },
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { ledger, model, turn } = agentOn(client, `${PREFIX}node-capped:`);
      link.cut();
      // Longer than the bounded client above took to give up.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(client.isOpen).toBe(true);
      link.restore();
      await until(() => client.isReady, 'node-redis reconnected');
      expect((await turn('after the outage')).text).toBe('an answer');
      // Served from the cache the first turn wrote: the cache works again too.
      expect((await turn('after the outage')).text).toBe('an answer');
      expect(model.calls).toHaveLength(1);
      const totals = await ledger.totals({ scope: 'user', scopeKey: 'user-1', window: '24h' });
      expect(totals.calls).toBe(2);
    } finally {
      client.destroy();
      await link.close();
    }
  });

  it("ioredis: after retryStrategy gave up (status 'end'), cache and ledger fail with STORE_UNAVAILABLE naming the ended client and the fix", async () => {
    const link = await startTcpProxy(target.hostname, Number(target.port || 6379));
    const client = new Redis(link.port, '127.0.0.1', {
      retryStrategy: (times) => (times > 3 ? null : 50),
      maxRetriesPerRequest: 1,
    });
    client.on('error', () => undefined);
    try {
      const { cache, ledger, turn } = agentOn(client, `${PREFIX}io-bounded:`);
      expect((await turn('before the outage')).text).toBe('an answer');
      link.cut();
      await until(() => client.status === 'end', "ioredis's status is 'end'");
      link.restore();
      await expectClosedErrors(cache, ledger, /ioredis client has ended \(status 'end'\)/);
    } finally {
      client.disconnect();
      await link.close();
    }
  });
});
