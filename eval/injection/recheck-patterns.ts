/**
 * ReDoS check of every regular expression the prompt-injection scorer compiles (literals and the
 * patterns built from word lists; see `regex-inventory.ts`) with `recheck` (a devDependency).
 * Prints one line per pattern that is not `safe` (status, complexity, where, recheck's attack
 * string) and a summary; exits 1 when any pattern is vulnerable or could not be decided.
 *
 * Usage: `npx tsx eval/injection/recheck-patterns.ts` (`--all` prints the safe ones too,
 * `--timeout=<ms>` per pattern, default 60000).
 */
import { check } from 'recheck';
import { injectionPatterns } from './regex-inventory.js';

const all = process.argv.includes('--all');
const timeoutArg = process.argv.find((a) => a.startsWith('--timeout='));
const timeout = timeoutArg === undefined ? 60_000 : Number(timeoutArg.slice('--timeout='.length));

const patterns = await injectionPatterns();
const counts = { safe: 0, vulnerable: 0, unknown: 0 };
const started = Date.now();
for (const p of patterns) {
  const t0 = Date.now();
  const d = await check(p.source, p.flags, { timeout });
  const ms = Date.now() - t0;
  counts[d.status]++;
  const head = `${d.status.padEnd(10)} ${String(ms).padStart(6)} ms  ${p.where}  /${p.source.slice(0, 70)}${p.source.length > 70 ? '…' : ''}/${p.flags}`;
  if (d.status === 'safe') {
    if (all) console.log(`${head}  [${d.checker}: ${d.complexity.summary}]`);
  } else if (d.status === 'vulnerable') {
    console.log(`${head}\n           ${d.complexity.summary} (${d.checker}); attack: ${d.attack.pattern}`);
  } else {
    console.log(`${head}\n           ${d.error.kind}${"message" in d.error ? `: ${d.error.message}` : ''}`);
  }
}
console.log(
  `\n${patterns.length} patterns: ${counts.safe} safe, ${counts.vulnerable} vulnerable, ${counts.unknown} unknown (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
process.exitCode = counts.safe === patterns.length ? 0 : 1;
