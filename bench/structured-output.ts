/**
 * Per-KB cost of streaming a structured-output answer (`structuredOutput: { schema }`, the
 * agent's own model answering) in small text deltas, for 20 KB of prose (a model that ignores
 * the JSON request) and 20 KB of valid JSON, against a plain-text run (no `structuredOutput`)
 * of the same deltas measured in the same process, interleaved run by run. Partial `object`
 * chunks are parsed per delta, so this row shows whether that parsing stays linear.
 */
import { Agent } from '../src/agent/index.js';
import { ScriptedModel } from '../src/test/index.js';
import { measureInterleaved, row } from './harness.js';

const SIZE = 20 * 1024;
const DELTA = 8;

function chop(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += DELTA) out.push(text.slice(i, i + DELTA));
  return out;
}

function prose(): string {
  const sentence = 'The weather in Oslo is mild today, with light rain [maybe], and {some} wind, too. ';
  return sentence.repeat(Math.ceil(SIZE / sentence.length)).slice(0, SIZE);
}

function json(): string {
  const items: string[] = [];
  let length = 2;
  for (let i = 0; length < SIZE - 64; i++) {
    const item = JSON.stringify({ city: `City ${i}`, tempC: i % 30, tags: ['a', 'b'] });
    items.push(item);
    length += item.length + 1;
  }
  return `{"items":[${items.join(',')}]}`;
}

const schema = {
  type: 'object',
  properties: { items: { type: 'array', items: { type: 'object' } } },
} as const;

function run(deltas: string[], structured: boolean): () => Promise<void> {
  return async () => {
    const agent = new Agent({
      id: 'bench',
      instructions: 'bench',
      model: new ScriptedModel({ steps: [{ text: deltas }] }),
    });
    const output = await agent.stream(
      'go',
      structured ? { structuredOutput: { schema, errorStrategy: 'fallback', fallbackValue: {} } } : {},
    );
    let n = 0;
    for await (const chunk of output.fullStream) if (chunk.type === 'text-delta') n++;
    if (n !== deltas.length) throw new Error(`structured-output bench lost chunks: ${n}`);
  };
}

/** Run the benchmark and print µs per KB and the ratios to a plain-text run of the same size. */
export async function benchStructuredOutput(): Promise<{ prose: number; json: number }> {
  const proseDeltas = chop(prose());
  const jsonDeltas = chop(json());
  const [plainProse, structuredProse, plainJson, structuredJson] = (await measureInterleaved(
    [run(proseDeltas, false), run(proseDeltas, true), run(jsonDeltas, false), run(jsonDeltas, true)],
    { warmup: 5, runs: 21 },
  )) as [number, number, number, number];
  const kb = SIZE / 1024;
  const us = (ms: number) => `${((ms * 1000) / kb).toFixed(1)} µs/KB`;
  console.log(
    `\nstructured output: 20 KB answers in ${DELTA}-char deltas, partial objects on (median of 21 interleaved runs)`,
  );
  row('plain text, 20 KB (baseline)', us(plainProse));
  row(
    'structured, 20 KB prose',
    `${us(structuredProse)}  (${(structuredProse / plainProse).toFixed(2)}x plain)`,
  );
  row('plain text, 20 KB JSON (baseline)', us(plainJson));
  row('structured, 20 KB JSON', `${us(structuredJson)}  (${(structuredJson / plainJson).toFixed(2)}x plain)`);
  return { prose: structuredProse / plainProse, json: structuredJson / plainJson };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStructuredOutput();
