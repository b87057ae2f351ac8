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
  zhNameLength,
  zhSurnameLength,
} from './name-lexicon.js';
import { fieldValues, tableColumns, titledNames } from './name-records.js';
import type { Candidate } from './types.js';

const LATIN = piiData<{
  readonly greetingWords: PatternData;
  readonly signOff: PatternData;
  readonly chatRoles: string[];
  readonly personPhrases: PatternData;
}>('names/latin');
const ALL = piiData<{ readonly attendeeFields: PatternData }>('names/multilingual');
const CJK = piiData<{
  readonly notSigners: string[];
  readonly signOff: PatternData;
  readonly bracketedTags: PatternData;
}>('names/cjk');
const ZH = piiData<{
  readonly leadIn: PatternData;
  readonly followOn: PatternData;
  readonly surnameWords: string[];
}>('names/zh');
const JA = piiData<{ readonly kin: PatternData }>('names/ja');

/**
 * More structural anchors for names, each general across languages rather than tied to one
 * phrasing:
 *
 * - an e-mail address whose local part spells a capitalised run near it ("Quintia Rodriguez
 *   … (quintia@sfr.fr)", "From: Mahaut Paris <mahaut.paris@orange.fr>");
 * - participant lists after an attendee field, in all seven languages, with commas,
 *   semicolons, 、 and the conjunctions of each language between the names;
 * - a name that signs off the end of the text ("— Trey", "danke Marlena!", "谢谢沐辰。",
 *   "。寺田悠太", "- 배현진");
 * - a person addressed by a greeting in CJK scripts (王芳您好, 태영야,), chat speaker labels
 *   (`[14:02] Judd:`, `>> Ethel Boehm:`, `[봉성준]`) and "for <Full Name>:" record headers.
 *
 * Every rule anchors on one regex pass and reads at most a name-sized window around it.
 */

/** Characters of an address's local part and domain (ASCII and accented letters). */
function localChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    (c >= 48 && c <= 57) ||
    c === 46 ||
    c === 95 ||
    c === 45 ||
    c === 43 ||
    c === 37 ||
    (c >= 0xc0 && c <= 0x24f)
  );
}
/** Built on first use: `LATIN_NAME` comes from a module that imports this one. */
let capRun: RegExp | undefined;
const INITIAL = /^\p{Lu}\.$/u;

/** Lowercase ASCII letters only: accents folded, digits and separators dropped. */
function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z]/g, '');
}

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}가-힣]/u;

/** Greeting words a capitalised run may start with ("Hallo Frederike", "Hola Anita"). */
const GREETING_WORDS = dataPattern(LATIN.greetingWords);

/** Department and office names that sign a message like a person (営業部, 営業一課). */
const ORG_END = /[部課课室局係系店社所会會庁处處科组組団]$/u;

function push(out: Candidate[], start: number, end: number, confidence: number): void {
  out.push({ type: 'name', start, end, confidence });
}

/**
 * A capitalised run within 100 characters before (or 40 after) an e-mail address whose local
 * part contains one of its words (three letters or more): the address spells the person's name.
 */
function emailLocalNames(text: string, out: Candidate[]): void {
  // Each '@' is expanded to its address by hand: a regex over every position would rescan
  // long word runs (quadratic in the run length).
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let left = at;
    while (left > 0 && localChar(text.charCodeAt(left - 1))) left--;
    let right = at + 1;
    while (right < text.length && localChar(text.charCodeAt(right)) && text.charCodeAt(right) !== 95) right++;
    if (left === at || !text.slice(at + 1, right).includes('.')) continue;
    const e = { index: left, 0: text.slice(left, right) };
    const local = fold(e[0].slice(0, at - left));
    if (local.length < 3) continue;
    const from = Math.max(0, e.index - 100);
    const to = Math.min(text.length, e.index + e[0].length + 40);
    const window = text.slice(from, to);
    if (!/\p{Lu}/u.test(window)) continue;
    capRun ??= new RegExp(`(?=\\p{Lu})(?<![\\p{L}\\p{N}'’.@_-])${LATIN_NAME.source}`, 'gu');
    const CAP_RUN = capRun;
    CAP_RUN.lastIndex = 0;
    for (let m = CAP_RUN.exec(window); m !== null; m = CAP_RUN.exec(window)) {
      const absolute = from + m.index;
      // Runs inside the address itself are not names.
      if (absolute >= e.index && absolute < e.index + e[0].length) continue;
      let words = m[0].split(/[ \t\u00a0]+/u);
      let start = absolute;
      // Sentence words before the name ("Bitte Anna Schmidt …", "CRM Quintia …") are trimmed.
      while (words.length > 1) {
        const w = words[0] as string;
        if (
          !(
            NOT_NAMES.has(w) ||
            NOT_NAME_WORDS.has(w) ||
            HONORIFIC_AHEAD.test(w) ||
            GREETING_WORDS.test(w) ||
            /^\p{Lu}+$/u.test(w)
          )
        )
          break;
        start += text.slice(start).indexOf(w) + w.length;
        while (/[ \t\u00a0]/u.test(text.charAt(start))) start++;
        words = words.slice(1);
      }
      // "Ping Grace Ohara <grace.o@…>": a leading word the address does not spell and that is
      // not a known given name is a verb or a sentence word.
      while (words.length > 2) {
        const w = words[0] as string;
        if (local.includes(fold(w)) || GIVEN_NAMES.has(w)) break;
        start += text.slice(start).indexOf(w) + w.length;
        while (/[ \t\u00a0]/u.test(text.charAt(start))) start++;
        words = words.slice(1);
      }
      const nameWords = words.filter((w) => !INITIAL.test(w));
      if (nameWords.some((w) => NOT_NAMES.has(w) || w.length < 2)) continue;
      const spelled = nameWords.filter((w) => w.length >= 3 && local.includes(fold(w)));
      if (spelled.length === 0) continue;
      // Organisation words count only when the address spells them too ("Paris" as a surname),
      // and never alone ("Support <support@…>").
      if (nameWords.some((w) => NOT_NAME_WORDS.has(w) && !spelled.includes(w))) continue;
      if (spelled.every((w) => NOT_NAME_WORDS.has(w) || GREETING_WORDS.test(w))) continue;
      const end = absolute + m[0].length;
      // A single word must start the local part and be at least four letters ("Carleton").
      if (
        nameWords.length === 1 &&
        !(local.startsWith(fold(nameWords[0] as string)) && (nameWords[0] as string).length >= 4)
      )
        continue;
      if (/^[ \t]*\p{Lu}/u.test(text.slice(end, end + 2))) continue;
      push(out, start, end, 0.7);
    }
  }
}

/** Attendee fields in every language; the names after them are listed with separators. */
const ATTENDEE_FIELDS = dataPattern(ALL.attendeeFields);
const LIST_SEP =
  /^(?:[ \t]*[,;、，；][ \t]*(?:(?:and|und|et|y|&)[ \t]+)?|[ \t]+(?:and|und|et|y|&)[ \t]+|和|及|与|[ \t]*와[ \t]*|[ \t]*및[ \t]*)/u;
/** A foreign name in katakana, its parts joined by a middle dot (ソフィア・ロペス, グエン・ヴァン・アン). */
const KATAKANA_FULL_NAME = /^[\p{Script=Katakana}ー]{2,8}(?:[・･=＝][\p{Script=Katakana}ー]{1,8}){1,3}/u;
const HAN_ITEM = /^[\p{Script=Han}々]{1,3}[ \u3000][\p{Script=Han}々]{1,3}|^[\p{Script=Han}々]{2,5}/u;

function attendeeLists(text: string, out: Candidate[]): void {
  ATTENDEE_FIELDS.lastIndex = 0;
  const kana = /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text);
  for (let m = ATTENDEE_FIELDS.exec(text); m !== null; m = ATTENDEE_FIELDS.exec(text)) {
    const japaneseCue = /出席者|参加者|メンバー/u.test(m[0]);
    let at = m.index + m[0].length;
    for (let i = 0; i < 12 && at < text.length; i++) {
      let end = -1;
      const c = text.charAt(at);
      const kata = KATAKANA_FULL_NAME.exec(text.slice(at, at + 24));
      if (kata !== null) end = at + kata[0].length;
      else if (/[가-힣]/u.test(c)) {
        const run = /^[가-힣]+/u.exec(text.slice(at, at + 8))?.[0] ?? '';
        if (koNameLength(text, at) === run.length) end = at + run.length;
      } else if (/[\p{Script=Han}々]/u.test(c)) {
        const item = HAN_ITEM.exec(text.slice(at, at + 9))?.[0] ?? '';
        const bare = item.replace(/[ \u3000]/gu, '');
        if (bare.length >= 2 && bare.length <= 5) {
          const ok =
            kana || japaneseCue
              ? jaNameLength(text, at) === item.length
              : zhNameLength(text, at) === item.length;
          if (ok) end = at + item.length;
        }
      } else if (/\p{Lu}/u.test(c) && !HONORIFIC_AHEAD.test(text.slice(at, at + 12))) {
        LATIN_NAME.lastIndex = at;
        const n = LATIN_NAME.exec(text);
        // "Concepción Valdivia Cisneros y Óscar Villa": the conjunction of the list, not a particle.
        const name = n === null ? '' : n[0].replace(/(?<![ \t])[ \t]+(?:y|and|und|et)[ \t]+\p{Lu}.*$/su, '');
        if (name !== '' && fullName(text, at, name)) end = at + name.length;
      }
      if (end < 0) break;
      const sep = LIST_SEP.exec(text.slice(end, end + 8));
      const next = text.charAt(end);
      if (sep === null && !(next === '' || /[\n.。)）]/u.test(next))) break;
      push(out, at, end, 0.7);
      if (sep === null) break;
      at = end + sep[0].length;
    }
  }
}

/** Words that end a text without being a signature ("thanks Team!", "— Support"). */
const NOT_SIGNERS = new Set<string>(CJK.notSigners);

/** A Latin sign-off at the very end of the text: a dash or a thanks word, then the name. */
const LATIN_TAIL = dataPattern(LATIN.signOff);

/** A CJK sign-off at the very end: after a sentence end, a dash or thanks, then the name. */
const CJK_TAIL = dataPattern(CJK.signOff);

function signOffs(text: string, out: Candidate[], latinText = true, cjkText = true): void {
  const tail = text.length > 120 ? text.slice(-120) : text;
  const offset = text.length - tail.length;
  const latin = latinText ? LATIN_TAIL.exec(tail) : null;
  if (latin !== null) {
    const name = (latin[1] as string).trimEnd();
    const start = offset + latin.index + latin[0].lastIndexOf(name, latin[0].length);
    LATIN_NAME.lastIndex = start;
    const n = LATIN_NAME.exec(text);
    if (n !== null && n[0] === name) {
      const words = name.split(/[ \t]+/u);
      const single =
        words.length === 1 && name.length >= 3 && !NOT_NAMES.has(name) && !NOT_NAME_WORDS.has(name);
      if (single || (words.length > 1 && fullName(text, start, name)))
        push(out, start, start + name.length, single ? 0.65 : 0.7);
    }
  }
  const cjk = cjkText ? CJK_TAIL.exec(tail) : null;
  if (cjk !== null) {
    const name = cjk[1] as string;
    if (NOT_SIGNERS.has(name) || ORG_END.test(name)) return;
    const start = offset + cjk.index + cjk[0].lastIndexOf(name);
    const lead = cjk[0].slice(0, cjk[0].indexOf(name)).trim();
    const thanks = /谢谢|謝謝|感谢|感謝|多谢|多謝|ありがとう/u.test(lead);
    let ok = false;
    if (/[가-힣]/u.test(name)) ok = /^[가-힣]{2,3}$/u.test(name) && koNameLength(text, start) === name.length;
    else if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text))
      ok =
        /^[\p{Script=Han}々]{1,3}(?:[ \u3000]?[\p{Script=Han}々]{1,3})?$/u.test(name) &&
        name.replace(/\s/gu, '').length <= 5;
    else
      ok =
        /^[\p{Script=Han}]{2,4}$/u.test(name) &&
        (zhNameLength(text, start) === name.length || (thanks && name.length <= 3));
    if (ok) push(out, start, start + name.length, 0.65);
  }
}

/** CJK greetings addressed to a person: 常哲瀚您好, 태영야, … */
const ZH_GREETED = /(?<![\p{Script=Han}])([\p{Script=Han}]{2,4})(?=您好|你好)/gu;
const KO_VOCATIVE = /^([가-힣]{2,3})(?:야|아)(?=[,!~ ])/gmu;
/** Chat speaker labels at a line start: `[14:02] Judd:`, `>> Ethel Boehm:`, `[봉성준]`. */
const SPEAKER =
  /(?:^|\n)[ \t]*(?:\[\d{1,2}:\d{2}(?::\d{2})?\][ \t]*|>{1,3}[ \t]*)(\p{Lu}[\p{L}'’.-]*(?:[ \t]\p{Lu}[\p{L}'’.-]*){0,2})(?=:)/gu;
const CJK_BRACKETED = /(?:^|\n)[ \t]*\[([가-힣]{2,4}|[\p{Script=Han}]{2,4})\](?=[ \t])/gu;
/** Speaker labels that name a role in the conversation, not a person (`[10:42] Agent:`). */
const CHAT_ROLES = new Set<string>(LATIN.chatRoles);
/**
 * Bracketed line tags that are a department, a level or a notice, not a person (`[인사팀]`,
 * `[경고]`, `[告警]`): an organisational suffix or one of the usual tag words.
 */
const CJK_TAG = dataPattern(CJK.bracketedTags);
/**
 * "W-2 mismatch for Robbie Durgan:", "Kurze Info von Mara Rosenthal:", "Petit mot de Armin
 * Bonnet :": a record about or a note from a person, the full name closed by a colon.
 */
const FOR_FIELD = /(?<![\p{L}])(?:for|für|pour|para|from|von|de|note from|nota de)[ \t]+/giu;

function greetingsAndLabels(text: string, out: Candidate[], latinText = true, cjkText = true): void {
  if (cjkText) cjkGreetings(text, out);
  if (latinText) latinLabels(text, out);
}

function cjkGreetings(text: string, out: Candidate[]): void {
  ZH_GREETED.lastIndex = 0;
  const greeted = text.includes('您好') || text.includes('你好');
  for (let m = greeted ? ZH_GREETED.exec(text) : null; m !== null; m = ZH_GREETED.exec(text)) {
    const name = m[1] as string;
    if (zhNameLength(text, m.index) === name.length && !NOT_SIGNERS.has(name))
      push(out, m.index, m.index + name.length, 0.7);
  }
  KO_VOCATIVE.lastIndex = 0;
  for (let m = KO_VOCATIVE.exec(text); m !== null; m = KO_VOCATIVE.exec(text)) {
    const name = m[1] as string;
    const start = m.index;
    if (!NOT_SIGNERS.has(name)) push(out, start, start + name.length, 0.65);
  }
  bracketedCjkNames(text, out);
}

function bracketedCjkNames(text: string, out: Candidate[]): void {
  CJK_BRACKETED.lastIndex = 0;
  for (let m = CJK_BRACKETED.exec(text); m !== null; m = CJK_BRACKETED.exec(text)) {
    const name = m[1] as string;
    if (CJK_TAG.test(name)) continue;
    const start = m.index + m[0].length - name.length - 1;
    const ok = /[가-힣]/u.test(name)
      ? koNameLength(text, start) === name.length
      : zhNameLength(text, start) === name.length;
    if (ok) push(out, start, start + name.length, 0.7);
  }
}

function latinLabels(text: string, out: Candidate[]): void {
  SPEAKER.lastIndex = 0;
  for (let m = SPEAKER.exec(text); m !== null; m = SPEAKER.exec(text)) {
    const name = m[1] as string;
    const start = m.index + m[0].length - name.length;
    const words = name.split(/[ \t]+/u);
    if (words.some((w) => NOT_NAMES.has(w) || NOT_NAME_WORDS.has(w) || CHAT_ROLES.has(w))) continue;
    if (words.length === 1 ? name.length >= 3 : fullName(text, start, name))
      push(out, start, start + name.length, 0.7);
  }
  FOR_FIELD.lastIndex = 0;
  for (let m = FOR_FIELD.exec(text); m !== null; m = FOR_FIELD.exec(text)) {
    const at = m.index + m[0].length;
    if (HONORIFIC_AHEAD.test(text.slice(at, at + 12))) continue;
    LATIN_NAME.lastIndex = at;
    const n = LATIN_NAME.exec(text);
    if (n === null || !fullName(text, at, n[0])) continue;
    if (/^[ \t]*[:：]/u.test(text.slice(at + n[0].length, at + n[0].length + 3)))
      push(out, at, at + n[0].length, 0.7);
  }
}

/** A spaced kanji name alone on its line (Japanese signatures: "\n根本 悠\nカスタマーサポート"). */
const JA_NAME_LINE =
  /^[ \t\u3000]*([\p{Script=Han}々]{1,3}[ \u3000][\p{Script=Han}々]{1,3}(?<![様殿氏宛]))[ \t\u3000]*$/gmu;

function japaneseNameLines(text: string, out: Candidate[]): void {
  if (!/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return;
  JA_NAME_LINE.lastIndex = 0;
  for (let m = JA_NAME_LINE.exec(text); m !== null; m = JA_NAME_LINE.exec(text)) {
    const name = m[1] as string;
    if (ORG_END.test(name)) continue;
    const start = m.index + m[0].indexOf(name);
    push(out, start, start + name.length, 0.65);
  }
}

/**
 * Chinese names between a function word and a verb or punctuation: 和苏皓轩通了电话,
 * 从康家豪转给付沐宸。, 我的房东是吕玲，. A common surname anchors the name; the confidence stays
 * at the threshold, since such phrases are the shape of ordinary words too.
 */
const ZH_LEAD = dataPattern(ZH.leadIn);
const ZH_FOLLOW = dataPattern(ZH.followOn);
const NOT_ZH_GIVEN = /[们們区區市省县縣路街号號楼樓室厂廠店司院校部门門]/u;
/** Words that start with a surname character without being a name (明天, 周末, 高兴, …). */
const NOT_ZH_WORDS = new Set<string>(ZH.surnameWords);

function zhBetweenWords(text: string, out: Candidate[]): void {
  ZH_LEAD.lastIndex = 0;
  for (let m = ZH_LEAD.exec(text); m !== null; m = ZH_LEAD.exec(text)) {
    const at = m.index + m[0].length;
    const surname = zhSurnameLength(text, at);
    if (surname === 0 || NOT_ZH_WORDS.has(text.slice(at, at + 2))) continue;
    for (const len of [surname + 2, surname + 1]) {
      const name = text.slice(at, at + len);
      if (name.length !== len || !/^[\p{Script=Han}]+$/u.test(name) || NOT_ZH_GIVEN.test(name)) continue;
      if (!ZH_FOLLOW.test(text.slice(at + len, at + len + 2))) continue;
      push(out, at, at + len, 0.6);
      break;
    }
  }
}

/**
 * Phrases whose object is a person in practice: relatives and personal roles ("my landlord is",
 * "meine Vermieterin ist", "mon propriétaire est", "mi casero es"), talking to someone ("spoke
 * to", "habe mit … telefoniert", "j'ai eu … au téléphone", "hablé con") and handing work over
 * ("reassigned from … to …", "von … an … übergeben", "transféré de … à …", "reasignada de … a …").
 * The full name after them, and the second one of a "from … to …" pair.
 */
const PERSON_PHRASES = dataPattern(LATIN.personPhrases);
const PAIR_SECOND = /^[ \t]+(?:to|an|à|a|and|und|et|y)[ \t]+/u;

function personPhrases(text: string, out: Candidate[]): void {
  PERSON_PHRASES.lastIndex = 0;
  for (let m = PERSON_PHRASES.exec(text); m !== null; m = PERSON_PHRASES.exec(text)) {
    if (m.index > 0 && /[\p{L}]/u.test(text.charAt(m.index - 1))) continue;
    let at = m.index + m[0].length;
    while (text.charAt(at) === ' ' || text.charAt(at) === '\t') at++;
    for (let i = 0; i < 2; i++) {
      if (HONORIFIC_AHEAD.test(text.slice(at, at + 12))) break;
      LATIN_NAME.lastIndex = at;
      const n = LATIN_NAME.exec(text);
      const name = n === null ? '' : n[0].replace(/(?<![ \t])[ \t]+(?:y|and|und|et)[ \t]+\p{Lu}.*$/su, '');
      if (name === '' || !fullName(text, at, name)) break;
      // The run must end the phrase: a capitalised word after it makes it a longer title.
      if (/^[ \t]+\p{Lu}/u.test(text.slice(at + name.length, at + name.length + 2))) break;
      push(out, at, at + name.length, 0.65);
      const second = PAIR_SECOND.exec(text.slice(at + name.length, at + name.length + 6));
      if (second === null) break;
      at += name.length + second[0].length;
    }
  }
}

/** A relative or colleague and her name in Japanese: 祖母の伊東美香に代わって, 上司の田中さん. */
const JA_KIN = dataPattern(JA.kin);

function japaneseKin(text: string, out: Candidate[]): void {
  JA_KIN.lastIndex = 0;
  for (let m = JA_KIN.exec(text); m !== null; m = JA_KIN.exec(text)) {
    const name = m[1] as string;
    const start = m.index + m[0].length - name.length;
    if (
      name.replace(/[ \u3000]/gu, '').length >= 2 &&
      jaNameLength(text, start) === name.length &&
      !ORG_END.test(name)
    )
      push(out, start, start + name.length, 0.65);
  }
}

/** Names found from the structure around them (see the module comment). */
export function findStructuralNames(text: string, out: Candidate[]): void {
  // Latin-script rules need a capital letter, CJK rules a CJK character: a text without one
  // skips them.
  const latin = /\p{Lu}/u.test(text);
  const cjk = CJK_CHAR.test(text);
  if (latin && text.includes('@')) emailLocalNames(text, out);
  if (text.includes(':') || text.includes('：')) attendeeLists(text, out);
  signOffs(text, out, latin, cjk);
  greetingsAndLabels(text, out, latin, cjk);
  if (text.includes('\n')) {
    if (cjk) japaneseNameLines(text, out);
    tableColumns(text, out);
  }
  fieldValues(text, out);
  if (latin) personPhrases(text, out);
  if (cjk && text.includes('の')) japaneseKin(text, out);
  if (/\p{Script=Han}/u.test(text) && !/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text))
    zhBetweenWords(text, out);
  if (text.includes('(') || text.includes('（')) titledNames(text, out);
}
