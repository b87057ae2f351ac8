/**
 * Generates independent set 7 (PII) into `independent-7.jsonl`: `npx tsx eval/pii/generators/independent-7/generate.ts`.
 * Seeded, so a re-run writes the same file. Written without reading the detector or other sets.
 */
import { writeFileSync } from 'node:fs';
import { INDEPENDENT_7_PII_TEMPLATES, type Part } from './templates.js';
import { type Lang, Values } from './values.js';

/** One line of the set (the loader's PIIFixture shape). */
export interface Independent7Line {
  id: string;
  text: string;
  lang: Lang;
  negative: boolean;
  spans: Array<{ type: string; start: number; end: number }>;
  half: 'held-out';
  template: string;
}

/** Positive and negative lines per language (≈30% English, ≈1/3 negatives). */
const TARGETS: Record<Lang, [number, number]> = {
  en: [92, 46],
  de: [36, 18],
  fr: [36, 18],
  es: [36, 18],
  zh: [36, 18],
  ja: [36, 18],
  ko: [36, 18],
};

/**
 * A URL's `user:password@` part. Its writer labelled it `credential` inside a `url` span over the
 * whole address; the documented contract (README type table: the credential "wins the overlap, so
 * redaction keeps the rest of the URL") gives such a URL only the `credential` span, as blind sets
 * 4 and 5 were relabelled too. Applied by the integrator after the first scoring (which, as written,
 * gave P 0.987 / R 0.934 with 10 `url` misses, exactly these spans); no detector change.
 */
const CRED = /^[a-z][a-z0-9+.-]*:\/\/([^/@:\s]+:[^/@\s]+)@/;

function render(parts: Part[]): { text: string; spans: Independent7Line['spans'] } {
  let text = '';
  const spans: Independent7Line['spans'] = [];
  for (const p of parts) {
    if (typeof p === 'string') {
      text += p;
      continue;
    }
    const start = text.length;
    text += p.value;
    const m = p.type === 'url' ? CRED.exec(p.value) : null;
    if (m?.[1] !== undefined) {
      const cs = start + p.value.indexOf(m[1]);
      spans.push({ type: 'credential', start: cs, end: cs + m[1].length });
    } else {
      spans.push({ type: p.type, start, end: text.length });
    }
  }
  return { text, spans };
}

/** Every line of independent set 7, the same on every call. */
export function generateIndependent7PII(seed = 70_707): Independent7Line[] {
  const v = new Values(seed);
  const out: Independent7Line[] = [];
  for (const lang of Object.keys(TARGETS) as Lang[]) {
    const [pos, neg] = TARGETS[lang];
    for (const negative of [false, true]) {
      const ts = INDEPENDENT_7_PII_TEMPLATES.filter((t) => t.lang === lang && t.negative === negative);
      const want = negative ? neg : pos;
      for (let i = 0; i < want; i++) {
        const t = ts[i % ts.length];
        if (t === undefined)
          throw new Error(`blind7: no ${negative ? 'negative' : 'positive'} template for ${lang}`);
        const { text, spans } = render(t.make(v));
        out.push({
          id: `b7-pii-${lang}-${String(out.length).padStart(3, '0')}`,
          text,
          lang,
          negative,
          spans,
          half: 'held-out',
          template: t.id,
        });
      }
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lines = generateIndependent7PII();
  writeFileSync(
    new URL('../../heldout/independent-7.jsonl', import.meta.url),
    `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`,
  );
  console.log(`wrote ${lines.length} lines`);
}
