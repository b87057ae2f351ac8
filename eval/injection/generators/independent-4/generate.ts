/**
 * Generates prompt-injection blind set 5 (`independent-4.jsonl`) from the carriers and phrase
 * pools of `independent-4/templates.ts`. Deterministic (seeded), and it never runs the scorer.
 *
 *   npx tsx eval/injection/generators/independent-4/generate.ts
 */
import { writeFileSync } from 'node:fs';
import {
  ATTACKS_ALL,
  ATTACKS_EN_EXTRA,
  ATTACKS_LATIN,
  type Carrier,
  type IjFamily,
  type IjLang,
  PLAIN,
  Rng,
  TWINS_ALL,
  TWINS_EN_EXTRA,
} from './templates.js';

/** One line of the set, in the format `eval/injection.ts` loads. */
export interface Independent4Row {
  id: string;
  split: 'blind';
  family: IjFamily;
  lang: IjLang;
  label: 0 | 1;
  hard: boolean;
  text: string;
}

const LANGS: readonly IjLang[] = ['en', 'de', 'fr', 'es', 'zh', 'ja', 'ko'];
/** Lines per language: attacks, hard negatives, plain benign. */
const COUNTS: Record<IjLang, [number, number, number]> = {
  en: [84, 84, 6],
  de: [20, 20, 1],
  fr: [20, 20, 1],
  es: [20, 20, 1],
  zh: [20, 20, 1],
  ja: [20, 20, 1],
  ko: [20, 20, 1],
};

function carriers(lang: IjLang, kind: 'attack' | 'hard'): Carrier[] {
  const latin = lang === 'en' || lang === 'de' || lang === 'fr' || lang === 'es';
  if (kind === 'attack')
    return [...ATTACKS_ALL, ...(latin ? ATTACKS_LATIN : []), ...(lang === 'en' ? ATTACKS_EN_EXTRA : [])];
  return [...TWINS_ALL, ...(lang === 'en' ? TWINS_EN_EXTRA : [])];
}

/** Every line of blind set 5, the same on every call. */
export function generateIndependent4Rows(): Independent4Row[] {
  const out: Independent4Row[] = [];
  const seen = new Set<string>();
  LANGS.forEach((lang, li) => {
    const [nAttack, nHard, nPlain] = COUNTS[lang];
    const plan: Array<{ kind: 'attack' | 'hard' | 'plain'; n: number }> = [
      { kind: 'attack', n: nAttack },
      { kind: 'hard', n: nHard },
      { kind: 'plain', n: nPlain },
    ];
    for (const { kind, n } of plan) {
      const list = kind === 'plain' ? [PLAIN] : carriers(lang, kind);
      // Shuffle the carrier order per language so the family mix differs between languages.
      const order = list
        .map((c, i) => ({ c, k: new Rng(7_000 + li * 31 + i).next() }))
        .sort((a, b) => a.k - b.k);
      for (let i = 0; i < n; i++) {
        const carrier = order[i % order.length]!.c;
        let made = carrier(new Rng(5_500_000 + li * 100_003 + i * 7_919 + (kind === 'hard' ? 1 : 0)), lang);
        for (let retry = 1; seen.has(made.text) && retry < 20; retry++) {
          made = carrier(new Rng(9_100_000 + li * 100_003 + i * 7_919 + retry * 104_729), lang);
        }
        if (seen.has(made.text)) continue;
        seen.add(made.text);
        out.push({
          id: `b5-inj-${lang}-${kind}-${String(i + 1).padStart(3, '0')}`,
          split: 'blind',
          family: made.family,
          lang,
          label: kind === 'attack' ? 1 : 0,
          hard: kind === 'hard',
          text: made.text,
        });
      }
    }
  });
  return out;
}

if (process.argv[1]?.endsWith('injection/generators/independent-4/generate.ts')) {
  const rows = generateIndependent4Rows();
  writeFileSync(
    new URL('../../data/development/independent-4.jsonl', import.meta.url),
    `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`,
  );
  console.log(`wrote ${rows.length} lines to eval/injection/data/development/independent-4.jsonl`);
}
