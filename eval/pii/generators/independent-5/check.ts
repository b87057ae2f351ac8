/**
 * Structural check of independent set 5 (no detector is run): the committed file equals what the
 * generator produces, every span lies inside its text with no surrounding whitespace or
 * punctuation, checksummed values validate (Luhn, mod 97, bech32/base58 shapes, numbering plans, `isIP`),
 * and the counts and ratios of the brief hold. Prints counts per language and type.
 *
 *   npx tsx eval/pii/generators/independent-5/check.ts
 */
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { type Independent5PIIFixture, generateIndependent5PIIFixtures } from './generate.js';
import { ibanValid, luhnValid } from './values.js';

const committed = readFileSync(new URL('../../development/independent-5.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as Independent5PIIFixture);
const fresh = generateIndependent5PIIFixtures();
const problems: string[] = [];
if (JSON.stringify(committed) !== JSON.stringify(fresh))
  problems.push('committed file differs from the generator output');

const ids = new Set<string>();
const byLang = new Map<string, { lines: number; negatives: number }>();
const byType = new Map<string, number>();
const PHONE_REGION: Record<string, 'US' | 'DE' | 'FR' | 'ES' | 'CN' | 'JP' | 'KR'> = {
  en: 'US',
  de: 'DE',
  fr: 'FR',
  es: 'ES',
  zh: 'CN',
  ja: 'JP',
  ko: 'KR',
};
for (const f of committed) {
  if (ids.has(f.id)) problems.push(`duplicate id ${f.id}`);
  ids.add(f.id);
  const l = byLang.get(f.lang) ?? { lines: 0, negatives: 0 };
  l.lines++;
  if (f.negative) l.negatives++;
  byLang.set(f.lang, l);
  if (f.negative !== (f.spans.length === 0)) problems.push(`${f.id}: negative flag and spans disagree`);
  if (f.half !== 'heldout') problems.push(`${f.id}: half ${f.half}`);
  for (const s of f.spans) {
    byType.set(s.type, (byType.get(s.type) ?? 0) + 1);
    const value = f.text.slice(s.start, s.end);
    if (s.start < 0 || s.end > f.text.length || s.end <= s.start) problems.push(`${f.id}: span out of range`);
    if (value !== value.trim())
      problems.push(`${f.id}: ${s.type} span has surrounding whitespace: ${JSON.stringify(value)}`);
    if (
      /^[\s,.;:()"'<>[\]]|[\s,.;:()"'<>[\]]$/.test(value) &&
      s.type !== 'name' &&
      !(s.type === 'phone' && /^\(\d+\)/.test(value))
    )
      problems.push(`${f.id}: ${s.type} span has surrounding punctuation: ${JSON.stringify(value)}`);
    const digits = value.replace(/\D/g, '');
    if (s.type === 'credit-card' && !luhnValid(digits)) problems.push(`${f.id}: card fails Luhn ${value}`);
    if (s.type === 'iban' && !ibanValid(value)) problems.push(`${f.id}: IBAN fails mod 97 ${value}`);
    if (s.type === 'phone' && !isValidPhoneNumber(value.replace('(0)', ''), PHONE_REGION[f.lang]))
      problems.push(`${f.id}: phone not valid ${value}`);
    if (s.type === 'ssn' && !/^(?!000|666|9)\d{3}(-?)(?!00)\d{2}\1(?!0000)\d{4}$/.test(value))
      problems.push(`${f.id}: ssn ${value}`);
    if (
      s.type === 'crypto-wallet' &&
      !/^(0x[0-9a-f]{40}|bc1[qp][02-9ac-hj-np-z]{38,58}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/.test(value)
    )
      problems.push(`${f.id}: wallet shape ${value}`);
    if (s.type === 'ip-address' && isIP(value) === 0) problems.push(`${f.id}: not an IP ${value}`);
    if (s.type === 'email' && !/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/.test(value))
      problems.push(`${f.id}: email ${value}`);
  }
  // Overlaps are only allowed for a credential inside its URL.
  for (let i = 1; i < f.spans.length; i++) {
    const a = f.spans[i - 1]!;
    const b = f.spans[i]!;
    if (b.start < a.end && !(a.type === 'url' && b.type === 'credential'))
      problems.push(`${f.id}: overlapping spans`);
  }
}

const total = committed.length;
const negatives = committed.filter((f) => f.negative).length;
const en = byLang.get('en')?.lines ?? 0;
if (total < 400) problems.push(`only ${total} lines`);
if (negatives / total < 0.28 || negatives / total > 0.4) problems.push(`negative share ${negatives / total}`);
if (en / total < 0.25 || en / total > 0.35) problems.push(`English share ${en / total}`);
if (byLang.size !== 7) problems.push(`languages: ${[...byLang.keys()]}`);

console.log(`lines ${total}, negatives ${negatives} (${((100 * negatives) / total).toFixed(1)}%)`);
for (const [lang, c] of byLang) console.log(`  ${lang}: ${c.lines} lines, ${c.negatives} negatives`);
console.log(`spans ${[...byType.values()].reduce((a, b) => a + b, 0)}`);
for (const [type, n] of [...byType].sort((a, b) => b[1] - a[1])) console.log(`  ${type}: ${n}`);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('structure OK');
