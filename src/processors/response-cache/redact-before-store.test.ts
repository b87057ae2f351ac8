/**
 * `redactBeforeStore`: the cache backend holds only what the output processors released — with a
 * PII redactor (PIIDetector, RegexFilterProcessor) in `outputProcessors`, the raw content of every
 * entry (read straight from the InMemoryServerCache and from a real Redis) holds none of the
 * personal data the model and the tool produced, and a hit (which runs the output processors
 * again, on the released content) gives the client what the live call gave. The default mode
 * stores the raw output, as documented.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { Agent } from 'sluice/agent';
import { InMemoryServerCache, type MastraServerCache } from 'sluice/cache';
import { type OutputProcessor, PIIDetector, RegexFilterProcessor, ResponseCache } from 'sluice/processors';
import { RedisServerCache } from 'sluice/redis';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

const EMAIL = 'jane.doe@gmail.com';
const CARD = '4111 1111 1111 1111';
/** The user's own address, in the question: the request body is not stored either. */
const ASKER = 'bob.smith@example.org';
const SECRETS = [EMAIL, 'jane.doe', CARD, '4111111111111111', '1111 1111 1111', ASKER];

/** An InMemoryServerCache that remembers which keys were written, to read them back raw. */
class Inspectable extends InMemoryServerCache {
  readonly keys = new Set<string>();
  override async set(key: string, value: unknown, ttlMs?: number): Promise<void> {
    this.keys.add(key);
    return super.set(key, value, ttlMs);
  }
  async raw(): Promise<string> {
    const values: unknown[] = [];
    for (const key of this.keys) values.push(await this.get(key));
    return withJoinedText(JSON.stringify(values));
  }
}

/**
 * The stored JSON, followed by the text of its text deltas joined: a value split across chunks
 * (`jane.do` + `e@gmail.com`) is still found.
 */
function withJoinedText(json: string): string {
  let joined = '';
  JSON.parse(json, (key, value) => {
    if (key === 'text' && typeof value === 'string') joined += value;
    return value;
  });
  return `${json}\n${joined}`;
}

const lookupCustomer = createTool({
  id: 'lookupCustomer',
  description: 'The customer record',
  inputSchema: z.object({ id: z.string() }),
  execute: async () => ({ email: EMAIL, card: CARD }),
});

/** With tools: step 0 looks the customer up, step 1 repeats the record (split across chunks). */
function model(withTools: boolean) {
  const answer = { text: ['Jane is at jane.do', 'e@gmail.com, card 4111 1111 ', '1111 1111. Done.'] };
  return new ScriptedModel({
    steps: ({ prompt }) =>
      !withTools || prompt.at(-1)?.role === 'tool'
        ? answer
        : { toolCalls: [{ toolName: 'lookupCustomer', args: { id: 'c-1' } }] },
  });
}

/** What the client saw of a call: streamed text, tool results, the answer's UI text, finish. */
async function clientView(agent: Agent) {
  const out = await agent.stream(`Who is customer c-1? Answer to ${ASKER}.`);
  let streamed = '';
  const toolResults: unknown[] = [];
  for await (const chunk of out.fullStream) {
    if (chunk.type === 'text-delta') streamed += chunk.payload.text;
    if (chunk.type === 'tool-result') toolResults.push(chunk.payload.result);
  }
  const full = await out.getFullOutput();
  const ui = full.response.uiMessages
    .flatMap((m) => m.parts)
    .filter((p) => p.type === 'text')
    .map((p) => (p as { text: string }).text)
    .join('');
  return { streamed, text: full.text, toolResults, ui, finishReason: full.finishReason, usage: full.usage };
}

const redactors: Array<[string, () => OutputProcessor, boolean]> = [
  ['PIIDetector (mask)', () => new PIIDetector({ checkToolResults: true }), true],
  [
    'PIIDetector (placeholder)',
    () => new PIIDetector({ checkToolResults: true, redactionMethod: 'placeholder' }),
    true,
  ],
  [
    'RegexFilterProcessor (pii preset, redact)',
    () => new RegexFilterProcessor({ presets: ['pii'], strategy: 'redact' }),
    false,
  ],
];

function agentWith(
  cache: MastraServerCache,
  scripted: ScriptedModel,
  redactor: OutputProcessor,
  redact: boolean,
) {
  return new Agent({
    id: 'support',
    instructions: 'Answer about customers.',
    model: scripted,
    tools: { lookupCustomer },
    inputProcessors: [
      new ResponseCache({ cache, scope: 'tenant-1', redactBeforeStore: redact, logger: { warn: () => {} } }),
    ],
    outputProcessors: [redactor],
  });
}

describe('ResponseCache redactBeforeStore: the backend holds no raw PII', () => {
  for (const [name, make, withTools] of redactors) {
    it(`${name}: the in-memory entries hold no PII, and a hit shows the client what the live call did`, async () => {
      const cache = new Inspectable();
      const scripted = model(withTools);
      const redactor = make();
      const live = await clientView(agentWith(cache, scripted, redactor, true));
      const calls = scripted.calls.length;
      expect(cache.keys.size).toBe(withTools ? 2 : 1);
      const raw = await cache.raw();
      for (const secret of SECRETS) expect(raw).not.toContain(secret);
      // The live answer was redacted for the client too (the entry holds what the client got).
      for (const secret of [EMAIL, CARD]) expect(live.streamed).not.toContain(secret);

      const hit = await clientView(agentWith(cache, scripted, make(), true));
      expect(scripted.calls.length).toBe(calls);
      expect(hit).toEqual(live);
    });
  }

  it('the default mode stores the raw model output and tool result (processors run again on a hit)', async () => {
    const cache = new Inspectable();
    const scripted = model(true);
    const live = await clientView(
      agentWith(cache, scripted, new PIIDetector({ checkToolResults: true }), false),
    );
    const raw = await cache.raw();
    expect(raw).toContain(EMAIL);
    expect(raw).toContain(CARD);
    const hit = await clientView(
      agentWith(cache, scripted, new PIIDetector({ checkToolResults: true }), false),
    );
    expect(scripted.calls).toHaveLength(2);
    expect(hit).toEqual(live);
  });

  it('a run whose text an output processor changed after release (processOutputResult) writes nothing', async () => {
    const cache = new Inspectable();
    const scripted = model(false);
    const late: OutputProcessor = {
      id: 'late-redactor',
      processOutputResult: ({ messages }) => {
        for (const m of messages)
          for (const p of m.content.parts)
            if (p.type === 'text') p.text = p.text.replaceAll(EMAIL, '[EMAIL]');
      },
    };
    await clientView(agentWith(cache, scripted, late, true));
    expect(cache.keys.size).toBe(0);
  });

  it('is checked: a non-boolean redactBeforeStore is PROCESSOR_INVALID_OPTIONS naming the option', () => {
    expect(
      () => new ResponseCache({ cache: new InMemoryServerCache(), redactBeforeStore: 'yes' as never }),
    ).toThrow(/redactBeforeStore/);
  });
});

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisClient(): Promise<Redis | undefined> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return client;
  } catch (error) {
    client.disconnect();
    if (process.env.CI)
      throw new Error(`Redis is required under CI but ${REDIS_URL} is unreachable: ${String(error)}`);
    console.warn(`\n⚠ SKIPPING the Redis redactBeforeStore test: no Redis at ${REDIS_URL}.\n`);
    return undefined;
  }
}

const client = await redisClient();
const opened: RedisServerCache[] = [];
afterAll(async () => {
  for (const cache of opened) await cache.clear().catch(() => {});
  client?.disconnect();
});

describe.skipIf(client === undefined)('ResponseCache redactBeforeStore on a real Redis', () => {
  it('the raw Redis values hold no PII, and a hit shows the client what the live call did', async () => {
    const redis = client as Redis;
    const keyPrefix = `sluice-test:${randomUUID()}:`;
    const cache = new RedisServerCache({ client: redis }, { keyPrefix });
    opened.push(cache);
    const scripted = model(true);
    const make = () => new PIIDetector({ checkToolResults: true, redactionMethod: 'placeholder' });
    const live = await clientView(agentWith(cache, scripted, make(), true));
    const keys = await redis.keys(`${keyPrefix}*`);
    expect(keys).toHaveLength(2);
    const raw = withJoinedText(`[${(await Promise.all(keys.map((k) => redis.get(k)))).join(',')}]`);
    for (const secret of SECRETS) expect(raw).not.toContain(secret);
    const hit = await clientView(agentWith(cache, scripted, make(), true));
    expect(scripted.calls).toHaveLength(2);
    expect(hit).toEqual(live);
  });
});
