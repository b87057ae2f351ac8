/**
 * Structural check of blind set 7 (injection): shape, families from the fixed list, counts and
 * ratios, no duplicate texts, file equals a fresh generation. Never runs a detector.
 * `npx tsx eval/injection/generators/independent-6/check.ts`
 */
import { readFileSync } from 'node:fs';
import { type Independent6Row, generateIndependent6 } from './generate.js';

const ATTACK = new Set([
  'override',
  'exfiltration',
  'roleplay',
  'delimiter',
  'markup',
  'encoded',
  'obfuscation',
  'scrambled',
  'splitting',
  'indirect',
]);
const HN = new Set([
  'hn-formatting',
  'hn-email',
  'hn-teaching',
  'hn-code',
  'hn-persona',
  'hn-encoded',
  'hn-config',
  'hn-changelog',
  'hn-policy',
  'hn-recipe-game',
  'hn-chat',
  'hn-document',
]);
const lines = readFileSync(new URL('../../data/heldout/independent-6.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n');
const fresh = generateIndependent6().map((x) => JSON.stringify(x));
const problems: string[] = [];
if (lines.length !== fresh.length || lines.some((l, i) => l !== fresh[i]))
  problems.push('file differs from a fresh generation');
const rows = lines.map((l) => JSON.parse(l) as Independent6Row);
const texts = new Set<string>();
const ids = new Set<string>();
const tally: Record<string, Record<string, number>> = {};
const fam: Record<string, number> = {};
for (const r of rows) {
  if (ids.has(r.id)) problems.push(`duplicate id ${r.id}`);
  ids.add(r.id);
  if (texts.has(r.text)) problems.push(`duplicate text ${r.id}`);
  texts.add(r.text);
  if (r.split !== 'blind') problems.push(`${r.id}: split`);
  if (r.label === 1 && (r.hard || !ATTACK.has(r.family))) problems.push(`${r.id}: attack shape`);
  if (r.label === 0 && r.hard && !HN.has(r.family)) problems.push(`${r.id}: hard-negative family`);
  if (r.label === 0 && !r.hard && r.family !== 'benign') problems.push(`${r.id}: benign family`);
  const kind = r.label === 1 ? 'attack' : r.hard ? 'hard' : 'benign';
  tally[r.lang] ??= {};
  (tally[r.lang] as Record<string, number>)[kind] =
    ((tally[r.lang] as Record<string, number>)[kind] ?? 0) + 1;
  fam[r.family] = (fam[r.family] ?? 0) + 1;
}
const attacks = rows.filter((r) => r.label === 1).length;
const hard = rows.filter((r) => r.label === 0 && r.hard).length;
const en = rows.filter((r) => r.lang === 'en').length;
console.log(
  `lines ${rows.length}: attacks ${attacks}, hard negatives ${hard}, benign ${rows.length - attacks - hard}; en share ${((en / rows.length) * 100).toFixed(1)}%`,
);
console.log(tally);
console.log(fam);
if (rows.length < 450) problems.push('fewer than 450 lines');
if (Math.abs(attacks - hard) > 10) problems.push('attacks and hard negatives are not half and half');
for (const p of problems) console.log(`PROBLEM ${p}`);
process.exitCode = problems.length > 0 ? 1 : 0;
