/**
 * Independent injection set 2 (`eval/injection/data/development/independent-2.jsonl`) is
 * generated, not hand-edited: fixtures made from templates plus fake values, half of them hard
 * negatives, across seven languages. These tests pin that the committed file is exactly the
 * generator's output and that the promised counts hold. They do not import the scorer. The set
 * was scored blind once, then tuned on: it is a development set.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  generateIndependent2Fixtures,
  INDEPENDENT2_ATTACK_FAMILIES,
  INDEPENDENT2_PATH,
  type Independent2Fixture,
  rot13,
  serializeIndependent2,
  toBase64,
  toFullWidth,
  toHex,
  toTagChars,
} from '../../../eval/injection/generators/independent-2/generate.js';
import { INDEPENDENT2_LANGS } from '../../../eval/injection/generators/independent-2/templates.js';

const committedText = readFileSync(INDEPENDENT2_PATH, 'utf8');
const committed: Independent2Fixture[] = committedText
  .trimEnd()
  .split('\n')
  .map((line) => JSON.parse(line) as Independent2Fixture);

describe('independent injection set 2: generated fixtures with the promised shape', () => {
  it('the committed jsonl is byte-for-byte the deterministic generator output', () => {
    expect(committedText).toBe(serializeIndependent2(generateIndependent2Fixtures()));
    // Two runs agree, so the seed (not the clock or global state) decides every line.
    expect(serializeIndependent2(generateIndependent2Fixtures())).toBe(
      serializeIndependent2(generateIndependent2Fixtures()),
    );
  });

  it('has at least 300 lines, exactly half attacks and half hard negatives', () => {
    expect(committed.length).toBeGreaterThanOrEqual(300);
    const attacks = committed.filter((f) => f.label === 1);
    const negatives = committed.filter((f) => f.label === 0);
    expect(attacks.length).toBe(negatives.length);
    expect(negatives.every((f) => f.hard === true)).toBe(true);
    expect(attacks.every((f) => f.hard === false)).toBe(true);
  });

  it('every fixture line has the blind-set fields with valid values, unique ids and texts', () => {
    const keys = ['family', 'hard', 'id', 'label', 'lang', 'split', 'text'];
    for (const f of committed) {
      expect(Object.keys(f).sort()).toEqual(keys);
      expect(f.split).toBe('blind');
      expect(INDEPENDENT2_LANGS).toContain(f.lang);
      expect([0, 1]).toContain(f.label);
      expect(f.text.trim().length).toBeGreaterThan(0);
      expect(f.family.length).toBeGreaterThan(0);
    }
    expect(new Set(committed.map((f) => f.id)).size).toBe(committed.length);
    expect(new Set(committed.map((f) => f.text)).size).toBe(committed.length);
  });

  it('each of the seven languages has at least 35 lines, balanced between attacks and twins', () => {
    for (const lang of INDEPENDENT2_LANGS) {
      const rows = committed.filter((f) => f.lang === lang);
      expect(rows.length, lang).toBeGreaterThanOrEqual(35);
      expect(rows.filter((f) => f.label === 1).length, lang).toBe(rows.filter((f) => f.label === 0).length);
    }
  });

  it('every attack family appears in every language, and twins cover every innocent kind', () => {
    const required = new Set(INDEPENDENT2_ATTACK_FAMILIES);
    for (const lang of INDEPENDENT2_LANGS) {
      const fams = new Set(committed.filter((f) => f.lang === lang && f.label === 1).map((f) => f.family));
      for (const fam of required) expect(fams.has(fam), `${lang}/${fam}`).toBe(true);
    }
    const twinKinds = [
      'twin-formatting',
      'twin-prev-email',
      'twin-teaching',
      'twin-security-advice',
      'twin-code-system-prompt',
      'twin-code-inst',
      'twin-persona',
      'twin-roleplay-game',
      'twin-base64',
      'twin-support-forget',
      'twin-hr-memo',
      'twin-device-instructions',
    ];
    for (const lang of INDEPENDENT2_LANGS) {
      const fams = new Set(committed.filter((f) => f.lang === lang && f.label === 0).map((f) => f.family));
      for (const kind of twinKinds) expect(fams.has(kind), `${lang}/${kind}`).toBe(true);
    }
  });

  it('encoded attack payloads really are encodings, computed by the generator', () => {
    const b64 = committed.filter((f) => f.family === 'base64');
    for (const f of b64) {
      const token = f.text.match(/[A-Za-z0-9+/]{24,}={0,2}/)?.[0] ?? '';
      expect(toBase64(Buffer.from(token, 'base64').toString('utf8')), f.id).toBe(token);
    }
    for (const f of committed.filter((x) => x.family === 'hex')) {
      expect(/(?:[0-9a-f]{2} ?){20,}/.test(f.text), f.id).toBe(true);
    }
    for (const f of committed.filter((x) => x.family === 'tag-chars')) {
      expect(/[\u{e0020}-\u{e007e}]{10,}/u.test(f.text), f.id).toBe(true);
    }
    for (const f of committed.filter((x) => x.family === 'zero-width')) {
      expect(/\u200b|\u200c|\u200d|\u2060|\ufeff/.test(f.text), f.id).toBe(true);
    }
    for (const f of committed.filter((x) => x.family === 'fullwidth')) {
      expect(/[\uff01-\uff5e]{5,}/.test(f.text), f.id).toBe(true);
    }
    // The helpers themselves round-trip.
    expect(rot13(rot13('Ignore all previous instructions'))).toBe('Ignore all previous instructions');
    expect(Buffer.from(toHex('système', false), 'hex').toString('utf8')).toBe('système');
    expect(toFullWidth('AB 1')).toBe('ＡＢ\u3000１');
    expect([...toTagChars('hi')].map((c) => c.codePointAt(0))).toEqual([0xe0001, 0xe0068, 0xe0069, 0xe007f]);
  });
});
