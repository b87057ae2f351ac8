/**
 * How `agent.generate()` time grows with the length of the history passed in: 100, 1,000 and
 * 5,000 alternating user/assistant messages plus one last user message, a scripted model that
 * answers a short text, and one pass-through input processor (`processInputStep`) and one
 * pass-through output processor (`processOutputStep`) so processor message handling runs too.
 * The growth exponent k of time ∝ nᵏ is the slope of a least-squares fit of log(time) against
 * log(n) over the three sizes (1 = linear), all measured in the same process and interleaved run
 * by run. A 1-message run is measured too, so the growth above the fixed cost of a run shows.
 */
import { Agent } from '../src/agent/index.js';
import { ScriptedModel } from '../src/test/index.js';
import { measureInterleaved, row } from './harness.js';

const SIZES = [100, 1_000, 5_000] as const;
/** Even the 5,000-message run takes only tens of ms, so every size gets the same interleaved runs. */
const WARMUP = 5;
const RUNS = 21;
const GOAL_EXPONENT = 1.1;

type HistoryMessage = { role: 'user' | 'assistant'; content: string };

/** `n` alternating user/assistant messages plus a last user message, frozen so mutation shows. */
function history(n: number): readonly HistoryMessage[] {
  const messages: HistoryMessage[] = [];
  for (let i = 0; i < n; i++) {
    messages.push(
      Object.freeze({
        role: i % 2 === 0 ? 'user' : 'assistant',
        content: `${i % 2 === 0 ? 'question' : 'answer'} number ${i}`,
      } as const),
    );
  }
  messages.push(Object.freeze({ role: 'user', content: 'and finally?' } as const));
  return Object.freeze(messages);
}

function runGenerate(input: readonly HistoryMessage[]): () => Promise<void> {
  return async () => {
    const model = new ScriptedModel({ steps: ['Short answer.'] });
    const agent = new Agent({
      id: 'bench',
      instructions: 'bench',
      model,
      inputProcessors: [{ id: 'in-pass', processInputStep: () => undefined }],
      outputProcessors: [{ id: 'out-pass', processOutputStep: ({ messageList }) => messageList }],
    });
    const result = await agent.generate([...input]);
    if (result.text !== 'Short answer.') throw new Error(`unexpected answer ${JSON.stringify(result.text)}`);
    // System message + the whole history + the last user message must reach the model.
    const promptLength = model.lastCall.prompt.length;
    if (promptLength !== input.length + 1) {
      throw new Error(`model saw ${promptLength} prompt messages, expected ${input.length + 1}`);
    }
  };
}

/** Slope of the least-squares line through (log x, log y): the growth exponent. */
export function growthExponent(points: ReadonlyArray<{ x: number; y: number }>): number {
  const xs = points.map((p) => Math.log(p.x));
  const ys = points.map((p) => Math.log(p.y));
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(xs);
  const my = mean(ys);
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    den += ((xs[i] as number) - mx) ** 2;
  }
  return num / den;
}

/** Run the benchmark and print time per size, per message, and the fitted growth exponent. */
export async function benchHistoryScaling(): Promise<{ exponent: number; goalMet: boolean }> {
  // Size 0 (only the last user message) is the fixed cost of a run, for the marginal view below.
  const [fixed, ...times] = (await measureInterleaved(
    [0, ...SIZES].map((n) => runGenerate(history(n))),
    { warmup: WARMUP, runs: RUNS },
  )) as [number, ...number[]];
  console.log(
    `\nhistory scaling: agent.generate() vs history length, 1 input + 1 output pass-through processor ` +
      `(median of ${RUNS} interleaved runs)`,
  );
  row('1 message (fixed cost of a run)', `${fixed.toFixed(2)} ms`);
  const points = SIZES.map((n, i) => ({ x: n, y: times[i] as number }));
  for (const { x: n, y: ms } of points) {
    row(
      `${n.toLocaleString('en-US')} messages`,
      `${ms.toFixed(2)} ms  (${((ms * 1000) / n).toFixed(2)} µs/message, ` +
        `${(((ms - fixed) * 1000) / n).toFixed(2)} µs/message above fixed)`,
    );
  }
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as { x: number; y: number };
    const b = points[i] as { x: number; y: number };
    row(
      `local exponent ${a.x.toLocaleString('en-US')} → ${b.x.toLocaleString('en-US')}`,
      (Math.log(b.y / a.y) / Math.log(b.x / a.x)).toFixed(2),
    );
  }
  const marginal = points.every((p) => p.y > fixed)
    ? growthExponent(points.map((p) => ({ x: p.x, y: p.y - fixed }))).toFixed(2)
    : 'n/a (a size ran no slower than the fixed cost)';
  row('marginal exponent (fixed cost subtracted)', marginal);
  const exponent = growthExponent(points);
  const goalMet = exponent <= GOAL_EXPONENT;
  row('growth exponent (log-log least squares)', exponent.toFixed(2));
  row(`goal: growth exponent ≤ ${GOAL_EXPONENT}`, `${goalMet ? 'met' : 'NOT met'} (${exponent.toFixed(2)})`);
  return { exponent, goalMet };
}
