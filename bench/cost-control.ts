/**
 * Cost control figures (issue #14):
 *  - pricing: how many current OpenAI / Anthropic / Google models the bundled price data
 *    (`@pydantic/genai-prices`) prices, with a cached-input rate below the input rate, and the
 *    cost of one `estimateCost()` (known and unknown model);
 *  - per step: a 20-step tool loop through `agent.generate()` with `TokenCostControl` (in-memory
 *    ledger, scope user) against the same agent without it, interleaved run by run.
 */
import { Agent } from '../src/agent/index.js';
import { estimateCost } from '../src/cost/pricing.js';
import { CURRENT_MODELS } from '../src/cost/testing/current-models.js';
import { TokenCostControl } from '../src/processors/index.js';
import { RequestContext } from '../src/request-context/index.js';
import { ScriptedModel } from '../src/test/index.js';
import { createTool } from '../src/tools/index.js';
import { measureInterleaved, row } from './harness.js';

const STEPS = 20;
const noop = createTool({ id: 'noop', description: 'Does nothing', execute: () => ({ ok: true }) });

function script(): ScriptedModel {
  return new ScriptedModel({
    provider: 'openai.chat',
    modelId: 'gpt-5-mini',
    steps: (call) =>
      call.index < STEPS - 1
        ? {
            toolCalls: [{ toolName: 'noop', args: {}, toolCallId: `call-${call.index}` }],
            usage: { inputTokens: 10, outputTokens: 1 },
          }
        : { text: 'done', usage: { inputTokens: 10, outputTokens: 1 } },
  });
}

/** An input processor doing nothing asynchronously: the cost of any `processInputStep`. */
const asyncNoop = {
  id: 'async-noop',
  processInputStep: async () => {
    await Promise.resolve();
    return undefined;
  },
};

function runLoop(variant: 'none' | 'noop' | 'control'): () => Promise<void> {
  const control = new TokenCostControl({ maxCost: 1_000_000, scope: 'user' });
  let n = 0;
  return async () => {
    const agent = new Agent({
      id: 'bench',
      instructions: 'bench',
      model: script(),
      tools: { noop },
      maxSteps: STEPS,
      ...(variant === 'none' ? {} : { inputProcessors: [variant === 'noop' ? asyncNoop : control] }),
    });
    const result = await agent.generate('go', {
      requestContext: new RequestContext([['userId', `u${n++ % 50}`]]),
    });
    if (result.steps.length !== STEPS) throw new Error(`tool loop ran ${result.steps.length} steps`);
  };
}

/** Print the pricing coverage, estimateCost timing and the per-step overhead of TokenCostControl. */
export async function benchCostControl(): Promise<{ covered: number; perStepUs: number }> {
  console.log('\ncost control: pricing source @pydantic/genai-prices (bundled data, no network)');
  let covered = 0;
  let cachedRate = 0;
  const warn = () => {};
  for (const [provider, model] of CURRENT_MODELS) {
    const plain = estimateCost(
      { provider, model, usage: { inputTokens: 1000, outputTokens: 0 } },
      undefined,
      { warn },
    );
    const cached = estimateCost(
      { provider, model, usage: { inputTokens: 1000, cachedInputTokens: 1000, outputTokens: 0 } },
      undefined,
      { warn },
    );
    if (plain.priced) covered++;
    if (cached.priced && cached.estimatedCost < plain.estimatedCost) cachedRate++;
  }
  row('current models priced', `${covered} / ${CURRENT_MODELS.length}`);
  row('  with a cheaper cached-input rate', `${cachedRate} / ${CURRENT_MODELS.length}`);
  const usage = { inputTokens: 1234, cachedInputTokens: 200, outputTokens: 567, reasoningTokens: 100 };
  for (const [label, model] of [
    ['estimateCost, known model', 'gpt-5-mini'],
    ['estimateCost, unknown model', 'no-such-model'],
  ] as const) {
    const n = 5000;
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i++) estimateCost({ provider: 'openai.chat', model, usage }, undefined, { warn });
    row(label, `${(Number(process.hrtime.bigint() - start) / 1e3 / n).toFixed(1)} µs/call`);
  }
  const [bare, noop, controlled] = (await measureInterleaved(
    [runLoop('none'), runLoop('noop'), runLoop('control')],
    {
      warmup: 20,
      runs: 41,
    },
  )) as [number, number, number];
  const perStep = (ms: number) => (ms * 1000) / STEPS;
  row('20-step loop, no processor', `${perStep(bare).toFixed(1)} µs/step`);
  row('20-step loop, async no-op processInputStep', `${perStep(noop).toFixed(1)} µs/step`);
  row('20-step loop, TokenCostControl (in memory)', `${perStep(controlled).toFixed(1)} µs/step`);
  const diff = perStep(controlled) - perStep(noop);
  row('  check + record beyond a no-op processor', `${diff.toFixed(1)} µs/step`);
  return { covered, perStepUs: diff };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCostControl();
