/**
 * Generates the fourth blind PII set: `npx tsx eval/pii/blind4-generate.ts` writes
 * `eval/pii/blind4-fixtures.jsonl` from `blind4-templates.ts` (fixed seeds, so the output is the
 * same on every run). Every line is `{"id","text","lang","negative","spans","half":"held-out",
 * "template"}` with string indices and exclusive `end`.
 *
 * It does not run any detector: it only assembles lines and checks each span against the value
 * it was built from.
 */
import { writeFileSync } from 'node:fs';
import { BLIND4_PII_TEMPLATES, Ctx, type Seg } from './blind4-templates.js';
import { hash32, type PII4Type, Rng, seedFaker } from './blind4-values.js';

/** One generated line (the loader's fixture shape). */
export interface Blind4PIILine {
  id: string;
  text: string;
  lang: string;
  negative: boolean;
  spans: Array<{ type: PII4Type; start: number; end: number }>;
  half: 'held-out';
  template: string;
}

/** Base seed of the set. */
export const BLIND4_SEED = 0x5b14d4;

/** Where the set is written. */
export const BLIND4_PII_PATH = new URL('./blind4-fixtures.jsonl', import.meta.url);

function assemble(segs: readonly Seg[]): { text: string; spans: Blind4PIILine['spans'] } {
  let text = '';
  const spans: Blind4PIILine['spans'] = [];
  for (const s of segs) {
    if (typeof s === 'string') text += s;
    else {
      const start = text.length;
      text += s.value;
      spans.push({ type: s.type, start, end: text.length });
      if (text.slice(start, text.length) !== s.value) throw new Error(`span mismatch for ${s.type}`);
    }
  }
  return { text, spans };
}

/** Every line of the set, in template order. */
export function generateBlind4PIILines(): Blind4PIILine[] {
  const lines: Blind4PIILine[] = [];
  const perLang = new Map<string, number>();
  for (const tpl of BLIND4_PII_TEMPLATES) {
    for (let i = 0; i < tpl.count; i++) {
      const seed = (hash32(`${tpl.id}#${i}`) ^ BLIND4_SEED) >>> 0;
      seedFaker(seed);
      const { text, spans } = assemble(tpl.make(new Ctx(new Rng(seed), tpl.lang, i)));
      if (tpl.negative !== (spans.length === 0))
        throw new Error(`template ${tpl.id}: negative flag and spans disagree`);
      const n = (perLang.get(tpl.lang) ?? 0) + 1;
      perLang.set(tpl.lang, n);
      lines.push({
        id: `blind4-pii-${tpl.lang}-${String(n).padStart(3, '0')}`,
        text,
        lang: tpl.lang,
        negative: tpl.negative,
        spans,
        half: 'held-out',
        template: tpl.id,
      });
    }
  }
  return lines;
}

if (process.argv[1]?.endsWith('blind4-generate.ts')) {
  const lines = generateBlind4PIILines();
  writeFileSync(BLIND4_PII_PATH, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  console.log(`wrote ${lines.length} lines to ${BLIND4_PII_PATH.pathname}`);
}
