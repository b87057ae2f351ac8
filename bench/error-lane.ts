/**
 * What the always-on error lane costs when nothing fails: the four default error processors
 * (ProviderHistoryCompat's outbound-prompt check runs before every model call), the attachment
 * scan and the per-step checkpoint. A 20-step tool loop over a history of HISTORY messages, run
 * through `agent.generate()` with the defaults on, against the same agent with
 * `errorProcessorDefaults: false` (the baseline), interleaved run by run in the same process.
 * Measured twice: for a model no compat rule targets, and for an Anthropic model, where the
 * tool-id rule scans every tool call and result of the prompt before each call.
 */
import { Agent } from '../src/agent/index.js';
import type { MastraDBMessage } from '../src/messages/index.js';
import { ScriptedModel } from '../src/test/index.js';
import { createTool } from '../src/tools/index.js';
import { measurePairedRatio, row } from './harness.js';

const STEPS = 20;
const HISTORY = 200;
const WARMUP = 20;
const RUNS = 61;

const noop = createTool({ id: 'noop', description: 'Does nothing', execute: () => ({ ok: true }) });

const history: MastraDBMessage[] = Array.from({ length: HISTORY }, (_, i) => ({
  id: `h-${i}`,
  role: i % 2 === 0 ? 'user' : 'assistant',
  createdAt: new Date(1_700_000_000_000 + i),
  content: { format: 2, parts: [{ type: 'text', text: `message ${i} with a few words of history` }] },
}));

function runLoop(defaults: boolean, provider: string): () => Promise<void> {
  // One agent per variant, as an application would hold it.
  const agent = new Agent({
    id: 'bench',
    instructions: 'bench',
    model: new ScriptedModel({
      provider,
      steps: (call) =>
        call.index % STEPS < STEPS - 1
          ? { toolCalls: [{ toolName: 'noop', args: {}, toolCallId: `call-${call.index}` }] }
          : 'done',
    }),
    tools: { noop },
    maxSteps: STEPS,
    errorProcessorDefaults: defaults,
  });
  return async () => {
    const result = await agent.generate([...history, { role: 'user', content: 'go' }]);
    if (result.steps.length !== STEPS || result.text !== 'done') {
      throw new Error(`tool loop ran ${result.steps.length} steps, text ${JSON.stringify(result.text)}`);
    }
  };
}

/** Run the benchmark and print per-step µs with and without the default error processors. */
export async function benchErrorLane(): Promise<Array<{ perStepUs: number; ratio: number }>> {
  const perStep = (ms: number) => (ms * 1000) / STEPS;
  console.log(
    `\nerror lane: ${STEPS}-step tool loop over ${HISTORY} history messages, no failures (median of ${RUNS} paired runs)`,
  );
  const results: Array<{ perStepUs: number; ratio: number }> = [];
  for (const [label, provider] of [
    ['other model', 'scripted'],
    ['Anthropic model', 'anthropic.messages'],
  ] as const) {
    const { ratio, base, variant } = await measurePairedRatio(
      runLoop(false, provider),
      runLoop(true, provider),
      {
        warmup: WARMUP,
        runs: RUNS,
      },
    );
    row(`${label}: errorProcessorDefaults: false`, `${perStep(base).toFixed(1)} µs/step`);
    row(`${label}: four default error processors`, `${perStep(variant).toFixed(1)} µs/step`);
    row(`${label}: ratio (median of paired runs)`, `${ratio.toFixed(2)}x  (goal ≤ 1.1x)`);
    results.push({ perStepUs: perStep(variant) - perStep(base), ratio });
  }
  return results;
}
