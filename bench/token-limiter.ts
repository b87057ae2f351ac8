/**
 * What `TokenLimiter` costs a run, each row against a baseline measured in the same process:
 *
 * 1. `agent.generate()` over 100 / 1,000 / 5,000 history messages with `TokenLimiter` as an
 *    input processor, against the same runs without it. The limit is set high, so the limiter
 *    counts every message and trims nothing: its most expensive steady state. Goals: growth
 *    exponent ≤ 1.1 (log-log fit, as in `history-scaling`) and ≤ 3x the run without it at 5,000.
 *    Text counts are cached by content across calls; a row shows the first (cold) call too.
 * 2. A 20-step tool loop over a 1,000-message history holding earlier tool calls, with
 *    `ToolCallFilter` + `TokenLimiter` (a limit that trims) against the same loop without them.
 */
import { Agent } from '../src/agent/index.js';
import { TokenLimiter, ToolCallFilter } from '../src/processors/index.js';
import { loadTokenizer, sharedTextCache } from '../src/processors/token-limiter/token-counter.js';
import { ScriptedModel } from '../src/test/index.js';
import { createTool } from '../src/tools/index.js';
import { measureInterleaved, row } from './harness.js';
import { growthExponent } from './history-scaling.js';

const SIZES = [100, 1_000, 5_000] as const;
const WARMUP = 5;
const RUNS = 15;
const GOAL_EXPONENT = 1.1;
const GOAL_RATIO = 3;
const LOOP_STEPS = 20;
const LOOP_HISTORY = 1_000;

type HistoryMessage =
  | { role: 'user' | 'assistant'; content: string }
  | {
      role: 'assistant';
      content: Array<{ type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }>;
    }
  | {
      role: 'tool';
      content: Array<{
        type: 'tool-result';
        toolCallId: string;
        toolName: string;
        output: { type: 'text'; value: string };
      }>;
    };

/** `n` chat messages of a few dozen tokens each, then the question; frozen and reused run to run. */
function chatHistory(n: number): readonly HistoryMessage[] {
  const messages: HistoryMessage[] = [];
  for (let i = 0; i < n; i++) {
    messages.push({
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: `${i % 2 === 0 ? 'Question' : 'Answer'} ${i}: what about the shipment to warehouse ${i % 97}, is it on schedule for the ${i % 28}th?`,
    });
  }
  messages.push({ role: 'user', content: 'And finally, a summary?' });
  return Object.freeze(messages);
}

/** `n` messages where every fifth exchange was a tool round (call + result). */
function toolHistory(n: number): readonly HistoryMessage[] {
  const messages: HistoryMessage[] = [];
  let i = 0;
  while (messages.length < n) {
    messages.push({ role: 'user', content: `Question ${i}: status of order ${i}?` });
    if (i % 5 === 0) {
      const toolCallId = `history-${i}`;
      messages.push({
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId, toolName: 'lookup', input: { order: i } }],
      });
      messages.push({
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId,
            toolName: 'lookup',
            output: { type: 'text', value: `order ${i}: shipped, ${'tracking event; '.repeat(10)}` },
          },
        ],
      });
    }
    messages.push({ role: 'assistant', content: `Order ${i} is on its way.` });
    i++;
  }
  messages.push({ role: 'user', content: 'Check the latest orders again.' });
  return Object.freeze(messages);
}

function runGenerate(input: readonly HistoryMessage[], limited: boolean): () => Promise<void> {
  return async () => {
    const model = new ScriptedModel({ steps: ['Short answer.'] });
    const agent = new Agent({
      id: 'bench',
      instructions: 'bench',
      model,
      inputProcessors: limited ? [new TokenLimiter(10_000_000)] : [],
    });
    const result = await agent.generate([...input] as never);
    if (result.text !== 'Short answer.') throw new Error(`unexpected answer ${JSON.stringify(result.text)}`);
    if (model.lastCall.prompt.length !== input.length + 1)
      throw new Error('the limiter trimmed: raise the limit');
  };
}

const lookup = createTool({
  id: 'lookup',
  description: 'Order status',
  execute: () => ({ status: 'shipped', events: ['packed', 'left the warehouse'] }),
});

function runToolLoop(input: readonly HistoryMessage[], withProcessors: boolean): () => Promise<void> {
  return async () => {
    const model = new ScriptedModel({
      steps: (call) =>
        call.index < LOOP_STEPS - 1
          ? {
              toolCalls: [
                { toolName: 'lookup', args: { order: call.index }, toolCallId: `run-${call.index}` },
              ],
            }
          : 'done',
    });
    const agent = new Agent({
      id: 'bench',
      instructions: 'bench',
      model,
      tools: { lookup },
      maxSteps: LOOP_STEPS,
      inputProcessors: withProcessors ? [new ToolCallFilter(), new TokenLimiter(8_000)] : [],
    });
    const result = await agent.generate([...input] as never);
    if (result.steps.length !== LOOP_STEPS || result.text !== 'done') {
      throw new Error(`tool loop ran ${result.steps.length} steps, text ${JSON.stringify(result.text)}`);
    }
    if (withProcessors && model.lastCall.prompt.length >= input.length)
      throw new Error('nothing was trimmed');
  };
}

/** Run both benchmarks and print their rows. */
export async function benchTokenLimiter(): Promise<{
  exponent: number;
  ratioAt5000: number;
  loopRatio: number;
}> {
  const histories = SIZES.map((n) => chatHistory(n));
  const variants = histories.flatMap((h) => [runGenerate(h, false), runGenerate(h, true)]);
  // Loading the BPE ranks happens once per process, on the first count.
  const loadStart = process.hrtime.bigint();
  await loadTokenizer();
  const loadMs = Number(process.hrtime.bigint() - loadStart) / 1e6;
  // The first call over the 5,000-message history tokenizes every message (cold cache).
  sharedTextCache.clear();
  const coldStart = process.hrtime.bigint();
  await runGenerate(histories[2] as readonly HistoryMessage[], true)();
  const coldMs = Number(process.hrtime.bigint() - coldStart) / 1e6;
  const times = await measureInterleaved(variants, { warmup: WARMUP, runs: RUNS });

  console.log(
    `\ntoken limiter: agent.generate() vs history length, TokenLimiter counting every message (median of ${RUNS} interleaved runs)`,
  );
  const points: Array<{ x: number; y: number }> = [];
  SIZES.forEach((n, i) => {
    const base = times[2 * i] as number;
    const limited = times[2 * i + 1] as number;
    points.push({ x: n, y: limited });
    row(
      `${n.toLocaleString('en-US')} messages`,
      `${limited.toFixed(2)} ms with, ${base.toFixed(2)} ms without (${(limited / base).toFixed(2)}x, ` +
        `${(((limited - base) * 1000) / n).toFixed(2)} µs/message)`,
    );
  });
  const base5000 = times[4] as number;
  row('5,000, first call (cold count cache)', `${coldMs.toFixed(2)} ms (${(coldMs / base5000).toFixed(2)}x)`);
  row('loading o200k_base ranks (once a process)', `${loadMs.toFixed(0)} ms`);
  const exponent = growthExponent(points);
  const ratioAt5000 = (times[5] as number) / base5000;
  row(
    `goal: growth exponent ≤ ${GOAL_EXPONENT}`,
    `${exponent <= GOAL_EXPONENT ? 'met' : 'NOT met'} (${exponent.toFixed(2)})`,
  );
  row(
    `goal: ≤ ${GOAL_RATIO}x without it at 5,000`,
    `${ratioAt5000 <= GOAL_RATIO ? 'met' : 'NOT met'} (${ratioAt5000.toFixed(2)}x)`,
  );

  const loopHistory = toolHistory(LOOP_HISTORY);
  const [bare, filtered] = (await measureInterleaved(
    [runToolLoop(loopHistory, false), runToolLoop(loopHistory, true)],
    { warmup: 3, runs: 9 },
  )) as [number, number];
  console.log(
    `  ${LOOP_STEPS}-step tool loop over ${LOOP_HISTORY.toLocaleString('en-US')} history messages (median of 9 interleaved runs)`,
  );
  row('    no processors', `${bare.toFixed(1)} ms (${((bare * 1000) / LOOP_STEPS).toFixed(0)} µs/step)`);
  row(
    '    ToolCallFilter + TokenLimiter(8,000)',
    `${filtered.toFixed(1)} ms (${((filtered * 1000) / LOOP_STEPS).toFixed(0)} µs/step, ${(filtered / bare).toFixed(2)}x)`,
  );
  return { exponent, ratioAt5000, loopRatio: filtered / bare };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchTokenLimiter();
