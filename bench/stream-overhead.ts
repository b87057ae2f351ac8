/**
 * Per-chunk cost of `agent.stream()` against baselines measured in the same process:
 *  - the provider stream read raw (the scripted model's own `doStream()`, same script), and
 *  - a bare `ReadableStream` of prebuilt parts (the floor of any stream read in this runtime).
 */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { Agent } from '../src/agent/index.js';
import { ScriptedModel } from '../src/test/index.js';
import { measure, row } from './harness.js';

const DELTAS = 5_000;
const deltas = Array.from({ length: DELTAS }, () => 'tok ');

async function readBareStream(): Promise<void> {
  const parts: LanguageModelV4StreamPart[] = [{ type: 'text-start', id: 't' }];
  for (let i = 0; i < DELTAS; i++) parts.push({ type: 'text-delta', id: 't', delta: 'tok ' });
  parts.push({ type: 'text-end', id: 't' });
  let i = 0;
  const stream = new ReadableStream<LanguageModelV4StreamPart>({
    pull(controller) {
      if (i < parts.length) controller.enqueue(parts[i++] as LanguageModelV4StreamPart);
      else controller.close();
    },
  });
  let n = 0;
  for await (const part of stream) if (part.type === 'text-delta') n++;
  if (n !== DELTAS) throw new Error('bare read lost parts');
}

/** Reads the scripted model's own `doStream()` for the given deltas: the raw provider baseline. */
export async function readProviderStream(script: readonly string[] = deltas): Promise<void> {
  const model = new ScriptedModel({ steps: [{ text: script }] });
  const { stream } = await model.doStream({
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'go' }] }],
  });
  let n = 0;
  for await (const part of stream) if (part.type === 'text-delta') n++;
  if (n !== script.length) throw new Error('provider read lost parts');
}

async function readAgent(): Promise<void> {
  const agent = new Agent({
    id: 'bench',
    instructions: 'bench',
    model: new ScriptedModel({ steps: [{ text: deltas }] }),
  });
  const output = await agent.stream('go');
  let n = 0;
  for await (const chunk of output.fullStream) if (chunk.type === 'text-delta') n++;
  if (n !== DELTAS) throw new Error(`agent stream lost chunks: ${n}`);
}

/** Run the benchmark and print µs/chunk and the ratios. */
export async function benchStreamOverhead(): Promise<{ ratio: number }> {
  const bare = await measure(readBareStream);
  const provider = await measure(readProviderStream);
  const agent = await measure(readAgent);
  const us = (ms: number) => `${((ms * 1000) / DELTAS).toFixed(3)} µs/chunk`;
  console.log(`\nstream overhead: ${DELTAS} text deltas, no processors (median of 21 runs)`);
  row('bare ReadableStream read', us(bare));
  row('provider stream read raw (baseline)', us(provider));
  row('agent.stream() fullStream', us(agent));
  row('ratio agent / provider stream', `${(agent / provider).toFixed(2)}x  (goal ≤ 3x)`);
  row('ratio agent / bare ReadableStream', `${(agent / bare).toFixed(2)}x`);
  return { ratio: agent / provider };
}
