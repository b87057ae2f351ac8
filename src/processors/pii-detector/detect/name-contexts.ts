import { dataPattern, type PatternData, piiData } from './data.js';
import { GIVEN_NAMES } from './given-names.js';
import {
  fullName,
  HONORIFIC_AHEAD,
  jaNameLength,
  koNameLength,
  LATIN_NAME,
  NOT_NAME_WORDS,
  NOT_NAMES,
  zhSurnameLength as ZH_SURNAMES_2_OR_1,
  zhNameLength,
} from './name-lexicon.js';
import type { Candidate } from './types.js';

const LATIN = piiData<{
  readonly closings: PatternData;
  readonly salutations: PatternData;
  readonly salutedGroups: string[];
  readonly listFields: PatternData;
  readonly actionVerbs: PatternData;
  readonly leadingNonNames: string[];
  readonly roleWords: string[];
  readonly imperatives: PatternData;
  readonly personObject: PatternData;
  readonly streetBefore: PatternData;
}>('names/latin');
const ZH = piiData<{
  readonly action: PatternData;
  readonly actionAfter: PatternData;
  readonly titles: PatternData;
  readonly notNames: string[];
}>('names/zh');
const JA = piiData<{ readonly surnames: string[]; readonly titles: PatternData }>('names/ja');
const KO = piiData<{ readonly surnames: string; readonly titles: PatternData }>('names/ko');

/**
 * Names read from the shape of a message rather than a cue word right before them: signature
 * closings, salutations, mail-header and attendee fields, an e-mail or phone right after the
 * name, verbs of personal action after it, and CJK signature forms. Every rule anchors on a
 * fixed phrase found by one regex pass and then reads at most one name-sized window around it,
 * so the scan stays linear in the text.
 */

/** Signature closings after which a full name (two or more capitalised words) signs the text. */
const CLOSINGS = dataPattern(LATIN.closings);

/** Salutations: the name after them may be a single given name when punctuation closes it. */
const SALUTATIONS = dataPattern(LATIN.salutations);

/** Words a salutation is followed by that address a group or nobody in particular. */
const SALUTED_GROUPS = new Set<string>(LATIN.salutedGroups);

/** Mail-header and attendee-list fields at a line start, each followed by a list of names. */
const LIST_FIELDS = dataPattern(LATIN.listFields);

/**
 * What comes right after a name in contact lines: `<e-mail>`, `(e-mail)`, `, Tel. +49 …`. A
 * match starts only where a blank run starts (the lookbehind), and no two blank runs are
 * adjacent, so a long run of blanks is read once, not once per blank.
 */
const CONTACT_AFTER =
  /(?<![ \t])[ \t]*(?:[<(（][ \t]*[\w.+-]+@|(?:,[ \t]*)?(?:tel|tél|phone|mobile|mobil|handy|tfno|teléfono|móvil)\.?[ \t]*(?::[ \t]*)?[+\d])/giu;

/** Verbs of personal action after which the capitalised run before them is the actor (one start per blank run). */
const ACTION_VERBS = dataPattern(LATIN.actionVerbs);

/** Leading capitalised words a name run swallows at a sentence start ("Yesterday Kevin …"). */
const LEADING_NON_NAMES = new Set<string>(LATIN.leadingNonNames);

/** Role words written capitalised before a name at a sentence start ("Kunde Lukas Hoffmann hat …"). */
const ROLE_WORDS = new Set<string>(LATIN.roleWords);

/**
 * Imperatives that take a person as object at a sentence start ("Ask Maria Gonzalez about …",
 * "Ruf Jan Becker an"): the full name after them, when a lowercase word or punctuation follows.
 */
const IMPERATIVES = dataPattern(LATIN.imperatives);

/**
 * Phrases that take a person as their object ("a meeting with", "assigned to", "according
 * to", "parlé avec", "según", "Termin mit"): the full name after them, and a second one joined
 * by and/und/et/y.
 */
const PERSON_OBJECT = dataPattern(LATIN.personObject);
const JOINED = /^[ \t]+(?:and|und|et|y|&)[ \t]+/u;

/** A capitalised run (up to four words, particles allowed) ending right at `end`. */
const NAME_BEFORE = new RegExp(`(?<![\\p{L}'’-])${LATIN_NAME_SOURCE()}[ \\t]*$`, 'u');
function LATIN_NAME_SOURCE(): string {
  const word = "\\p{Lu}\\p{Ll}*(?:['’-]\\p{Lu}?\\p{Ll}+)*";
  return `${word}(?:[ \\t\\u00a0-]+(?:\\p{Lu}\\.[ \\t]+)?(?:(?:de|del|de la|de los|de las|van|von|der|van der|van den|von der|da|das|dos|du|des|di|le|la|ter|ten|y)[ \\t]+)?${word}){0,3}`;
}

/**
 * Confidence of a name read after a weak anchor (an action verb, a person-taking phrase): an
 * organisation can take the same verbs ("Goldman Sachs confirmed"), so without a known given
 * name the run stays below the default threshold — a candidate for `hybrid` mode's model.
 */
function weak(text: string, start: number): number {
  const first = /^[\p{L}]+/u.exec(text.slice(start, start + 30))?.[0] ?? '';
  return GIVEN_NAMES.has(first) ? 0.7 : 0.55;
}

function push(out: Candidate[], start: number, end: number, confidence: number): void {
  out.push({ type: 'name', start, end, confidence });
}

/** A full name read forward from `at`; its end, or -1. */
function fullNameAt(text: string, at: number): number {
  // "Grüßen, Herr Leoni Rahn": the honorific's own cue reads the name after it.
  if (HONORIFIC_AHEAD.test(text.slice(at, at + 12))) return -1;
  LATIN_NAME.lastIndex = at;
  const n = LATIN_NAME.exec(text);
  if (n === null || !fullName(text, at, n[0])) return -1;
  return at + n[0].length;
}

/** A full name ending at `end` (leading sentence words trimmed); its start, or -1. */
function fullNameBefore(text: string, end: number): number {
  const from = Math.max(0, end - 80);
  const m = NAME_BEFORE.exec(text.slice(from, end));
  if (m === null) return -1;
  let name = m[0].trimEnd();
  let start = from + m.index;
  for (;;) {
    const first = /^[\p{L}'’]+[ \t]+/u.exec(name);
    const word = first?.[0].trim() ?? '';
    if (first == null || !(LEADING_NON_NAMES.has(word) || HONORIFIC_AHEAD.test(word) || ROLE_WORDS.has(word)))
      break;
    name = name.slice(first[0].length);
    start += first[0].length;
  }
  return fullName(text, start, name) ? start : -1;
}

function latinContexts(text: string, out: Candidate[]): void {
  CLOSINGS.lastIndex = 0;
  for (let m = CLOSINGS.exec(text); m !== null; m = CLOSINGS.exec(text)) {
    const at = m.index + m[0].length;
    // "Thanks,\nAnna": a single known given name alone on the line after the closing.
    const single = /^\p{Lu}\p{Ll}+(?=[ \t]*(?:\n|$))/u.exec(text.slice(at, at + 30));
    if (
      single !== null &&
      (m[0].includes('\n') || at + single[0].length >= text.trimEnd().length) &&
      GIVEN_NAMES.has(single[0])
    ) {
      push(out, at, at + single[0].length, 0.65);
      continue;
    }
    const end = fullNameAt(text, at);
    // The signature is the rest of its line: "Best, Anna Kowalski" but not "Thanks, Anna Kowalski will".
    if (end > 0 && /^[ \t]*(?:\n|$|[,|])/u.test(text.slice(end, end + 2))) push(out, at, end, 0.7);
  }
  SALUTATIONS.lastIndex = 0;
  for (let m = SALUTATIONS.exec(text); m !== null; m = SALUTATIONS.exec(text)) {
    const at = m.index + m[0].length;
    // Salutations start a line or a text ("say hi Anna" is not one).
    const before = text.slice(Math.max(0, m.index - 2), m.index);
    if (m.index > 0 && !/(?:^|\n)[ \t]*$|[.!?][ \t]*$/u.test(before)) continue;
    // "Liebe Grüße, Katrin" is a closing, not a salutation.
    if (/^Gr(?:ü|ue|u)(?:ß|ss)e/u.test(text.slice(at, at + 6))) continue;
    // "Bonjour Mme Bonnet": the honorific's own cue reads the name after it.
    if (HONORIFIC_AHEAD.test(text.slice(at, at + 12))) continue;
    LATIN_NAME.lastIndex = at;
    const n = LATIN_NAME.exec(text);
    if (n === null) continue;
    const words = n[0].split(/[ \t\u00a0]+/u);
    if (words.some((w) => SALUTED_GROUPS.has(w) || NOT_NAME_WORDS.has(w) || NOT_NAMES.has(w))) continue;
    const end = at + n[0].length;
    if (!/^[ \t]*[,:!\n]/u.test(text.slice(end, end + 2))) continue;
    if (words.length >= 2 ? fullName(text, at, n[0]) : words[0] !== undefined && words[0].length >= 3)
      push(out, at, end, words.length >= 2 ? 0.7 : 0.65);
  }
  LIST_FIELDS.lastIndex = 0;
  for (let m = LIST_FIELDS.exec(text); m !== null; m = LIST_FIELDS.exec(text)) {
    let at = m.index + m[0].length;
    // "Cc: Priya Natarajan, Oliver Grant": each entry of the list, up to the end of the line.
    for (let i = 0; i < 12; i++) {
      const end = fullNameAt(text, at);
      if (end < 0) break;
      const rest = /^[ \t]*(?:<[^>\n]{1,80}>)?[ \t]*/u.exec(text.slice(end, end + 90))?.[0] ?? '';
      const next = text.charAt(end + rest.length);
      if (next !== '' && next !== '\n' && next !== ',' && next !== ';') break;
      push(out, at, end, 0.7);
      if (next !== ',' && next !== ';') break;
      at = end + rest.length + 1;
      while (text.charAt(at) === ' ' || text.charAt(at) === '\t') at++;
    }
  }
  IMPERATIVES.lastIndex = 0;
  for (let m = IMPERATIVES.exec(text); m !== null; m = IMPERATIVES.exec(text)) {
    const at = m.index + m[0].length;
    const end = fullNameAt(text, at);
    if (end > 0 && /^(?:[ \t]+\p{Ll}|[ \t]*[,.!?:;\n]|$)/u.test(text.slice(end, end + 2)))
      push(out, at, end, 0.65);
  }
  PERSON_OBJECT.lastIndex = 0;
  for (let m = PERSON_OBJECT.exec(text); m !== null; m = PERSON_OBJECT.exec(text)) {
    let at = m.index + m[0].length;
    for (let i = 0; i < 4; i++) {
      const end = fullNameAt(text, at);
      if (end < 0) break;
      push(out, at, end, weak(text, at));
      const joined = JOINED.exec(text.slice(end, end + 8));
      if (joined === null) break;
      at = end + joined[0].length;
    }
  }
  for (const re of [CONTACT_AFTER, ACTION_VERBS]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const start = fullNameBefore(text, m.index);
      if (start >= 0) push(out, start, m.index, re === ACTION_VERBS ? weak(text, start) : 0.7);
    }
  }
}

/** CJK signatures, contact lines and action verbs (敬具 山田太郎, 박지민 드림, 王伟打电话说). */
const JA_SIGN =
  /(?:敬具|草々|拝)[ \u3000]*\n?[ \u3000]*|(?:よろしくお願い(?:いた)?します|以上[^\n]{0,20})。?\n(?:[ \u3000]*\n)*/gu;
const ZH_SIGN =
  /(?:敬礼[！!]?|此致[，,]?)\n[ \u3000]*|(?:^|\n)(?=[\p{Script=Han}]{2,4}[ \u3000]?(?:敬上|谨上|謹上)(?![\p{Script=Han}]))/gu;
const KO_SIGN = /(?<![가-힣])(?=[가-힣]{2,4}[ \t]?(?:드림|올림)(?![가-힣]))/gu;
const CJK_CONTACT = /[（(][ \t]*(?:\+?\d|[\w.+-]+@)/gu;
const ZH_ACTION = dataPattern(ZH.action);
const ZH_ACTION_AFTER = dataPattern(ZH.actionAfter);
const ORG_END = /[部課课室局係系店社所会會庁处處科组組]$/u;
const HAN_NAME_SPACED = /[\p{Script=Han}々]{1,3}[ \u3000][\p{Script=Han}々]{1,3}$/u;

/** Common Japanese surnames, read before a job title (田中部長, 佐藤課長). */
const JA_SURNAMES = new Set<string>(JA.surnames);
const JA_TITLES = dataPattern(JA.titles);
const ZH_TITLES = dataPattern(ZH.titles);
const KO_TITLE = dataPattern(KO.titles);
const NOT_ZH_NAMES = new Set<string>(ZH.notNames);

/** Every job title and honorific of the three languages, the anchors of {@link cjkTitles}. */
const ANY_TITLE = new RegExp(
  [JA_TITLES, ZH_TITLES, KO_TITLE]
    .map((r) => r.source.replace(/^\^/u, '').replace(/^\[ \\t\]\?/u, ''))
    .join('|'),
  'gu',
);
const HAN_CHAR = /[\p{Script=Han}]/u;
const HANGUL_CHAR = /[가-힣]/u;
/** The commonest Korean surnames: one may stand alone before a title (김 과장님). */
const KO_LONE_SURNAMES: ReadonlySet<string> = new Set(Array.from(KO.surnames));
/** Characters after which a name may start inside Han text (给李明老师, 和王经理). */
const HAN_LEAD = /[给給和与與找是由向请請跟对對被叫让讓问問或及]/u;

/**
 * A surname (and given name) right before a job title or honorific: 田中部長, 王经理, 李明老师,
 * 김 과장님, 박서연 선생님. Anchored on the titles, then read backwards a few characters, so the
 * scan is one regex pass.
 */
function cjkTitles(text: string, out: Candidate[]): void {
  ANY_TITLE.lastIndex = 0;
  for (let m = ANY_TITLE.exec(text); m !== null; m = ANY_TITLE.exec(text)) {
    const t = m.index;
    if (HANGUL_CHAR.test(m[0].charAt(0))) {
      // Korean: "<name> <title>" with a space; the name is the whole Hangul run before it.
      if (text.charAt(t - 1) !== ' ') continue;
      let j = t - 1;
      while (j > 0 && t - 1 - j < 4 && HANGUL_CHAR.test(text.charAt(j - 1))) j--;
      const run = text.slice(j, t - 1);
      if (run === '' || HANGUL_CHAR.test(text.charAt(j - 1))) continue;
      const ok = run.length === 1 ? KO_LONE_SURNAMES.has(run) : koNameLength(text, j) === run.length;
      if (ok) push(out, j, t - 1, 0.65);
      continue;
    }
    if (!HAN_CHAR.test(text.charAt(t - 1))) continue;
    const starts = (at: number) =>
      at >= 0 && (at === 0 || !HAN_CHAR.test(text.charAt(at - 1)) || HAN_LEAD.test(text.charAt(at - 1)));
    let done = false;
    // Japanese: a common surname, optionally a two-kanji given name, then the title.
    if (JA_TITLES.test(m[0])) {
      for (const given of [2, 0]) {
        for (const len of [3, 2, 1]) {
          const at = t - given - len;
          if (!starts(at) || !JA_SURNAMES.has(text.slice(at, at + len))) continue;
          if (given > 0 && !/^[\p{Script=Han}]{2}$/u.test(text.slice(at + len, t))) continue;
          push(out, at, t, 0.65);
          done = true;
          break;
        }
        if (done) break;
      }
    }
    if (done || !ZH_TITLES.test(m[0])) continue;
    // Chinese: a surname and up to two given characters, then the title.
    for (const given of [2, 1, 0]) {
      let hit = false;
      for (const sur of [2, 1]) {
        const at = t - given - sur;
        if (!starts(at) || ZH_SURNAMES_2_OR_1(text, at) !== sur) continue;
        const name = text.slice(at, t);
        if (
          !/^[\p{Script=Han}]+$/u.test(name) ||
          NOT_ZH_NAMES.has(name) ||
          ZH_TITLES.test(text.slice(at + sur, t))
        )
          continue;
        push(out, at, t, 0.65);
        hit = true;
        break;
      }
      if (hit) break;
    }
  }
}

function cjkContexts(text: string, out: Candidate[]): void {
  if (/[\p{Script=Han}가-힣]/u.test(text)) cjkTitles(text, out);
  JA_SIGN.lastIndex = 0;
  for (let m = JA_SIGN.exec(text); m !== null; m = JA_SIGN.exec(text)) {
    const at = m.index + m[0].length;
    const len = jaNameLength(text, at);
    if (len < 2 || !/^[ \u3000]*(?:\n|$)/u.test(text.slice(at + len, at + len + 2))) continue;
    const name = text.slice(at, at + len);
    if (ORG_END.test(name)) continue;
    push(out, at, at + len, 0.7);
  }
  ZH_SIGN.lastIndex = 0;
  for (let m = ZH_SIGN.exec(text); m !== null; m = ZH_SIGN.exec(text)) {
    const at = m.index + m[0].length;
    const len = zhNameLength(text, at);
    if (len === 0) {
      if (m[0].length === 0) ZH_SIGN.lastIndex++;
      continue;
    }
    if (/^[ \u3000]*(?:\n|$|敬上|谨上|謹上)/u.test(text.slice(at + len, at + len + 3)))
      push(out, at, at + len, 0.7);
    if (m[0].length === 0) ZH_SIGN.lastIndex++;
  }
  KO_SIGN.lastIndex = 0;
  for (let m = KO_SIGN.exec(text); m !== null; m = KO_SIGN.exec(text)) {
    const at = m.index;
    KO_SIGN.lastIndex++;
    const run = /^[가-힣]+/u.exec(text.slice(at, at + 6))?.[0] ?? '';
    const len = koNameLength(text, at);
    if (len > 0 && len === run.length) push(out, at, at + len, 0.7);
  }
  CJK_CONTACT.lastIndex = 0;
  for (let m = CJK_CONTACT.exec(text); m !== null; m = CJK_CONTACT.exec(text)) {
    const before = text.slice(Math.max(0, m.index - 8), m.index);
    // "山田 太郎（090-…）": a spaced kanji name, or a Chinese surname and given name.
    const spaced = HAN_NAME_SPACED.exec(before);
    if (spaced !== null && !/[\p{Script=Han}々]/u.test(before.charAt(spaced.index - 1))) {
      push(out, m.index - spaced[0].length, m.index, 0.7);
      continue;
    }
    for (const len of [4, 3, 2]) {
      const at = m.index - len;
      if (at < 0) continue;
      // "请联系欧阳家豪（…）或汤鹏（…）": a verb or conjunction may lead into the name.
      if (
        /[\p{Script=Han}]/u.test(text.charAt(at - 1)) &&
        !HAN_LEAD.test(text.charAt(at - 1)) &&
        !/联系|聯繫|聯絡/u.test(text.slice(at - 2, at))
      )
        continue;
      if (zhNameLength(text, at) === len) {
        push(out, at, m.index, 0.65);
        break;
      }
    }
  }
  ZH_ACTION.lastIndex = 0;
  for (let m = ZH_ACTION.exec(text); m !== null; m = ZH_ACTION.exec(text)) {
    const at = m.index + m[0].length;
    if (m[0].length === 0) ZH_ACTION.lastIndex++;
    const len = zhNameLength(text, at);
    if (len > 0 && ZH_ACTION_AFTER.test(text.slice(at + len, at + len + 3))) push(out, at, at + len, 0.65);
  }
}

/**
 * A common given name followed by one or two capitalised surnames, anywhere in the text
 * ("Hugo Brandt will join"): the given-name list is the anchor. The run must not continue a
 * capitalised phrase (a title, a company) on either side.
 */
const GIVEN_RUN =
  /(?<![\p{L}\p{N}'’.-])(\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)[ \t]+(?:(?:de|del|de la|van|von|van der|von der|da|du|le|la|y)[ \t]+)?\p{Lu}\p{Ll}+(?:['’-]\p{Lu}?\p{Ll}+)*(?:[ \t]+\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)?/gu;

/** Streets and institutions named after people ("rue Victor Hugo", "lycée Victor Duruy", "estadio Santiago Bernabéu"). */
const STREET_BEFORE = dataPattern(LATIN.streetBefore);

const UI_VERB_BEFORE =
  /(?:click|tap|press|select|choose|klicken sie auf|klicke auf|cliquez sur|clique sur|haz clic en|pulsa)[ \t]+$/iu;

/** Whether the line around `at` has three or more words and none of them starts lowercase. */
function titleCaseLine(text: string, at: number): boolean {
  const from = text.lastIndexOf('\n', at) + 1;
  let to = text.indexOf('\n', at);
  if (to < 0) to = text.length;
  if (to - from > 120) return false;
  const words = text.slice(from, to).match(/[\p{L}][\p{L}'’-]*/gu) ?? [];
  return words.length >= 3 && words.every((w) => /^\p{Lu}/u.test(w));
}

function givenNameRuns(text: string, out: Candidate[]): void {
  GIVEN_RUN.lastIndex = 0;
  for (let m = GIVEN_RUN.exec(text); m !== null; m = GIVEN_RUN.exec(text)) {
    const given = m[1] as string;
    const first = given.split('-')[0] as string;
    // Rescan from the next word: "Mañana Rodrigo Salas" must still find "Rodrigo Salas".
    GIVEN_RUN.lastIndex = m.index + given.length;
    if (!GIVEN_NAMES.has(given) && !GIVEN_NAMES.has(first)) continue;
    // A capitalised word right before it makes it part of a longer phrase ("Saint Louis Blues").
    const before = text.slice(Math.max(0, m.index - 20), m.index);
    if (
      /\p{Lu}[\p{L}'’-]*[ \t]+$/u.test(before) &&
      !/(?:^|[.!?:;\n]\s*)\p{Lu}[\p{L}'’-]*[ \t]+$/u.test(before) &&
      !/(?:^|[^\p{L}])(?:Sie|Ich|Du|Wir|Ihr|Er|Es|Vous|Je|Nous|Usted|Yo|I)[ \t]+$/u.test(before)
    )
      continue;
    // "rue Victor Hugo", "calle Isabel la Católica": a street named after a person.
    if (STREET_BEFORE.test(before)) continue;
    let name = m[0];
    const words = name.split(/[ \t]+/u);
    // A third capitalised word that is not a name word ends the run before it.
    if (words.length === 3 && (NOT_NAME_WORDS.has(words[2] as string) || NOT_NAMES.has(words[2] as string)))
      name = words.slice(0, 2).join(' ');
    if (!fullName(text, m.index, name)) continue;
    const end = m.index + name.length;
    // Inside a longer capitalised phrase, a Title Case heading or a UI label ("Click Mark
    // Complete"), a given name is a word of the phrase.
    if (/^[ \t]+\p{Lu}/u.test(text.slice(end, end + 2))) continue;
    if (UI_VERB_BEFORE.test(before)) continue;
    if (titleCaseLine(text, m.index)) continue;
    push(out, m.index, end, 0.65);
    GIVEN_RUN.lastIndex = m.index + name.length;
  }
}

/** Names anchored by message structure (see the module comment), Latin and CJK scripts. */
export function findContextNames(text: string, out: Candidate[]): void {
  givenNameRuns(text, out);
  latinContexts(text, out);
  cjkContexts(text, out);
}
