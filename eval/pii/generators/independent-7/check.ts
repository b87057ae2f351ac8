/**
 * Structural check of independent set 7 (PII): spans in bounds, non-overlapping except the documented
 * credential-inside-url case, trimmed, checksums valid, counts and ratios. Never runs a detector.
 * `npx tsx eval/pii/generators/independent-7/check.ts`
 */
import { readFileSync } from 'node:fs';
import { generateIndependent7PII } from './generate.js';
import { ibanValid, luhnValid } from './values.js';

const TYPES = new Set([
  'email',
  'phone',
  'credit-card',
  'ssn',
  'api-key',
  'ip-address',
  'iban',
  'date-of-birth',
  'address',
  'url',
  'credential',
  'crypto-wallet',
  'name',
  'passport',
]);
const file = readFileSync(new URL('../../heldout/independent-7.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n');
const regenerated = generateIndependent7PII().map((l) => JSON.stringify(l));
const problems: string[] = [];
if (file.length !== regenerated.length || file.some((l, i) => l !== regenerated[i]))
  problems.push('file differs from a fresh generation');
const byLang: Record<string, number> = {};
const byType: Record<string, number> = {};
let negatives = 0;
const ids = new Set<string>();
for (const raw of file) {
  const l = JSON.parse(raw) as ReturnType<typeof generateIndependent7PII>[number];
  if (ids.has(l.id)) problems.push(`duplicate id ${l.id}`);
  ids.add(l.id);
  byLang[l.lang] = (byLang[l.lang] ?? 0) + 1;
  if (l.half !== 'held-out') problems.push(`${l.id}: half`);
  if (l.negative !== (l.spans.length === 0)) problems.push(`${l.id}: negative flag vs spans`);
  if (l.negative) negatives++;
  for (const s of l.spans) {
    byType[s.type] = (byType[s.type] ?? 0) + 1;
    const val = l.text.slice(s.start, s.end);
    if (!TYPES.has(s.type)) problems.push(`${l.id}: type ${s.type}`);
    if (s.start < 0 || s.end > l.text.length || s.end <= s.start) problems.push(`${l.id}: bounds`);
    if (
      val.trim() !== val ||
      (s.type !== 'phone' && /^[,.;:()"'「」（）]/.test(val)) ||
      /^[,.;:"'「」（）]/.test(val) ||
      /[,.;:()"'「」（）。、]$/.test(val)
    )
      problems.push(`${l.id}: untrimmed ${s.type} ${JSON.stringify(val)}`);
    if (s.type === 'credit-card' && !luhnValid(val)) problems.push(`${l.id}: luhn`);
    if (s.type === 'iban' && !ibanValid(val)) problems.push(`${l.id}: iban`);
    if (s.type === 'ssn' && !/^(?!000|666|9)\d{3}-(?!00)\d{2}-(?!0000)\d{4}$/.test(val))
      problems.push(`${l.id}: ssn ${val}`);
    if (s.type === 'credential' && !/^[a-z][a-z0-9+.-]*:\/\/$/.test(l.text.slice(0, s.start).split(/\s/).pop() ?? ''))
      problems.push(`${l.id}: credential not right after a URL scheme`);
  }
  const sorted = l.spans.filter((s) => s.type !== 'credential').sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++)
    if ((sorted[i]?.start ?? 0) < (sorted[i - 1]?.end ?? 0)) problems.push(`${l.id}: overlap`);
}
console.log(
  `lines ${file.length}, negatives ${negatives} (${((negatives / file.length) * 100).toFixed(1)}%)`,
);
console.log('by language', byLang, `en share ${(((byLang.en ?? 0) / file.length) * 100).toFixed(1)}%`);
console.log('spans by type', byType);
if (file.length < 450) problems.push('fewer than 450 lines');
for (const p of problems) console.log(`PROBLEM ${p}`);
process.exitCode = problems.length > 0 ? 1 : 0;
