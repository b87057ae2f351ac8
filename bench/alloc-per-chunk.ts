/**
 * Bytes allocated per text delta by one `agent.stream()` run (and by the raw read of the same
 * mock, for reference). Run by `hot-path.ts` as a child process with `--expose-gc` and a 128 MB
 * semi-space: a sample is `gc()`, heap used, one run, heap used again. Nothing is collected in
 * between (a sample during which a GC entry shows up is discarded), so the difference is what the
 * run allocated and still held at its end, i.e. everything it allocated: a lower bound only if a
 * collection slipped in, which the check rules out.
 */
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { row } from './harness.js';
import { benchAgent, fastModel, readAgent, readRaw } from './hot-path.js';

const DELTAS = 2_000;
const SAMPLES = 7;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const collections: number[] = [];
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) collections.push(entry.startTime);
});
observer.observe({ entryTypes: ['gc'] });

async function bytesPerChunk(run: () => Promise<void>): Promise<number> {
  for (let i = 0; i < 3; i++) await run();
  const samples: number[] = [];
  for (let attempt = 0; samples.length < SAMPLES && attempt < SAMPLES * 4; attempt++) {
    gc?.();
    await new Promise((resolve) => setImmediate(resolve));
    const start = performance.now();
    const before = process.memoryUsage().heapUsed;
    await run();
    const after = process.memoryUsage().heapUsed;
    const end = performance.now();
    // GC entries are delivered asynchronously: let them arrive before judging the sample.
    await new Promise((resolve) => setImmediate(resolve));
    if (collections.some((t) => t >= start && t <= end)) continue;
    samples.push((after - before) / DELTAS);
  }
  if (samples.length === 0) throw new Error('every sample saw a collection');
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] as number;
}

const model = fastModel(DELTAS);
console.log(
  `\nhot path, allocation per chunk: ${DELTAS} text deltas, heap-used delta of a run without GC (--expose-gc, 128 MB semi-space; median of ${SAMPLES})`,
);
const raw = await bytesPerChunk(() => readRaw(model, DELTAS));
row('mock doStream() read raw (baseline)', `${Math.round(raw)} B/chunk`);
for (const count of [0, 3, 10]) {
  const agent = benchAgent(model, count);
  const bytes = await bytesPerChunk(() => readAgent(agent, DELTAS));
  row(
    `agent.stream(), ${count} async processors`,
    `${Math.round(bytes)} B/chunk  (${Math.round(bytes - raw)} B above the raw read)`,
  );
  // The goal counts what Sluice allocates: the provider's own ReadableStream read (the raw
  // baseline, paid by any reader of that stream) is not Sluice's to save.
  if (count === 3) {
    const own = bytes - raw;
    row(
      'goal: 3 processors ≤ 2048 B/chunk above raw',
      `${own <= 2048 ? 'met' : 'NOT met'} (${Math.round(own)} B)`,
    );
  }
}
observer.disconnect();
