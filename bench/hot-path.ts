/**
 * The hot paths against a fast provider (the AI SDK's own `MockLanguageModelV4` from `ai/test`,
 * answering from prebuilt spec-V4 parts), each against a baseline measured in the same run:
 *  - per chunk: `agent.stream()` with 0, 3 and 10 async pass-through output processors
 *    (`async processOutputStream({ part }) { return part; }`) reading `fullStream`, against the
 *    raw read of the mock's own `doStream()` (interleaved run by run);
 *  - allocation per chunk: bytes allocated per text delta by the same runs (see
 *    `alloc-per-chunk.ts` for the method: a child process with `--expose-gc` and a semi-space
 *    large enough that no collection runs during a sample; heap-used deltas);
 *  - time to first chunk: from calling `agent.stream()` to the first `text-delta` a
 *    `fullStream` reader sees (the provider answers at once, so any wait is Sluice's);
 *  - request churn: 500 sequential `agent.generate()` calls against 500 sequential AI SDK
 *    `generateText()` calls on the same model object (batches paired back to back; median ratio).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LanguageModelV4, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { generateText } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { Agent } from '../src/agent/index.js';
import type { OutputProcessor } from '../src/processors/index.js';
import { measureInterleaved, measurePairedRatio, row } from './harness.js';

const DELTAS = 5_000;
const COUNTS = [0, 3, 10] as const;
/** Goals, as ratios to the raw read in the same run. */
const GOALS: Record<number, number> = { 3: 4, 10: 6 };
const FIRST_CHUNK_DELTAS = 500;
const FIRST_CHUNK_GOAL_MS = 0.5;
const CHURN_CALLS = 500;

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** The spec-V4 parts of one answer made of `deltas` text deltas. */
export function answerParts(deltas: number): LanguageModelV4StreamPart[] {
  const parts: LanguageModelV4StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't' },
  ];
  for (let i = 0; i < deltas; i++) parts.push({ type: 'text-delta', id: 't', delta: 'tok ' });
  parts.push(
    { type: 'text-end', id: 't' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
  );
  return parts;
}

/** A fast provider: the `ai/test` mock streaming prebuilt parts (a fresh stream per call). */
export function fastModel(deltas: number): MockLanguageModelV4 {
  const parts = answerParts(deltas);
  return new MockLanguageModelV4({
    doStream: async () => {
      let i = 0;
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          pull(controller) {
            if (i < parts.length) controller.enqueue(parts[i++] as LanguageModelV4StreamPart);
            else controller.close();
          },
        }),
      };
    },
    doGenerate: async () => ({
      content: [{ type: 'text', text: 'tok '.repeat(deltas) }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
  });
}

/** `count` processors with an async pass-through stream hook written as a method. */
export function asyncPassThrough(count: number): OutputProcessor[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `async-pass-${i}`,
    async processOutputStream({ part }) {
      return part;
    },
  }));
}

/** Reads the model's own `doStream()`: the raw baseline. */
export async function readRaw(model: LanguageModelV4, deltas: number): Promise<void> {
  const { stream } = await model.doStream({
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'go' }] }],
  });
  let n = 0;
  for await (const part of stream) if (part.type === 'text-delta') n++;
  if (n !== deltas) throw new Error('raw read lost parts');
}

/** One `agent.stream()` run read to the end through `fullStream`. */
export async function readAgent(agent: Agent, deltas: number): Promise<void> {
  const output = await agent.stream('go');
  let n = 0;
  for await (const chunk of output.fullStream) if (chunk.type === 'text-delta') n++;
  if (n !== deltas) throw new Error(`agent stream lost chunks: ${n}`);
}

/** An agent over `model` with `processors` async pass-through output processors. */
export function benchAgent(model: LanguageModelV4, processors: number): Agent {
  return new Agent({
    id: 'bench',
    instructions: 'bench',
    model,
    outputProcessors: asyncPassThrough(processors),
  });
}

async function perChunk(): Promise<Record<number, number>> {
  const model = fastModel(DELTAS);
  const agents = COUNTS.map((count) => benchAgent(model, count));
  const [raw, ...perCount] = (await measureInterleaved([
    () => readRaw(model, DELTAS),
    ...agents.map((agent) => () => readAgent(agent, DELTAS)),
  ])) as [number, ...number[]];
  const us = (ms: number) => `${((ms * 1000) / DELTAS).toFixed(3)} µs/chunk`;
  console.log(
    `\nhot path, per chunk: ${DELTAS} text deltas from the ai/test V4 mock, async pass-through processOutputStream methods (median of 21 interleaved runs)`,
  );
  row('mock doStream() read raw (baseline)', us(raw));
  const ratios: Record<number, number> = {};
  COUNTS.forEach((count, i) => {
    const ms = perCount[i] as number;
    ratios[count] = ms / raw;
    const above = (((ms - raw) * 1000) / DELTAS).toFixed(3);
    row(
      `agent.stream(), ${count} async processors`,
      `${us(ms)}  (${ratios[count].toFixed(2)}x raw, +${above} µs)`,
    );
  });
  for (const [count, goal] of Object.entries(GOALS)) {
    const ratio = ratios[Number(count)] as number;
    row(
      `goal: ${count} processors ≤ ${goal}x raw`,
      `${ratio <= goal ? 'met' : 'NOT met'} (${ratio.toFixed(2)}x)`,
    );
  }
  return ratios;
}

function allocation(): void {
  // A child process: the flags that make heap deltas exact cannot be set from inside a process.
  const script = fileURLToPath(new URL('./alloc-per-chunk.ts', import.meta.url));
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', '--min-semi-space-size=128', '--max-semi-space-size=128', '--import', 'tsx', script],
    { encoding: 'utf8' },
  );
  if (child.status !== 0) throw new Error(`allocation bench failed: ${child.stderr}`);
  process.stdout.write(child.stdout);
}

async function firstChunk(): Promise<number> {
  const model = fastModel(FIRST_CHUNK_DELTAS);
  const agents = [0, 3].map((count) => benchAgent(model, count));
  let firstMs = 0;
  const timeToFirst = (agent: Agent) => async () => {
    const start = process.hrtime.bigint();
    const output = await agent.stream('go');
    let n = 0;
    for await (const chunk of output.fullStream) {
      if (chunk.type !== 'text-delta') continue;
      if (n++ === 0) firstMs = Number(process.hrtime.bigint() - start) / 1e6;
    }
    if (n !== FIRST_CHUNK_DELTAS) throw new Error(`agent stream lost chunks: ${n}`);
  };
  // measureInterleaved times whole runs; the first-chunk times are collected beside it.
  const samples: number[][] = agents.map(() => []);
  await measureInterleaved(
    agents.map((agent, i) => async () => {
      await timeToFirst(agent)();
      (samples[i] as number[]).push(firstMs);
    }),
    { warmup: 10, runs: 51 },
  );
  const median = (list: number[]) => {
    const tail = list.slice(-51).sort((a, b) => a - b);
    return tail[Math.floor(tail.length / 2)] as number;
  };
  const [none, three] = samples.map(median) as [number, number];
  console.log(
    `\nhot path, time to first chunk: stream() → first text-delta a fullStream reader sees, fast provider (${FIRST_CHUNK_DELTAS} deltas; median of 51 runs)`,
  );
  row('no processors', `${none.toFixed(3)} ms`);
  row('3 async processors', `${three.toFixed(3)} ms`);
  row(
    `goal: ≤ ${FIRST_CHUNK_GOAL_MS} ms (no processors)`,
    `${none <= FIRST_CHUNK_GOAL_MS ? 'met' : 'NOT met'}`,
  );
  return none;
}

export async function churn(): Promise<number> {
  const ratio = await churnOf(Agent, 'agent.generate() (TypeScript sources through tsx)');
  // The shipped package is compiled JavaScript, like the AI SDK it is compared with; tsx's
  // per-closure name helpers cost a few percent per call that users never pay.
  // A computed specifier: typechecking must not depend on dist/ having been built.
  const distEntry = new URL('../dist/agent/index.js', import.meta.url).href;
  const built = (await import(distEntry).catch(() => undefined)) as { Agent: typeof Agent } | undefined;
  if (!built) {
    row('agent.generate() from dist/', 'skipped (run `npm run build` first)');
    return ratio;
  }
  return churnOf(built.Agent, 'agent.generate() (the built package, dist/)');
}

async function churnOf(AgentClass: typeof Agent, label: string): Promise<number> {
  const model = fastModel(1);
  const agent = new AgentClass({ id: 'bench', instructions: 'bench', model });
  const sluice = async () => {
    for (let i = 0; i < CHURN_CALLS; i++) {
      const result = await agent.generate('go');
      if (result.text !== 'tok ') throw new Error(`unexpected text ${result.text}`);
    }
  };
  const aiSdk = async () => {
    for (let i = 0; i < CHURN_CALLS; i++) {
      const result = await generateText({ model, system: 'bench', prompt: 'go' });
      if (result.text !== 'tok ') throw new Error(`unexpected text ${result.text}`);
    }
  };
  // Batches of both back to back, order alternating; the ratio is the median of per-round ratios,
  // so drift between rounds (GC, JIT, other load) cancels out.
  const paired = await measurePairedRatio(aiSdk, sluice, { warmup: 3, runs: 15 });
  const ours = paired.variant;
  const theirs = paired.base;
  const perSecond = (ms: number) => Math.round((CHURN_CALLS * 1000) / ms);
  console.log(
    `\nhot path, request churn: ${CHURN_CALLS} sequential calls, same ai/test V4 mock (15 paired batches; medians): ${label}`,
  );
  row(
    'AI SDK generateText() (baseline)',
    `${perSecond(theirs)} calls/s  (${((theirs * 1000) / CHURN_CALLS).toFixed(1)} µs/call)`,
  );
  row(label, `${perSecond(ours)} calls/s  (${((ours * 1000) / CHURN_CALLS).toFixed(1)} µs/call)`);
  // Calls per second relative to the AI SDK's: 1 / (median of per-round time ratios).
  const ratio = 1 / paired.ratio;
  row(
    'goal: churn ≥ AI SDK generateText',
    `${ratio >= 1 ? 'met' : 'NOT met'} (${ratio.toFixed(2)}x its calls/s)`,
  );
  return ratio;
}

/** Run every hot-path benchmark. */
export async function benchHotPath(): Promise<void> {
  await perChunk();
  allocation();
  await firstChunk();
  await churn();
}
