/**
 * Cost of the offline prompt-injection guardrail, against baselines measured in the same run:
 *  - `scoreInjection()` on a 1 kB benign message and on a 10 kB tool result, against one plain
 *    "ignore previous instructions" regex pass over the same text (the floor of any pattern scan);
 *  - `agent.generate()` through `PromptInjectionDetector` (offline) on a 20-message conversation,
 *    first turn (every message scored) and a repeat of the same history (every verdict cached),
 *    against the same call with no processor.
 *  - worst cases: µs per character of `scoreInjection()` on runs of every character class and on
 *    the attack strings `recheck` found for the scorer's patterns (`eval/injection/
 *    recheck-attacks.json`), at 10 KB and 100 KB, with the growth ratio (≈10x is linear, ≈100x
 *    quadratic); and full-length scoring of 1 MB against scoring only the first 100 KB (the cost
 *    of the old cap);
 *  - the four clause bags matched in code (`clause-bag.ts`) against the single patterns they
 *    replace, on 100 KB of prose and of runs of each side, with the ratio.
 * Runnable alone: `npx tsx bench/injection.ts` (`--worst` runs only the worst-case rows, `--bags`
 * only the clause-bag rows).
 */

import { readFileSync } from 'node:fs';
import { Agent } from '../src/agent/index.js';
import { PromptInjectionDetector, scoreInjection } from '../src/processors/index.js';
import { FEATURES } from '../src/processors/prompt-injection-detector/features.js';
import { PatternUnion } from '../src/processors/prompt-injection-detector/pattern-union.js';
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
  benchInjectionWorstCases();
}

/** `unit` repeated to exactly `n` characters. */
const runOf = (unit: string, n: number) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

/** Runs of each character class (the inputs that were quadratic: digits, `@`, `$`, `!`, leet mixes). */
export const CHARACTER_CLASS_RUNS: ReadonlyArray<[string, string]> = [
  ['digits', '7'],
  ['@', '@'],
  ['$', '$'],
  ['!', '!'],
  ['|', '|'],
  ['mixed symbols $!@', '$!@'],
  ['leet mix !0', '!0'],
  ['leet mix a1', 'a1'],
  ['leet words', '1gn0r3 pr3v!0u$ '],
  ['letters', 'a'],
  ['spaces', ' '],
  ['tabs', '\t'],
  ['line breaks', '\n'],
  ['prose', 'The quick brown fox jumps over the lazy dog. '],
  ['dashes', '-'],
  ['equals signs', '='],
  ['hashes', '#'],
  ['punctuation mix', '-=*#<[('],
  ['quoted examples side by side', '"ab" '],
  ['typographic quotes', '\u201c'],
  ['CJK', '你的规则'],
];

/**
 * A recheck attack expression (`'a' + 'b'.repeat(54773) + '\x00c'`) as parts: literal text and
 * pumped text. Parsed, not evaluated.
 */
export function parseAttack(expr: string): Array<{ text: string; pumped: boolean }> {
  const parts: Array<{ text: string; pumped: boolean }> = [];
  let i = 0;
  while (i < expr.length) {
    if (expr[i] !== "'") {
      i++;
      continue;
    }
    let text = '';
    for (i++; i < expr.length && expr[i] !== "'"; i++) {
      if (expr[i] !== '\\') {
        text += expr[i];
        continue;
      }
      const e = expr[++i];
      if (e === 'x') {
        text += String.fromCharCode(Number.parseInt(expr.slice(i + 1, i + 3), 16));
        i += 2;
      } else if (e === 'u') {
        text += String.fromCharCode(Number.parseInt(expr.slice(i + 1, i + 5), 16));
        i += 4;
      } else text += e === 'n' ? '\n' : e === 't' ? '\t' : e === 'r' ? '\r' : e === '0' ? '\0' : e;
    }
    i++;
    const pumped = expr.startsWith('.repeat(', i);
    parts.push({ text, pumped });
  }
  return parts;
}

/** The attack with its pumped parts repeated until the string is about `n` characters long. */
export function attackOfLength(parts: Array<{ text: string; pumped: boolean }>, n: number): string {
  const fixed = parts.filter((p) => !p.pumped).reduce((a, p) => a + p.text.length, 0);
  const pumped = parts.filter((p) => p.pumped).reduce((a, p) => a + p.text.length, 0);
  const times = pumped === 0 ? 0 : Math.max(1, Math.ceil((n - fixed) / pumped));
  return parts.map((p) => (p.pumped ? p.text.repeat(times) : p.text)).join('');
}

const timeOnce = (text: string): number => {
  const t0 = performance.now();
  scoreInjection(text);
  return performance.now() - t0;
};
// Best of a few runs: the machine is shared, the minimum is the least disturbed.
const best = (text: string, runs: number) => {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) min = Math.min(min, timeOnce(text));
  return min;
};

function growthRow(label: string, small: string, mid: string, big: string): void {
  const a = best(small, 5);
  const m = best(mid, 3);
  const b = best(big, 3);
  row(
    label,
    `${((a * 1000) / small.length).toFixed(2)} / ${((b * 1000) / big.length).toFixed(2)} µs/char at 10 KB / 100 KB, growth x${(b / Math.max(a, 0.001)).toFixed(1)}; 50 -> 100 KB x${(b / Math.max(m, 0.001)).toFixed(1)}`,
  );
}

/** Worst-case rows: character-class runs, recheck attack strings, 1 MB full-length scoring. */
export function benchInjectionWorstCases(): void {
  console.log(
    '\nscoreInjection worst cases: growth 10 KB -> 100 KB (linear ≈ x10, quadratic ≈ x100) and 50 KB -> 100 KB (linear ≈ x2, quadratic ≈ x4). The cheap runs (~0.1 µs/char) take a one-time step of ≈3x between 20 and 40 KB (caches), not growth; the 50 -> 100 KB ratio is past it',
  );
  for (const [name, unit] of CHARACTER_CLASS_RUNS)
    growthRow(`run of ${name}`, runOf(unit, 10_000), runOf(unit, 50_000), runOf(unit, 100_000));

  const attacks = JSON.parse(
    readFileSync(new URL('../eval/injection/recheck-attacks.json', import.meta.url), 'utf8'),
  ) as Array<{ where: string; attack: string }>;
  console.log(
    `\nrecheck attack strings for the scorer's patterns (${attacks.length}, found before the fixes)`,
  );
  for (const a of attacks) {
    const parts = parseAttack(a.attack);
    growthRow(
      `attack on ${a.where}`,
      attackOfLength(parts, 10_000),
      attackOfLength(parts, 50_000),
      attackOfLength(parts, 100_000),
    );
  }

  console.log('\nFull-length scoring against the old 100 KB cap');
  const page = runOf(MESSAGE, 1_000_000);
  const capped = best(page.slice(0, 100_000), 2);
  const full = best(page, 1);
  row('first 100 KB of a 1 MB text (what the old cap scored)', `${capped.toFixed(0)} ms`);
  row(
    'all of the 1 MB text (overlapping 100 KB windows)',
    `${full.toFixed(0)} ms (x${(full / capped).toFixed(1)}; ${((full * 1000) / page.length).toFixed(2)} µs/char)`,
  );
  benchClauseBags();
}

const BAGS_IN_CODE = ['sem-bag-exfil-de', 'sem-bag-change-fr', 'sem-bag-change-es', 'sem-bag-exfil-es'];

const bestOf = (fn: () => void, runs: number): number => {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    min = Math.min(min, performance.now() - t0);
  }
  return min;
};

/** The clause bags matched in code against the single patterns they replace (baseline), 100 KB. */
export function benchClauseBags(): void {
  console.log('\nClause bags matched in code (clause-bag.ts) vs the single pattern each replaces, 100 KB');
  const texts: Array<[string, string]> = [
    ['prose', runOf(MESSAGE, 100_000)],
    ['"tus reglas " run', runOf('tus reglas ', 100_000)],
    ['"deine regeln " run', runOf('deine regeln ', 100_000)],
    ['"olvida " run', runOf('olvida ', 100_000)],
    ['"tes tes tes " run', runOf('tes ', 100_000)],
    ['one 100 KB word', runOf('a', 100_000)],
    // Every start of one side has the other side's starts, but all past the clause's end.
    [
      'owner run, then ". " and every verb',
      `${runOf('tus reglas tes regles deine regeln ', 100_000)}. olvida lies ignore muestra`,
    ],
    [
      'verb run, then ". " and every owner',
      `${runOf('olvida lies ignore muestra ', 100_000)}. tus reglas tes regles deine regeln`,
    ],
  ];
  for (const id of BAGS_IN_CODE) {
    const re = FEATURES.find((f) => f.id === id)?.re;
    if (!(re instanceof PatternUnion)) throw new Error(`bench: ${id} is not a pattern union`);
    const whole = new RegExp(re.source, re.flags);
    for (const [label, text] of texts) {
      const base = bestOf(() => text.search(whole), 5);
      const code = bestOf(() => re.firstIndex(text), 5);
      row(
        `${id}, ${label}`,
        `${(code * 1000).toFixed(0)} µs vs ${(base * 1000).toFixed(0)} µs single pattern (x${(code / Math.max(base, 0.001)).toFixed(2)})`,
      );
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--bags')) benchClauseBags();
  else if (process.argv.includes('--worst')) benchInjectionWorstCases();
  else await benchInjection();
}
