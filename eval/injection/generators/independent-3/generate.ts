/**
 * Generates the fourth blind injection set: `npx tsx eval/injection/generators/independent-3/generate.ts` writes
 * `eval/injection/data/development/independent-3.jsonl` from `independent-3/templates.ts` with fixed seeds. Each line
 * is `{"id","split":"blind","family","lang","label":0|1,"hard":bool,"text"}`. No scorer is run.
 */
import { writeFileSync } from 'node:fs';
import { hash32, Rng } from '../../../pii/generators/independent-4/values.js';
import {
  ATTACK_GENS,
  ATTACK_PLAN,
  BOOKS,
  type InjFamily,
  type InjLang,
  NEG_GENS,
} from './templates.js';

/** One generated line (the loader's row shape). */
export interface Independent3Line {
  id: string;
  split: 'blind';
  family: InjFamily;
  lang: InjLang;
  label: 0 | 1;
  hard: boolean;
  text: string;
}

/** Base seed of the set. */
export const INDEPENDENT3_SEED = 0x1b7e4a;

/** Where the set is written. */
export const INDEPENDENT3_PATH = new URL('../../data/development/independent-3.jsonl', import.meta.url);

const LANGS: readonly InjLang[] = ['en', 'de', 'fr', 'es', 'zh', 'ja', 'ko'];

/** Every line of the set: per language, the attacks of its plan, then its negatives. */
export function generateIndependent3Lines(): Independent3Line[] {
  const out: Independent3Line[] = [];
  for (const lang of LANGS) {
    let n = 0;
    const push = (family: InjFamily, label: 0 | 1, hard: boolean, text: string) => {
      n++;
      out.push({
        id: `blind4-inj-${lang}-${String(n).padStart(3, '0')}`,
        split: 'blind',
        family,
        lang,
        label,
        hard,
        text,
      });
    };
    for (const [family, count] of Object.entries(ATTACK_PLAN[lang]) as Array<[InjFamily, number]>) {
      const gens = ATTACK_GENS.filter((g) => g.family === family);
      for (let i = 0; i < count; i++) {
        const gen = gens[i % gens.length];
        if (gen === undefined) throw new Error(`no generator for family ${family}`);
        const index = Math.floor(i / gens.length);
        const r = new Rng((hash32(`${lang}:${family}:${i}`) ^ INDEPENDENT3_SEED) >>> 0);
        push(family, 1, false, gen.make({ r, lang, book: BOOKS[lang], index }));
      }
    }
    NEG_GENS[lang].forEach((gen, g) => {
      for (let i = 0; i < gen.count; i++) {
        const r = new Rng((hash32(`${lang}:neg${g}:${i}`) ^ INDEPENDENT3_SEED) >>> 0);
        const benign = gen.family === 'benign';
        push(gen.family, 0, !benign, gen.make({ r, lang, book: BOOKS[lang], index: i }));
      }
    });
  }
  return out;
}

if (process.argv[1]?.endsWith('injection/generators/independent-3/generate.ts')) {
  const lines = generateIndependent3Lines();
  writeFileSync(INDEPENDENT3_PATH, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  console.log(`wrote ${lines.length} lines to ${INDEPENDENT3_PATH.pathname}`);
}
