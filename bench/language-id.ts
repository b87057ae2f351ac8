/**
 * Which language-identification library `LanguageDetector` uses offline: `tinyld`, `eld`,
 * `franc` and `cld3-asm` on the same labelled short texts (`language-id-fixtures.ts`, written
 * for Sluice): accuracy per language on chat-length texts, then speed per call and load time.
 * Run alone: `npx tsx bench/language-id.ts`.
 */
import { measureInterleaved, row } from './harness.js';
import { CORE_LANGUAGES, LANGUAGE_FIXTURES } from './language-id-fixtures.js';

interface Candidate {
  name: string;
  /** ISO 639-1 code of the detected language, or '' when the library gives up. */
  detect: (text: string) => string;
  /** The library's confidence in its top answer, in [0, 1] (what `threshold` is compared with). */
  confidence: (text: string) => number;
  loadMs: number;
}

/** Texts in no language (or too short to tell): a detector should not be confident on these. */
const NOISE = [
  'ok',
  'hi',
  '???',
  '12345 67890',
  'asdf qwer zxcv',
  'lol',
  'xD',
  'hmm',
  'ASAP',
  'thx',
  'k',
  '👍👍',
  'qwertyuiop',
  'SKU-4471-B',
];

/** franc answers in ISO 639-3; the fixtures are labelled in ISO 639-1. */
const FRANC_TO_ISO1: Record<string, string> = {
  eng: 'en',
  deu: 'de',
  fra: 'fr',
  spa: 'es',
  cmn: 'zh',
  jpn: 'ja',
  kor: 'ko',
  por: 'pt',
  ita: 'it',
  nld: 'nl',
};

async function timed<T>(load: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = process.hrtime.bigint();
  const value = await load();
  return { value, ms: Number(process.hrtime.bigint() - start) / 1e6 };
}

async function candidates(): Promise<Candidate[]> {
  const tinyld = await timed(() => import('tinyld'));
  const eld = await timed(async () => (await import('eld/medium')).eld);
  const franc = await timed(() => import('franc'));
  const cld3 = await timed(async () =>
    (await import('cld3-asm')).loadModule().then((f) => f.create(0, 1000)),
  );
  return [
    {
      name: 'tinyld 1.3.4 (normal)',
      detect: (t) => tinyld.value.detect(t),
      confidence: (t) => tinyld.value.detectAll(t)[0]?.accuracy ?? 0,
      loadMs: tinyld.ms,
    },
    {
      name: 'eld 2.1.0 (medium)',
      detect: (t) => eld.value.detect(t).language,
      // Top score, halved when eld itself calls the result unreliable (too few n-grams).
      confidence: (t) => {
        const r = eld.value.detect(t);
        const top = Math.max(0, ...Object.values(r.getScores()));
        return r.isReliable() ? top : top / 2;
      },
      loadMs: eld.ms,
    },
    {
      name: 'franc 6.2.0',
      detect: (t) => FRANC_TO_ISO1[franc.value.franc(t, { minLength: 3 })] ?? '',
      confidence: (t) => (franc.value.francAll(t, { minLength: 3 })[0]?.[0] === 'und' ? 0 : 1),
      loadMs: franc.ms,
    },
    {
      name: 'cld3-asm 4.0.0',
      detect: (t) => {
        const r = cld3.value.findLanguage(t);
        // cld3 reports Chinese as zh / zh-Hant.
        return r.language.startsWith('zh') ? 'zh' : r.language === 'und' ? '' : r.language;
      },
      confidence: (t) => cld3.value.findLanguage(t).probability,
      loadMs: cld3.ms,
    },
  ];
}

/** Accuracy of one candidate: per language and overall (core seven, and all fixtures). */
export function accuracy(detect: (text: string) => string): {
  perLanguage: Record<string, number>;
  core: number;
  all: number;
} {
  const perLanguage: Record<string, number> = {};
  let coreHits = 0;
  let coreTotal = 0;
  let hits = 0;
  let total = 0;
  for (const [language, texts] of Object.entries(LANGUAGE_FIXTURES)) {
    let ok = 0;
    for (const text of texts) if (detect(text) === language) ok++;
    perLanguage[language] = ok / texts.length;
    hits += ok;
    total += texts.length;
    if ((CORE_LANGUAGES as readonly string[]).includes(language)) {
      coreHits += ok;
      coreTotal += texts.length;
    }
  }
  return { perLanguage, core: coreHits / coreTotal, all: hits / total };
}

export async function benchLanguageId(): Promise<void> {
  console.log('\nlanguage identification on short texts (LanguageDetector offline: library choice)');
  const list = await candidates();
  const texts = Object.values(LANGUAGE_FIXTURES).flat();
  const languages = Object.keys(LANGUAGE_FIXTURES);
  console.log(
    `  ${texts.length} labelled texts, ${Math.min(...texts.map((t) => t.length))}-${Math.max(...texts.map((t) => t.length))} chars; accuracy per language (${languages.join(' ')})`,
  );
  for (const candidate of list) {
    const result = accuracy(candidate.detect);
    const per = languages.map((l) => ((result.perLanguage[l] ?? 0) * 100).toFixed(0).padStart(3)).join(' ');
    row(
      `    ${candidate.name}`,
      `core-7 ${(result.core * 100).toFixed(1)}%, all ${(result.all * 100).toFixed(1)}% | ${per}`,
    );
  }
  console.log(
    '  confidence at threshold 0.7: correct and confident on the fixtures / confident on noise texts',
  );
  for (const candidate of list) {
    let confidentRight = 0;
    for (const [language, list2] of Object.entries(LANGUAGE_FIXTURES)) {
      for (const text of list2) {
        if (candidate.detect(text) === language && candidate.confidence(text) >= 0.7) confidentRight++;
      }
    }
    const noisy = NOISE.filter((t) => candidate.detect(t) !== '' && candidate.confidence(t) >= 0.7).length;
    row(
      `    ${candidate.name}`,
      `${((confidentRight / texts.length) * 100).toFixed(1)}% confident+correct, confident on ${noisy}/${NOISE.length} noise texts`,
    );
  }
  const times = await measureInterleaved(
    list.map((c) => async () => {
      for (const text of texts) c.detect(text);
    }),
    { warmup: 3, runs: 11 },
  );
  console.log('  speed (median per call over all texts) and load time (import + model init)');
  list.forEach((candidate, i) => {
    const us = ((times[i] as number) * 1000) / texts.length;
    row(`    ${candidate.name}`, `${us.toFixed(1)} µs/call, load ${candidate.loadMs.toFixed(0)} ms`);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLanguageId();
