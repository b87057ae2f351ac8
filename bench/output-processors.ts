/**
 * Per-chunk cost of `agent.stream()` with 0, 3 and 10 pass-through output processors (each
 * `processOutputStream: async ({ part }) => part`), reading `fullStream` for a script of text
 * deltas, against the raw provider stream read of the same script (the scripted model's own
 * `doStream()`) measured in the same process; all four are interleaved run by run so JIT and
 * GC drift and machine noise hit them alike.
 */
import { Agent } from '../src/agent/index.js';
import type { OutputProcessor } from '../src/processors/index.js';
import { ScriptedModel } from '../src/test/index.js';
import { measureInterleaved, row } from './harness.js';
import { readProviderStream } from './stream-overhead.js';

const DELTAS = 5_000;
const COUNTS = [0, 3, 10] as const;
/** Goal: this many pass-through processors stay within GOAL_RATIO of the raw stream per chunk. */
const GOAL_PROCESSORS = 3;
const GOAL_RATIO = 4;

const deltas = Array.from({ length: DELTAS }, () => 'tok ');

function passThrough(count: number): OutputProcessor[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `pass-${i}`,
    processOutputStream: async ({ part }) => part,
  }));
}

function readAgent(processors: number): () => Promise<void> {
  return async () => {
    const agent = new Agent({
      id: 'bench',
      instructions: 'bench',
      model: new ScriptedModel({ steps: [{ text: deltas }] }),
      outputProcessors: passThrough(processors),
    });
    const output = await agent.stream('go');
    let n = 0;
    for await (const chunk of output.fullStream) if (chunk.type === 'text-delta') n++;
    if (n !== DELTAS) throw new Error(`agent stream lost chunks with ${processors} processors: ${n}`);
  };
}

/** Run the benchmark and print µs/chunk per processor count and the ratios to the raw stream. */
export async function benchOutputProcessors(): Promise<{ ratios: Record<number, number>; goalMet: boolean }> {
  const [provider, ...perCount] = (await measureInterleaved([
    () => readProviderStream(deltas),
    ...COUNTS.map(readAgent),
  ])) as [number, ...number[]];
  const agent: Record<number, number> = {};
  COUNTS.forEach((count, i) => {
    agent[count] = perCount[i] as number;
  });

  const us = (ms: number) => `${((ms * 1000) / DELTAS).toFixed(3)} µs/chunk`;
  console.log(
    `\noutput processors: ${DELTAS} text deltas, pass-through processOutputStream (median of 21 interleaved runs)`,
  );
  row('provider stream read raw (baseline)', us(provider));
  const ratios: Record<number, number> = {};
  for (const count of COUNTS) {
    const ms = agent[count] as number;
    ratios[count] = ms / provider;
    row(`agent.stream() fullStream, ${count} processors`, `${us(ms)}  (${ratios[count].toFixed(2)}x raw)`);
  }
  const zero = agent[0] as number;
  for (const count of COUNTS) {
    if (count === 0) continue;
    const perProcessor = (((agent[count] as number) - zero) * 1000) / DELTAS / count;
    row(`added cost per processor per chunk (${count})`, `${perProcessor.toFixed(3)} µs`);
  }
  const goal = ratios[GOAL_PROCESSORS] as number;
  const goalMet = goal <= GOAL_RATIO;
  row(
    `goal: ${GOAL_PROCESSORS} processors ≤ ${GOAL_RATIO}x raw per chunk`,
    `${goalMet ? 'met' : 'NOT met'} (${goal.toFixed(2)}x)`,
  );
  return { ratios, goalMet };
}
