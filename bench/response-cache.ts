/**
 * What `ResponseCache` costs and saves, each row against a baseline measured in the same run:
 *
 * 1. `agent.generate()` of a 40-delta answer over a 20-message history: a cache hit (the entry
 *    replays, no provider call), a miss (lookup, provider call, write after the step) and the
 *    same run without the cache. The scripted provider answers instantly, so the hit/miss ratio
 *    shows the replay's own cost; real providers add their latency to the miss only.
 * 2. `buildResponseCacheKey` over prompts of 1, 100 and 1,000 messages: µs per message, which
 *    should stay about flat (the key is linear in the prompt's size).
 */
import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import { Agent } from '../src/agent/index.js';
import { InMemoryServerCache } from '../src/cache/index.js';
import { buildResponseCacheKey, ResponseCache } from '../src/processors/index.js';
import { ScriptedModel } from '../src/test/index.js';
import { measureInterleaved, row } from './harness.js';

const RUNS = 21;
const ANSWER = Array.from({ length: 40 }, (_, i) => `word${i} `);
const HISTORY = Array.from({ length: 20 }, (_, i) => ({
  role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
  content: `Message ${i}: what about the shipment to warehouse ${i}, is it on schedule?`,
}));
const KEY_SIZES = [1, 100, 1_000] as const;

function agentFor(cache: InMemoryServerCache | undefined, model: ScriptedModel): Agent {
  return new Agent({
    id: 'bench',
    instructions: 'bench',
    model,
    inputProcessors: cache ? [new ResponseCache({ cache })] : [],
  });
}

const expected = ANSWER.join('');

function check(text: string): void {
  if (text !== expected) throw new Error(`unexpected answer ${JSON.stringify(text.slice(0, 40))}`);
}

/** `n` prompt messages of ~80 characters, alternating user/assistant, with Mastra's createdAt stamps. */
function prompt(n: number): LanguageModelV2Prompt {
  const out: LanguageModelV2Prompt = [{ role: 'system', content: 'You are a helpful assistant.' }];
  for (let i = 0; i < n; i++) {
    const text = `Message ${i}: what about the shipment to warehouse ${i % 97}, on schedule?`;
    const part = { type: 'text' as const, text, providerOptions: { mastra: { createdAt: Date.now() + i } } };
    out.push(i % 2 === 0 ? { role: 'user', content: [part] } : { role: 'assistant', content: [part] });
  }
  return out;
}

/** Run both benchmarks and print their rows. */
export async function benchResponseCache(): Promise<{ hitOverMiss: number; perMessageUs: number[] }> {
  const model = new ScriptedModel({ steps: () => ({ text: ANSWER }) });
  const warmCache = new InMemoryServerCache();
  const hitAgent = agentFor(warmCache, model);
  check((await hitAgent.generate([...HISTORY])).text);
  const callsAfterWarm = model.calls.length;
  const plain = agentFor(undefined, model);

  const hit = async () => check((await hitAgent.generate([...HISTORY])).text);
  // The cache emptied before every run: the lookup misses, the provider is called, the entry is written.
  const missCache = new InMemoryServerCache();
  const missAgent = agentFor(missCache, model);
  const miss = async () => {
    await missCache.clear();
    check((await missAgent.generate([...HISTORY])).text);
  };
  const none = async () => check((await plain.generate([...HISTORY])).text);
  // The same miss against a provider that takes 1 ms per stream part (about what a fast hosted
  // model streams at): the part of a real miss a hit saves.
  const slowModel = new ScriptedModel({ steps: () => ({ text: ANSWER, delayMs: 1 }) });
  const slowCache = new InMemoryServerCache();
  const slowAgent = agentFor(slowCache, slowModel);
  const slowMiss = async () => {
    await slowCache.clear();
    check((await slowAgent.generate([...HISTORY])).text);
  };
  const [hitMs, missMs, noneMs, slowMs] = (await measureInterleaved([hit, miss, none, slowMiss], {
    runs: RUNS,
  })) as [number, number, number, number];
  const hitsCalledProvider = model.calls.length - callsAfterWarm - 2 * (RUNS + 5);
  if (hitsCalledProvider !== 0) throw new Error(`hits called the provider ${hitsCalledProvider} times`);

  console.log(
    `\nresponse cache: agent.generate(), 20-message history, 40-delta answer, InMemoryServerCache (median of ${RUNS} interleaved runs)`,
  );
  row(
    'hit (replayed, no provider call)',
    `${hitMs.toFixed(3)} ms (${(hitMs / missMs).toFixed(2)}x the miss)`,
  );
  row(
    'miss (lookup + provider + write)',
    `${missMs.toFixed(3)} ms (${(missMs / noneMs).toFixed(2)}x no cache)`,
  );
  row('no cache', `${noneMs.toFixed(3)} ms`);
  row(
    'miss, provider at 1 ms per part',
    `${slowMs.toFixed(3)} ms (the hit is ${(hitMs / slowMs).toFixed(3)}x of it)`,
  );

  console.log(
    '  buildResponseCacheKey vs prompt length (median of 31 interleaved rounds, ~4,000 messages hashed per round)',
  );
  const variants = KEY_SIZES.map((n) => {
    const inputs = {
      agentId: 'bench',
      model: { provider: 'openai', modelId: 'gpt-5', specVersion: 'v2' },
      prompt: prompt(n),
      stepNumber: 0,
    };
    const reps = Math.max(1, Math.round(4_000 / n));
    return {
      n,
      reps,
      run: async () => {
        for (let i = 0; i < reps; i++) buildResponseCacheKey(inputs);
      },
    };
  });
  const keyTimes = await measureInterleaved(
    variants.map((v) => v.run),
    { warmup: 5, runs: 31 },
  );
  const perMessageUs: number[] = [];
  variants.forEach(({ n, reps }, i) => {
    const perKeyUs = ((keyTimes[i] as number) * 1000) / reps;
    const perMsg = perKeyUs / (n + 1);
    perMessageUs.push(perMsg);
    row(
      `${n.toLocaleString('en-US')} message${n === 1 ? '' : 's'}`,
      `${perKeyUs.toFixed(1)} µs/key, ${perMsg.toFixed(2)} µs/message`,
    );
  });
  const flat = (perMessageUs[2] as number) / (perMessageUs[1] as number);
  row('per-message cost 1,000 vs 100', `${flat.toFixed(2)}x (${flat <= 1.5 ? 'linear' : 'NOT linear'})`);
  return { hitOverMiss: hitMs / missMs, perMessageUs };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchResponseCache();
