/**
 * Structural check of PII independent set 8 and injection independent set 7 (both once "blind set 8"): spans slice to the values the
 * generator placed, types are documented names, counts and ratios hold. Runs no detector.
 * Run: `npx tsx eval/pii/generators/independent-8/check.ts`.
 */
import { readFileSync } from 'node:fs';
import { generateIndependent8 } from './generate.js';

const TYPES = new Set(['email', 'phone', 'credit-card', 'ssn', 'api-key', 'ip-address', 'iban', 'date-of-birth', 'address', 'url', 'credential', 'crypto-wallet', 'name', 'passport']);
const lines = readFileSync(new URL('../../heldout/independent-8.jsonl', import.meta.url), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const fresh = generateIndependent8();
const problems: string[] = [];
if (JSON.stringify(fresh) !== JSON.stringify(lines)) problems.push('committed file differs from a fresh generation');
const byLang: Record<string, number> = {};
const byType: Record<string, number> = {};
let neg = 0;
for (const l of lines) {
  byLang[l.lang] = (byLang[l.lang] ?? 0) + 1;
  if (l.negative !== (l.spans.length === 0)) problems.push(`${l.id}: negative flag`);
  if (l.negative) neg++;
  let last = -1;
  for (const s of l.spans) {
    if (!TYPES.has(s.type)) problems.push(`${l.id}: type ${s.type}`);
    const v: string = l.text.slice(s.start, s.end);
    if (v !== v.trim() || v.length === 0 || /^[\s,.;:)"'「」（）]|[,.;:()"'「」（）、。]$/.test(v)) problems.push(`${l.id}: span edge ${JSON.stringify(v)}`);
    if (s.start < last) problems.push(`${l.id}: overlap`);
    last = s.end;
    byType[s.type] = (byType[s.type] ?? 0) + 1;
  }
}
const inj = readFileSync(new URL('../../../injection/data/heldout/independent-7.jsonl', import.meta.url), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const injLang: Record<string, number> = {};
const injFam: Record<string, number> = {};
for (const r of inj) {
  injLang[r.lang] = (injLang[r.lang] ?? 0) + 1;
  injFam[r.family] = (injFam[r.family] ?? 0) + 1;
  if (r.split !== 'blind' || (r.label !== 0 && r.label !== 1) || (r.label === 1 && r.hard)) problems.push(`${r.id}: fields`);
}
console.log('PII', lines.length, 'negatives', neg, byLang, byType);
console.log('injection', inj.length, 'attacks', inj.filter((r) => r.label === 1).length, 'hard negatives', inj.filter((r) => r.label === 0 && r.hard).length, injLang, injFam);
if (lines.length < 450 || inj.length < 450) problems.push('fewer than 450 lines');
if (problems.length > 0) {
  console.log(problems.join('\n'));
  process.exit(1);
}
console.log('ok');
