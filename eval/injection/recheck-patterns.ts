/**
 * ReDoS check of every regular expression the prompt-injection scorer compiles (literals and the
 * patterns built from word lists; see `regex-inventory.ts`) with `recheck` (a devDependency).
 * Prints one line per pattern that is not `safe` (status, complexity, where, recheck's attack
 * string) and a summary; exits 1 when any pattern is vulnerable or could not be decided.
 *
 * For each flagged pattern it also measures what the attack costs, on recheck's attack string
 * pumped to 10,000 and 100,000 characters: the pattern alone (one `test`, as the scorer runs it)
 * and the whole scorer (`scoreInjection`). `--json=<file>` writes those rows (the material for the
 * regex budget).
 *
 * Usage: `npx tsx eval/injection/recheck-patterns.ts` (`--all` prints the safe ones too,
 * `--timeout=<ms>` per pattern, default 60000, `--json=<file>`).
 */
import { writeFileSync } from 'node:fs';
import { check } from 'recheck';
import { injectionPatterns } from './regex-inventory.js';

const all = process.argv.includes('--all');
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const timeout = Number(arg('timeout') ?? 60_000);
const jsonPath = arg('json');

/** Recheck's attack (`pumps` then `suffix`) with every pump repeated until about `n` characters. */
function pumped(attack: { pumps: { prefix: string; pump: string }[]; suffix: string }, n: number): string {
  const fixed = attack.pumps.reduce((a, p) => a + p.prefix.length, attack.suffix.length);
  const per = attack.pumps.reduce((a, p) => a + p.pump.length, 0);
  const times = per === 0 ? 0 : Math.max(1, Math.ceil((n - fixed) / per));
  return attack.pumps.map((p) => p.prefix + p.pump.repeat(times)).join('') + attack.suffix;
}

const micros = (f: () => unknown) => {
  const t0 = performance.now();
  f();
  return Math.round((performance.now() - t0) * 1000);
};

const patterns = await injectionPatterns();
const { scoreInjection } = await import('../../src/processors/prompt-injection-detector/score.js');
const counts = { safe: 0, vulnerable: 0, unknown: 0 };
const rows: unknown[] = [];
const started = Date.now();
for (const p of patterns) {
  const t0 = Date.now();
  const d = await check(p.source, p.flags, { timeout });
  const ms = Date.now() - t0;
  counts[d.status]++;
  const head = `${d.status.padEnd(10)} ${String(ms).padStart(6)} ms  ${p.where}  /${p.source.slice(0, 70)}${p.source.length > 70 ? '…' : ''}/${p.flags}`;
  if (d.status === 'safe') {
    if (all) console.log(`${head}  [${d.checker}: ${d.complexity.summary}]`);
    continue;
  }
  if (d.status === 'unknown') {
    console.log(`${head}\n           ${d.error.kind}${'message' in d.error ? `: ${d.error.message}` : ''}`);
    rows.push({ ...p, status: d.status, error: d.error.kind });
    continue;
  }
  const re = new RegExp(p.source, p.flags.replace('g', ''));
  const cost: Record<string, number> = {};
  for (const n of [10_000, 100_000]) {
    const s = pumped(d.attack, n);
    cost[`regexMicros${n}`] = micros(() => re.test(s));
    cost[`scorerMicros${n}`] = micros(() => scoreInjection(s));
  }
  console.log(
    `${head}\n           ${d.complexity.summary} (${d.checker}); attack: ${d.attack.pattern}\n           pattern alone ${cost.regexMicros10000} / ${cost.regexMicros100000} µs, scorer ${cost.scorerMicros10000} / ${cost.scorerMicros100000} µs at 10k / 100k`,
  );
  rows.push({
    ...p,
    status: d.status,
    complexity: d.complexity.summary,
    attack: d.attack.pattern,
    ...cost,
  });
}
console.log(
  `\n${patterns.length} patterns: ${counts.safe} safe, ${counts.vulnerable} vulnerable, ${counts.unknown} unknown (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
if (jsonPath !== undefined) writeFileSync(jsonPath, `${JSON.stringify(rows, null, 1)}\n`);
process.exitCode = counts.safe === patterns.length ? 0 : 1;
