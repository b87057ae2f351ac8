/**
 * Writes what `scoreInjection` says about every fixture text of `data/` (both halves) (score, categories,
 * signals, and the rule half), one JSON line per text, so a rewrite of the scorer's patterns can
 * be checked for identical behaviour: run before and after and `diff` the two files.
 *
 * Usage: `npx tsx eval/injection/score-snapshot.ts <out.jsonl>`
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  scoreInjection,
  scoreInjectionRuleParts,
} from '../../src/processors/prompt-injection-detector/score.js';

const DATA = join(dirname(fileURLToPath(import.meta.url)), 'data');
const out = process.argv[2];
if (out === undefined) throw new Error('usage: npx tsx eval/injection/score-snapshot.ts <out.jsonl>');

const lines: string[] = [];
for (const file of readdirSync(DATA, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.jsonl'))
  .sort()) {
  for (const row of readFileSync(join(DATA, file), 'utf8').split('\n')) {
    if (row.trim() === '') continue;
    const { id, text } = JSON.parse(row) as { id: string; text: string };
    const r = scoreInjection(text);
    const parts = scoreInjectionRuleParts(text);
    lines.push(JSON.stringify({ file, id, ...r, rule: parts.rule, sure: parts.sure }));
  }
}
writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`${lines.length} texts scored -> ${out}`);
