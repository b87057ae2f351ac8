/**
 * Structural check of `independent-4.jsonl` (`npx tsx eval/pii/generators/independent-4/check.ts`): line
 * shape, span bounds and overlap, no whitespace / punctuation at span edges, per-type value
 * validity (Luhn, IBAN mod-97 and length, bech32 / base58 shape, SSN ranges …), that the file
 * is what the generator produces, and the language / negative ratios. It never runs a detector.
 */
import { readFileSync } from 'node:fs';
import { INDEPENDENT_4_PII_PATH, type Independent4PIILine, generateIndependent4PIILines } from './generate.js';
import { bech32Valid, IBAN_LENGTHS, ibanValid, luhnValid } from './values.js';

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
  'crypto-wallet',
  'name',
  'passport',
  'credential',
]);
const LANGS = ['en', 'de', 'fr', 'es', 'zh', 'ja', 'ko'];

const problems: string[] = [];
const fail = (id: string, msg: string) => problems.push(`${id}: ${msg}`);

function checkValue(id: string, type: string, v: string): void {
  const digits = v.replace(/[ -]/g, '');
  switch (type) {
    case 'credit-card':
      if (!/^\d{14,16}$/.test(digits) || !luhnValid(digits)) fail(id, `card not Luhn-valid: ${v}`);
      break;
    case 'iban': {
      const s = v.replace(/ /g, '');
      if (!ibanValid(v) || IBAN_LENGTHS[s.slice(0, 2)] !== s.length) fail(id, `bad IBAN: ${v}`);
      break;
    }
    case 'ssn': {
      const m = /^(\d{3})[- ]?(\d{2})[- ]?(\d{4})$/.exec(v);
      if (!m || m[1] === '000' || m[1] === '666' || Number(m[1]) >= 900 || m[2] === '00' || m[3] === '0000')
        fail(id, `bad SSN: ${v}`);
      break;
    }
    case 'crypto-wallet':
      if (
        v.startsWith('bc1') ? !bech32Valid(v) : !/^(0x[0-9a-f]{40}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/.test(v)
      )
        fail(id, `bad wallet: ${v}`);
      break;
    case 'email':
      if (!/^[^\s@]+@[a-z0-9.-]+\.[a-z]{2,}$/.test(v)) fail(id, `bad email: ${v}`);
      break;
    case 'url':
      if (!/^[a-z+]+:\/\/[^:\s]+:[^@\s]+@/.test(v)) fail(id, `url without credentials: ${v}`);
      break;
    case 'credential':
      if (!/^[^:\s/@]+:[^@\s]+$/.test(v)) fail(id, `credential is not user:password: ${v}`);
      break;
    case 'ip-address':
      if (
        !/^(\d{1,3}(\.\d{1,3}){3}|[0-9A-Fa-f:]+)$/.test(v) ||
        (v.includes('.') && v.split('.').some((o) => Number(o) > 255))
      )
        fail(id, `bad ip: ${v}`);
      break;
    case 'phone':
      if (!/^[+(\d][\d ()./-]+\d$/.test(v) || v.replace(/\D/g, '').length < 9) fail(id, `bad phone: ${v}`);
      break;
  }
}

const fileLines = readFileSync(INDEPENDENT_4_PII_PATH, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '');
const lines = fileLines.map((l) => JSON.parse(l) as Independent4PIILine);
const regenerated = generateIndependent4PIILines();
if (JSON.stringify(regenerated) !== JSON.stringify(lines))
  problems.push('file differs from a fresh generation (re-run independent-4/generate.ts)');

const ids = new Set<string>();
for (const l of lines) {
  if (ids.has(l.id)) fail(l.id, 'duplicate id');
  ids.add(l.id);
  if (l.half !== 'held-out' || !LANGS.includes(l.lang) || typeof l.template !== 'string')
    fail(l.id, 'bad fields');
  if (l.negative !== (l.spans.length === 0)) fail(l.id, 'negative flag and spans disagree');
  let lastEnd = -1;
  for (const s of [...l.spans].sort((a, b) => a.start - b.start)) {
    if (!TYPES.has(s.type)) fail(l.id, `unknown type ${s.type}`);
    if (s.start < 0 || s.end > l.text.length || s.start >= s.end) fail(l.id, 'span out of bounds');
    if (s.start < lastEnd) fail(l.id, 'overlapping spans');
    lastEnd = s.end;
    const v = l.text.slice(s.start, s.end);
    if (
      /^[\s,.;:!?"'()[\]{}<>`]|[\s,.;:!?"'([\]{}<>`]$/.test(v) &&
      !(s.type === 'phone' && v.startsWith('('))
    )
      fail(l.id, `span edge: ${JSON.stringify(v)}`);
    checkValue(l.id, s.type, v);
  }
}
const texts = new Set(lines.map((l) => l.text));
if (texts.size !== lines.length) problems.push(`${lines.length - texts.size} duplicate texts`);

const byLang = new Map<string, { lines: number; neg: number }>();
const byType = new Map<string, number>();
for (const l of lines) {
  const b = byLang.get(l.lang) ?? { lines: 0, neg: 0 };
  b.lines++;
  if (l.negative) b.neg++;
  byLang.set(l.lang, b);
  for (const s of l.spans) byType.set(s.type, (byType.get(s.type) ?? 0) + 1);
}
const neg = lines.filter((l) => l.negative).length;
console.log(
  `lines ${lines.length}, negatives ${neg} (${((neg / lines.length) * 100).toFixed(1)}%), spans ${[...byType.values()].reduce((a, b) => a + b, 0)}`,
);
for (const lang of LANGS) {
  const b = byLang.get(lang) ?? { lines: 0, neg: 0 };
  console.log(
    `  ${lang}: ${b.lines} lines (${((b.lines / lines.length) * 100).toFixed(1)}%), ${b.neg} negatives`,
  );
}
console.log(
  `  spans per type: ${[...byType]
    .sort()
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}`,
);
if (lines.length < 400) problems.push('fewer than 400 lines');
if (neg / lines.length < 0.28 || neg / lines.length > 0.4) problems.push('negative share not about a third');
const en = (byLang.get('en')?.lines ?? 0) / lines.length;
if (en < 0.25 || en > 0.35) problems.push('English share not about 30%');
for (const t of TYPES) if (!byType.has(t)) problems.push(`no span of type ${t}`);
if (problems.length > 0) {
  console.log(problems.join('\n'));
  process.exitCode = 1;
} else console.log('structure OK');
