/**
 * Structural check of injection blind set 5 (the scorer is never run): the committed file equals
 * the generator output, ids are unique, every row has the loader's fields with a family from the
 * fixed list, and the counts of the brief hold (≥ 400 lines, about half hard negatives, about 40%
 * English, seven languages). Prints counts per language and family.
 *
 *   npx tsx eval/injection/generators/independent-4/check.ts
 */
import { readFileSync } from 'node:fs';
import { type Independent4Row, generateIndependent4Rows } from './generate.js';
import { ATTACK_FAMILIES, BENIGN_FAMILIES } from './templates.js';

const rows = readFileSync(new URL('../../data/development/independent-4.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as Independent4Row);
const problems: string[] = [];
if (JSON.stringify(rows) !== JSON.stringify(generateIndependent4Rows()))
  problems.push('committed file differs from the generator');
const attackFamilies = new Set<string>(ATTACK_FAMILIES);
const benignFamilies = new Set<string>(BENIGN_FAMILIES);
const ids = new Set<string>();
const texts = new Set<string>();
const byLang = new Map<string, [number, number, number]>();
const byFamily = new Map<string, number>();
for (const r of rows) {
  if (ids.has(r.id)) problems.push(`duplicate id ${r.id}`);
  ids.add(r.id);
  if (texts.has(r.text)) problems.push(`duplicate text ${r.id}`);
  texts.add(r.text);
  if (r.split !== 'blind') problems.push(`${r.id}: split ${r.split}`);
  if (r.label === 1 && (!attackFamilies.has(r.family) || r.hard))
    problems.push(`${r.id}: attack with family ${r.family}/hard ${r.hard}`);
  if (r.label === 0 && !benignFamilies.has(r.family))
    problems.push(`${r.id}: negative with family ${r.family}`);
  if (r.label === 0 && r.hard === (r.family === 'plain'))
    problems.push(`${r.id}: hard flag vs family ${r.family}`);
  if (typeof r.text !== 'string' || r.text.trim() === '') problems.push(`${r.id}: empty text`);
  const c = byLang.get(r.lang) ?? [0, 0, 0];
  c[r.label === 1 ? 0 : r.hard ? 1 : 2]++;
  byLang.set(r.lang, c);
  byFamily.set(`${r.label}:${r.family}`, (byFamily.get(`${r.label}:${r.family}`) ?? 0) + 1);
}
const attacks = rows.filter((r) => r.label === 1).length;
const hard = rows.filter((r) => r.label === 0 && r.hard).length;
const en = rows.filter((r) => r.lang === 'en').length;
if (rows.length < 400) problems.push(`only ${rows.length} lines`);
if (Math.abs(hard - attacks) > 0.05 * rows.length) problems.push(`hard ${hard} vs attacks ${attacks}`);
if (en / rows.length < 0.35 || en / rows.length > 0.45) problems.push(`English share ${en / rows.length}`);
if (byLang.size !== 7) problems.push('not seven languages');
console.log(
  `lines ${rows.length}: attacks ${attacks}, hard negatives ${hard}, plain ${rows.length - attacks - hard}, English ${((100 * en) / rows.length).toFixed(1)}%`,
);
for (const [lang, [a, h, p]] of byLang) console.log(`  ${lang}: attacks ${a}, hard ${h}, plain ${p}`);
for (const [f, n] of [...byFamily].sort()) console.log(`  ${f}: ${n}`);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('structure OK');
