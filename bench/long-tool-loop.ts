/**
 * Memory and time of a long tool loop: a model that calls a trivial tool n-1 times and then
 * answers (n LLM steps), run through `agent.stream()` read to the end, at 250 and 1,000 steps.
 * Live heap is sampled after a forced GC every 50 steps while the run is going; its peak above
 * the heap before the run is reported. Linear memory shows as a heap ratio near 4× for 4× the
 * steps (it was 14× — 22 → 307 MB — while every step-start chunk kept its own copy of the
 * conversation). Time stays superlinear: each step sends the whole conversation to the model.
 *
 * Run alone: `npx tsx bench/long-tool-loop.ts`.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Agent } from '../src/agent/index.js';
import { createTool } from '../src/tools/index.js';
import { row } from './harness.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const noop = createTool({ id: 'noop', description: 'Does nothing', execute: () => ({ ok: true }) });

/** A bare V2 model (ScriptedModel records every prompt for tests, which would be measured too). */
function loopModel(n: number, onCall: (index: number) => void) {
  let i = 0;
  const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };
  return {
    specificationVersion: 'v2' as const,
    provider: 'bench',
    modelId: 'loop',
    supportedUrls: {},
    async doGenerate(): Promise<never> {
      throw new Error('stream only');
    },
    async doStream() {
      const k = i++;
      onCall(k);
      const parts: unknown[] =
        k < n - 1
          ? [
              { type: 'stream-start', warnings: [] },
              { type: 'tool-call', toolCallId: `c-${k}`, toolName: 'noop', input: '{}' },
              { type: 'finish', finishReason: 'tool-calls', usage },
            ]
          : [
              { type: 'stream-start', warnings: [] },
              { type: 'text-start', id: 't' },
              { type: 'text-delta', id: 't', delta: 'done' },
              { type: 'text-end', id: 't' },
              { type: 'finish', finishReason: 'stop', usage },
            ];
      return {
        stream: new ReadableStream({
          start(c) {
            for (const p of parts) c.enqueue(p);
            c.close();
          },
        }),
      };
    },
  };
}

async function loop(steps: number, sampleHeap: boolean): Promise<{ ms: number; liveMb: number }> {
  let peak = 0;
  const model = loopModel(steps, (k) => {
    if (sampleHeap && k % 50 === 49) {
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
  });
  const agent = new Agent({
    id: 'bench',
    instructions: 'bench',
    model: model as never,
    tools: { noop },
    maxSteps: steps,
  });
  gc();
  const base = process.memoryUsage().heapUsed;
  const started = performance.now();
  const output = await agent.stream('go');
  for await (const _ of output.fullStream);
  const ms = performance.now() - started;
  if ((await output.text) !== 'done') throw new Error('the loop did not finish');
  return { ms, liveMb: Math.max(0, peak - base) / 1e6 };
}

/** Prints live heap and time at 250 and 1,000 steps, and the 1,000 / 250 ratios. */
export async function benchLongToolLoop(): Promise<{ heapRatio: number; timeRatio: number }> {
  await loop(50, false); // warm-up
  const small = { heap: await loop(250, true), time: await loop(250, false) };
  const large = { heap: await loop(1000, true), time: await loop(1000, false) };
  console.log('\nlong tool loop: live heap (peak above the start, GC forced every 50 steps) and time');
  row('250 steps', `${small.heap.liveMb.toFixed(1)} MB live, ${small.time.ms.toFixed(0)} ms`);
  row('1,000 steps', `${large.heap.liveMb.toFixed(1)} MB live, ${large.time.ms.toFixed(0)} ms`);
  const heapRatio = large.heap.liveMb / small.heap.liveMb;
  const timeRatio = large.time.ms / small.time.ms;
  row(
    'ratio 1,000 / 250 (linear 4×, quadratic 16×)',
    `heap ${heapRatio.toFixed(1)}×, time ${timeRatio.toFixed(1)}×`,
  );
  return { heapRatio, timeRatio };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLongToolLoop();
