/**
 * Generates prompt-injection independent set 7 (`eval/injection/data/heldout/independent-7.jsonl`) from
 * `independent-7/templates.ts` with a fixed faker seed. Run: `npx tsx eval/injection/generators/independent-7/generate.ts`.
 * Only structural checks run here (counts, labels); no scorer is called.
 */
import { writeFileSync } from 'node:fs';
import { Faker, en, base } from '@faker-js/faker';
import { ATTACKS, type InjTemplate, type Lang, TWINS } from './templates.js';

/** One line in the format `eval/injection.ts` loads. */
export interface Independent7Row {
  id: string;
  split: 'blind';
  family: string;
  lang: Lang;
  label: 0 | 1;
  hard: boolean;
  text: string;
}

const PER_LANG: Record<Lang, number> = { en: 184, de: 46, fr: 46, es: 46, zh: 46, ja: 46, ko: 46 };
/** Families whose payload is written in English: non-English lines get a lead in their language. */
const AGNOSTIC = new Set(['encoded', 'obfuscation', 'scrambled', 'splitting', 'twin-code', 'twin-encoding', 'twin-config', 'twin-chatlog']);
const LEAD: Record<Lang, string[]> = {
  en: [''],
  de: ['Kannst du dir das bitte ansehen?\n', 'Hier die Ausgabe aus dem Ticket:\n'],
  fr: ['Tu peux regarder ça, s\'il te plaît ?\n', 'Voici le contenu du ticket :\n'],
  es: ['¿Puedes revisar esto?\n', 'Este es el contenido del ticket:\n'],
  zh: ['帮我看一下这段内容：\n', '这是工单里的内容：\n'],
  ja: ['こちらを確認してもらえますか？\n', 'チケットの内容は以下の通りです：\n'],
  ko: ['이것 좀 확인해 줄래?\n', '티켓 내용은 아래와 같습니다:\n'],
};

function carrier(f: Faker, text: string): string {
  const who = f.person.firstName();
  return f.helpers.arrayElement([
    `From: ${who} <${f.internet.email({ firstName: who })}>\nSubject: ${f.helpers.arrayElement(['Re:', 'Fwd:', 'AW:', 'RE:'])} #${f.string.numeric(5)}\n\n${text}`,
    `[${String(f.number.int({ min: 7, max: 22 })).padStart(2, '0')}:${String(f.number.int(59)).padStart(2, '0')}] ${who}: ${text}`,
    `Ticket ${f.string.alpha({ length: 3, casing: 'upper' })}-${f.string.numeric(4)} (${who}):\n${text}`,
    `> ${text.split('\n').join('\n> ')}\n\n${who}`,
  ]);
}

/** Every row of independent set 7, the same on every call and on every day. */
export function generateIndependent7(): Independent7Row[] {
  const f = new Faker({ locale: [en, base] });
  f.seed(80808);
  // Dates are drawn relative to a fixed day (the one the committed file was written on), not today,
  // so the file is the same whenever it is regenerated.
  f.setDefaultRefDate('2026-12-03T18:30:00Z');
  const rows: Independent7Row[] = [];
  const seen = new Set<string>();
  for (const lang of Object.keys(PER_LANG) as Lang[]) {
    for (let i = 0; i < PER_LANG[lang]; i++) {
      const attack = i % 2 === 0;
      const list = attack ? ATTACKS : TWINS;
      // An exact duplicate is put in a carrier (e-mail, chat line, ticket, quote) so every row
      // is distinct while the family mix stays even.
      const t = list[Math.floor(i / 2) % list.length] as InjTemplate;
      let text = t.render(f, lang);
      if (lang !== 'en' && AGNOSTIC.has(t.family)) text = f.helpers.arrayElement(LEAD[lang]) + text;
      for (let k = 0; k < 5 && seen.has(text); k++) text = carrier(f, text);
      if (seen.has(text)) continue;
      seen.add(text);
      rows.push({ id: `inj-b8-${lang}-${String(rows.length).padStart(3, '0')}`, split: 'blind', family: t.family, lang, label: t.label, hard: t.hard, text });
    }
  }
  return rows;
}

if (process.argv[1]?.endsWith('injection/generators/independent-7/generate.ts')) {
  const rows = generateIndependent7();
  writeFileSync(new URL('../../data/heldout/independent-7.jsonl', import.meta.url), `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
  console.log(`wrote ${rows.length} rows`);
}
