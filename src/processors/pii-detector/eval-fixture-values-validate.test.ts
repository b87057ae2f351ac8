/**
 * Pins the second blind PII set (`eval/pii/development/independent-2.jsonl`) to its generator and checks
 * the labels are well-formed and the checksummed values really validate. It never runs the
 * detector: the set is scored once by the integrator, never by tests or tuning.
 */
import { readFileSync } from 'node:fs';
import type { CountryCode } from 'libphonenumber-js/max';
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import {
  INDEPENDENT_2_PATH,
  type Independent2Fixture,
  independent2Jsonl,
} from '../../../eval/pii/generators/independent-2/generate.js';
import {
  base58Valid,
  bech32Valid,
  ibanValid,
  luhnValid,
} from '../../../eval/pii/generators/independent-2/values.js';

const committed = readFileSync(INDEPENDENT_2_PATH, 'utf8');
const lines: Independent2Fixture[] = committed
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Independent2Fixture);
const LANGS = ['en', 'de', 'fr', 'es', 'zh', 'ja', 'ko'] as const;
const COUNTRY: Record<string, CountryCode> = {
  en: 'US',
  de: 'DE',
  fr: 'FR',
  es: 'ES',
  zh: 'CN',
  ja: 'JP',
  ko: 'KR',
};

const spansOf = (type: string) =>
  lines.flatMap((f) =>
    f.spans.filter((s) => s.type === type).map((s) => ({ f, value: f.text.slice(s.start, s.end) })),
  );

describe('PII eval fixtures (independent set 2): labels are well-formed and labelled values validate', () => {
  it('the committed jsonl is exactly the deterministic generator output', () => {
    expect(independent2Jsonl()).toBe(committed);
    // Deterministic: a second run gives the same bytes.
    expect(independent2Jsonl()).toBe(committed);
  });

  it('has at least 240 lines, 30 per language, and about a third look-alike negatives', () => {
    expect(lines.length).toBeGreaterThanOrEqual(240);
    for (const lang of LANGS) expect(lines.filter((f) => f.lang === lang).length).toBeGreaterThanOrEqual(30);
    const negatives = lines.filter((f) => f.negative).length;
    expect(negatives / lines.length).toBeGreaterThan(0.3);
    expect(new Set(lines.map((f) => f.text)).size).toBe(lines.length);
    expect(new Set(lines.map((f) => f.id)).size).toBe(lines.length);
  });

  it('spans are in range, trimmed, non-overlapping, and negatives have none', () => {
    for (const f of lines) {
      expect(f.negative).toBe(f.spans.length === 0);
      const sorted = [...f.spans].sort((a, b) => a.start - b.start);
      let end = 0;
      for (const s of sorted) {
        expect(s.start).toBeGreaterThanOrEqual(end);
        expect(s.end).toBeLessThanOrEqual(f.text.length);
        const value = f.text.slice(s.start, s.end);
        expect(value.length).toBeGreaterThan(0);
        expect(value.trim()).toBe(value);
        end = s.end;
      }
    }
  });

  it('labelled cards pass Luhn, IBANs pass mod-97, wallets pass their checksums', () => {
    for (const { value } of spansOf('credit-card')) expect(luhnValid(value.replace(/[ -]/g, ''))).toBe(true);
    for (const { value } of spansOf('iban')) expect(ibanValid(value.replace(/ /g, ''))).toBe(true);
    for (const { value } of spansOf('crypto-wallet')) {
      expect(value.startsWith('bc1') ? bech32Valid(value) : base58Valid(value)).toBe(true);
    }
  });

  it('labelled SSNs are in issued ranges; labelled phones are valid for their country', () => {
    for (const { value } of spansOf('ssn')) {
      const [area, group, serial] = value.split('-');
      expect(area).not.toMatch(/^(000|666|9)/);
      expect(group).not.toBe('00');
      expect(serial).not.toBe('0000');
    }
    for (const { f, value } of spansOf('phone')) {
      const ok = value.startsWith('+')
        ? isValidPhoneNumber(value)
        : Object.values(COUNTRY).some((c) => isValidPhoneNumber(value, c));
      expect(ok, `${f.id}: ${value}`).toBe(true);
    }
  });

  it('look-alike checksums in negatives really fail', () => {
    for (const f of lines.filter((l) => l.negative)) {
      for (const m of f.text.matchAll(/\bbc1[02-9ac-hj-np-z]{20,}\b/g)) expect(bech32Valid(m[0])).toBe(false);
      for (const m of f.text.matchAll(/\b[A-Z]{2}\d{2}(?: \d{4}){4,6}(?: \d{1,3})?\b/g))
        expect(ibanValid(m[0].replace(/ /g, ''))).toBe(false);
    }
  });
});
