/**
 * What a streaming guardrail costs: `agent.stream()` with an offline output guardrail against
 * the same stream without one, measured in the same run.
 *  - per-chunk overhead: 4,000 deltas of ~5 characters (an e-mail address every ~60 words, so
 *    the redaction path runs), µs per chunk and the ratio to the bare agent stream;
 *  - time to first text: CPU only (instant chunks), and with the model pacing one chunk per
 *    5 ms (about 200 chunks/s, a fast model), where the hold-back shows as added latency: text
 *    is released only once a window (`windowChars`) has been checked.
 * Run alone: `npx tsx bench/guardrails.ts`.
 */
import { Agent } from '../src/agent/index.js';
import type { OutputProcessor } from '../src/pipeline/types.js';
import { createStreamWindow } from '../src/processors/authoring/index.js';
import { ModerationProcessor, PIIDetector, SystemPromptScrubber } from '../src/processors/index.js';
import { ScriptedModel } from '../src/test/index.js';
import { measureInterleaved, row } from './harness.js';

const DELTAS = 4_000;
const WORDS = ['alpha ', 'bravo ', 'delta ', 'echo ', 'golf ', 'hotel ', 'india ', 'kilo '];
const deltas = Array.from({ length: DELTAS }, (_, i) =>
  i % 60 === 59 ? 'mail jane.doe@example.com ' : (WORDS[i % WORDS.length] as string),
);
const EMAIL = /[\w.+-]+@[\w-]+\.[\w.]+/g;

interface Variant {
  name: string;
  make: () => OutputProcessor | undefined;
}

const VARIANTS: readonly Variant[] = [
  { name: 'no guardrail (baseline)', make: () => undefined },
  {
    name: 'stream window + regex check (defaults 160/64)',
    make: () => {
      const window = createStreamWindow({
        check: (text) => {
          const spans = [...text.matchAll(EMAIL)].map((m) => ({
            start: m.index,
            end: m.index + m[0].length,
            replacement: '[EMAIL]',
          }));
          return spans.length > 0 ? { action: 'redact', spans } : null;
        },
      });
      return { id: 'window', processOutputStream: (args) => window.process(args) };
    },
  },
  { name: 'PIIDetector offline (redact)', make: () => new PIIDetector() },
  { name: 'ModerationProcessor offline (block)', make: () => new ModerationProcessor() },
  { name: 'SystemPromptScrubber offline (redact)', make: () => new SystemPromptScrubber() },
];

function agentFor(processor: OutputProcessor | undefined, script: readonly string[], delayMs = 0): Agent {
  return new Agent({
    id: 'bench',
    instructions: 'You are a benchmark agent. Answer with the scripted words and nothing else, ever.',
    model: new ScriptedModel({ steps: [{ text: script, delayMs }] }),
    outputProcessors: processor ? [processor] : [],
  });
}

/** Reads one stream; returns ms to the first text-delta and the text-delta count. */
async function readOnce(processor: OutputProcessor | undefined, script: readonly string[], delayMs = 0) {
  const agent = agentFor(processor, script, delayMs);
  const start = process.hrtime.bigint();
  const output = await agent.stream('go');
  let first = -1;
  let n = 0;
  for await (const chunk of output.fullStream) {
    if (chunk.type !== 'text-delta') continue;
    if (first < 0) first = Number(process.hrtime.bigint() - start) / 1e6;
    n++;
  }
  return { first, n };
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number;

export async function benchGuardrails(): Promise<void> {
  console.log(`\nstreaming guardrails: ${DELTAS} text deltas through agent.stream() (median of 11 runs)`);
  // One processor instance per variant, reused across runs as an app would.
  const processors = VARIANTS.map((v) => v.make());
  const times = await measureInterleaved(
    processors.map((processor) => async () => {
      await readOnce(processor, deltas);
    }),
    { warmup: 2, runs: 11 },
  );
  const base = times[0] as number;
  VARIANTS.forEach((variant, i) => {
    const ms = times[i] as number;
    const us = (ms * 1000) / DELTAS;
    const added = ((ms - base) * 1000) / DELTAS;
    row(
      `  ${variant.name}`,
      i === 0
        ? `${us.toFixed(2)} µs/chunk`
        : `${us.toFixed(2)} µs/chunk (+${added.toFixed(2)} µs, ${(ms / base).toFixed(2)}x)`,
    );
  });

  console.log('  time to first text, CPU only (instant chunks; median of 11)');
  const short = deltas.slice(0, 200);
  for (let i = 0; i < VARIANTS.length; i++) {
    const firsts: number[] = [];
    for (let r = 0; r < 11; r++) firsts.push((await readOnce(processors[i], short)).first);
    row(`    ${VARIANTS[i]?.name}`, `${median(firsts).toFixed(2)} ms`);
  }

  console.log('  time to first text, model paced at 5 ms/chunk (median of 3)');
  const paced = deltas.slice(0, 60);
  const pacedFirst: number[] = [];
  for (let i = 0; i < VARIANTS.length; i++) {
    const firsts: number[] = [];
    for (let r = 0; r < 3; r++) firsts.push((await readOnce(processors[i], paced, 5)).first);
    pacedFirst.push(median(firsts));
    const added = (pacedFirst[i] as number) - (pacedFirst[0] as number);
    row(
      `    ${VARIANTS[i]?.name}`,
      `${(pacedFirst[i] as number).toFixed(1)} ms${i === 0 ? '' : ` (+${added.toFixed(1)} ms held back)`}`,
    );
  }
  await helperCalls();
}

/** LLM mode: how many helper-model calls a streamed answer costs (per window, never per chunk). */
export async function helperCalls(): Promise<void> {
  // Unique words, so no window repeats an earlier one (the verdict cache would answer it).
  const script = Array.from({ length: 1_000 }, (_, i) => `word${i} `);
  const judge = new ScriptedModel({ steps: () => '{"category_scores": null, "reason": null}' });
  const agent = agentFor(new ModerationProcessor({ model: judge }), script);
  const output = await agent.stream('go');
  await output.text;
  const chars = script.join('').length;
  console.log('  LLM mode: helper-model calls for one streamed answer');
  row(
    `    ModerationProcessor llm (defaults 160/64)`,
    `${judge.calls.length - 1} calls for ${script.length} chunks (${chars.toLocaleString('en-US')} chars); per-chunk checking would make ${script.length}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchGuardrails();
