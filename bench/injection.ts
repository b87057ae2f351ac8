/**
 * Cost of the offline prompt-injection guardrail, against baselines measured in the same run:
 *  - `scoreInjection()` on a 1 kB benign message and on a 10 kB tool result, against one plain
 *    "ignore previous instructions" regex pass over the same text (the floor of any pattern scan);
 *  - `agent.generate()` through `PromptInjectionDetector` (offline) on a 20-message conversation,
 *    first turn (every message scored) and a repeat of the same history (every verdict cached),
 *    against the same call with no processor.
 * Runnable alone: `npx tsx bench/injection.ts`.
 */
import { Agent } from '../src/agent/index.js';
import { PromptInjectionDetector, scoreInjection } from '../src/processors/index.js';
import { ScriptedModel } from '../src/test/index.js';
import { measure, measurePairedRatio, row } from './harness.js';

const MESSAGE = [
  'Hi team, could you summarize the attached quarterly report for the board? Please ignore the previous',
  'formatting, use bullet points, and keep it under 200 words. The numbers: revenue grew 12% to 4.2M,',
  'churn fell to 3.1%, and the new Lisbon office opened in May. Our CTO asked to highlight the migration',
  'to the new billing system (see https://intranet.example.com/billing?id=42) and the SOC 2 audit result.',
  'Also, act as a friendly editor: fix any typos you find. Base64 of the logo is iVBORw0KGgoAAAANSUhEUg.',
  'Thanks! P.S. the previous e-mail about the offsite can be ignored; the date moved to Friday the 14th.',
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore.',
  'Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo.',
  'Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur.',
].join(' ');
const TOOL_RESULT = JSON.stringify({
  results: Array.from({ length: 40 }, (_, i) => ({
    title: `Result ${i}: shipping times for order ${1000 + i}`,
    snippet: 'Standard delivery takes 3-5 business days; express is next day if ordered before noon.',
    url: `https://shop.example.com/help/${i}`,
  })),
});

const NAIVE = /ignore (all )?(previous|prior) instructions/i;

const HISTORY = Array.from({ length: 20 }, (_, i) => ({
  role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
  content: `${i % 2 === 0 ? 'Question' : 'Answer'} ${i}: ${MESSAGE.slice(0, 300)}`,
}));

export async function benchInjection(): Promise<void> {
  console.log(
    `\nPrompt-injection guardrail (offline): ${MESSAGE.length}-char message, ${TOOL_RESULT.length}-char tool result`,
  );
  for (const [label, text] of [
    ['1 kB message', MESSAGE],
    ['10 kB tool result', TOOL_RESULT],
  ] as const) {
    const r = await measurePairedRatio(
      async () => {
        if (NAIVE.test(text)) throw new Error('baseline matched');
      },
      async () => {
        if (scoreInjection(text).score >= 0.7) throw new Error(`benign ${label} flagged`);
      },
      { warmup: 30, runs: 101 },
    );
    row(`one naive regex pass, ${label} (baseline)`, `${(r.base * 1000).toFixed(1)} µs`);
    row(`scoreInjection, ${label}`, `${(r.variant * 1000).toFixed(1)} µs (x${r.ratio.toFixed(0)})`);
  }

  const model = new ScriptedModel({ steps: () => 'ok' });
  const bare = new Agent({ id: 'bare', instructions: 'bench', model });
  const bareMs = await measure(async () => {
    await bare.generate(HISTORY);
  });
  const fresh = await measure(async () => {
    // A new detector per call: an empty verdict cache, so all 20 messages are scored.
    const agent = new Agent({
      id: 'g',
      instructions: 'bench',
      model,
      inputProcessors: [new PromptInjectionDetector()],
    });
    await agent.generate(HISTORY);
  });
  const detector = new PromptInjectionDetector();
  const cachedAgent = new Agent({ id: 'c', instructions: 'bench', model, inputProcessors: [detector] });
  await cachedAgent.generate(HISTORY);
  const cached = await measure(async () => {
    await cachedAgent.generate(HISTORY);
  });
  row('agent.generate, 20 messages, no processor', `${bareMs.toFixed(2)} ms`);
  row('  + PromptInjectionDetector, all new', `${fresh.toFixed(2)} ms (+${(fresh - bareMs).toFixed(2)} ms)`);
  row(
    '  + PromptInjectionDetector, history cached',
    `${cached.toFixed(2)} ms (+${(cached - bareMs).toFixed(2)} ms)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchInjection();
