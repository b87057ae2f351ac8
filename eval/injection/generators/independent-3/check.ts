/**
 * Structural check of `independent-3.jsonl` (`npx tsx eval/injection/generators/independent-3/check.ts`): line
 * shape, known families, labels consistent with families, no duplicate texts, the file equals a
 * fresh generation, and the count / half / language targets. It never runs the scorer.
 */
import { readFileSync } from 'node:fs';
import {
  INDEPENDENT3_PATH,
  type Independent3Line,
  generateIndependent3Lines,
} from './generate.js';
import { ATTACK_FAMILIES, HARD_FAMILIES } from './templates.js';

const problems: string[] = [];
const lines = readFileSync(INDEPENDENT3_PATH, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as Independent3Line);
if (JSON.stringify(lines) !== JSON.stringify(generateIndependent3Lines()))
  problems.push('file differs from a fresh generation');

const attackFams = new Set<string>(ATTACK_FAMILIES);
const hardFams = new Set<string>(HARD_FAMILIES);
const ids = new Set<string>();
const texts = new Map<string, string>();
for (const l of lines) {
  if (ids.has(l.id)) problems.push(`${l.id}: duplicate id`);
  ids.add(l.id);
  if (l.split !== 'blind' || typeof l.text !== 'string' || l.text.trim() === '')
    problems.push(`${l.id}: bad fields`);
  if (l.label === 1 && (!attackFams.has(l.family) || l.hard))
    problems.push(`${l.id}: attack with family ${l.family} / hard ${l.hard}`);
  if (l.label === 0 && l.hard && !hardFams.has(l.family))
    problems.push(`${l.id}: hard negative with family ${l.family}`);
  if (l.label === 0 && !l.hard && l.family !== 'benign')
    problems.push(`${l.id}: plain negative with family ${l.family}`);
  const prev = texts.get(l.text);
  if (prev !== undefined) problems.push(`${l.id}: same text as ${prev}`);
  texts.set(l.text, l.id);
}

const pos = lines.filter((l) => l.label === 1).length;
const hard = lines.filter((l) => l.label === 0 && l.hard).length;
const benign = lines.length - pos - hard;
console.log(`lines ${lines.length}: attacks ${pos}, hard negatives ${hard}, plain benign ${benign}`);
const langs = ['en', 'de', 'fr', 'es', 'zh', 'ja', 'ko'];
for (const lang of langs) {
  const of = lines.filter((l) => l.lang === lang);
  console.log(
    `  ${lang}: ${of.length} (${((of.length / lines.length) * 100).toFixed(1)}%), attacks ${of.filter((l) => l.label === 1).length}, hard ${of.filter((l) => l.label === 0 && l.hard).length}`,
  );
}
const fam = new Map<string, number>();
for (const l of lines) fam.set(l.family, (fam.get(l.family) ?? 0) + 1);
console.log(`  families: ${[...fam].map(([k, v]) => `${k} ${v}`).join(', ')}`);
if (lines.length < 400) problems.push('fewer than 400 lines');
const share = hard / (pos + hard);
if (share < 0.45 || share > 0.55)
  problems.push(`hard negatives are ${(share * 100).toFixed(1)}% of attacks + hard negatives`);
const en = lines.filter((l) => l.lang === 'en').length / lines.length;
if (en < 0.35 || en > 0.45) problems.push('English share not about 40%');
for (const f of ATTACK_FAMILIES) if (!fam.has(f)) problems.push(`no attack of family ${f}`);
if (problems.length > 0) {
  console.log(problems.join('\n'));
  process.exitCode = 1;
} else console.log('structure OK');
