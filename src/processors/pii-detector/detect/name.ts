import { dataPattern, type PatternData, piiData } from './data.js';
import { findCasualNames } from './name-casual.js';
import { findContextNames } from './name-contexts.js';
import {
  CJK_TEXT,
  fullName,
  HONORIFIC_AHEAD,
  JA_TIME_WORD,
  jaNameLength,
  koNameLength,
  LATIN_NAME,
  NOT_CJK_NAMES,
  NOT_NAME_WORDS,
  NOT_NAMES,
  WORD,
  zhNameLength,
} from './name-lexicon.js';
import { findStructuralNames } from './name-structure.js';
import type { Candidate, ScanContext } from './types.js';

const LATIN = piiData<{ readonly cues: PatternData; readonly roleCues: string[] }>('names/latin');
const ZH = piiData<{ readonly roleCues: PatternData }>('names/zh');
const JA = piiData<{ readonly roleCues: PatternData }>('names/ja');
const KO = piiData<{ readonly roleCues: PatternData }>('names/ko');

/** Cues before a Latin-script name (matched case-insensitively). */
const LATIN_CUES = dataPattern(LATIN.cues);

/**
 * Role, greeting and form-label cues (matched case-insensitively), after which a full name —
 * at least two capitalised words — is read: self-introductions ("this is", "ich bin", "je
 * suis", "soy"), roles (customer, patient, recipient, holder, contact, sender, guest …) and
 * the labels of forms and shipping slips ("Ship to", "Lieferadresse:", "titular"), per language.
 * A single capitalised word after them is too often a place or a company ("Ship to Berlin").
 */
const ROLE_CUE_WORDS = LATIN.roleCues;
const ROLE_CUES = new RegExp(
  `(?<![\\p{L}\\p{N}_])(?:${[...ROLE_CUE_WORDS]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
    .join(
      '|',
    )})(?:[ \t\u00a0]*[:：](?:[ \t\u00a0]*\n)?[ \t\u00a0]*|[ \t\u00a0]+[—–][ \t\u00a0]+|,[ \t\u00a0]+|[ \t\u00a0]+)`,
  'giu',
);

/** Cues in CJK scripts after which a Latin-script name is written ("お客様Jane Doe"). */
const CJK_CUES_FOR_LATIN =
  /(?:お客様|顧客|客户|顾客|客戶|收件人|户名|戶名|持卡人|乘客|고객님?|받는\s?분|담당자|예금주|출장자|名義[:：]?)\s*/gu;

/** Street-type words that never stand in a person's name ("Gran Vía", "Rue Royale"). */
const STREET_WORD =
  /(?:^|[ \t])(?:Gran|Vía|Calle|Avenida|Paseo|Plaza|Rue|Avenue|Boulevard|Straße|Strasse|Allee|Street|Road)(?=[ \t]|$)/u;

/**
 * Initials and a surname ("J. Smith", "A. B. Okafor", "J. Smith-Jones": the word's own
 * `-Xyz` parts take the second half, so no second way to read it exists).
 */
const INITIALED = new RegExp(`\\p{Lu}\\.(?:[ \\t]?\\p{Lu}\\.)*[ \\t]+${WORD}`, 'uy');

/** Academic and professional titles between an honorific and the name ("Frau Prof. Dr. Eva …"). */
const TITLES =
  /(?:(?:Prof|Dr|Dres|Mag|Ing|Dipl\.-Ing|Dott|Dña|Lic|Ir)\.?\s+|(?:med|jur|phil|rer\. nat|dent|vet|habil)\.\s+)*/uy;

/**
 * Abbreviated honorifics, which must be capitalised in the text to count ("in ms. Default" is a
 * unit). Spelled-out ones stay case-free: "el señor García", "le monsieur Dupont".
 */
const HONORIFIC = /^(?:mr|mrs|ms|dr|prof|m|mme|mlle|sr|sra|srta)\.?\s*$/u;

/** Chinese role cues after which a name follows (收件人陶玉梅, 客户：张伟). */
const ZH_ROLE_CUES = dataPattern(ZH.roleCues);

/** Japanese role cues (名義：細谷聡, お客様鈴木一郎, 受取人 山田花子). */
const JA_ROLE_CUES = dataPattern(JA.roleCues);

/** Korean role cues and self-introductions (받는 분 이서연, 담당자 박지훈, 안녕하세요, 김민준입니다). */
const KO_ROLE_CUES = dataPattern(KO.roleCues);

const CJK: readonly { re: RegExp; confidence: number }[] = [
  // Honorific after the name: 王芳女士 / 鈴木様 / 田中さん / 박지훈 씨 / 김철수 님.
  {
    re: /(?<=^|[^\p{Script=Han}]|联系|请|给|和|与|找|是|由|向|尊敬的|亲爱的|親愛的)([\p{Script=Han}]{2,3})(?=女士|先生|小姐)/gu,
    confidence: 0.65,
  },
  {
    // Family and given name may be spaced (梶原 麻美様) and the given name in hiragana (大谷ゆかりさん).
    re: /(?=[\p{Script=Han}々])(?<=^|[^\p{Script=Han}])((?![号室階番丁])(?:[\p{Script=Han}々]{1,3}[ \u3000](?:[\p{Script=Han}々]{1,3}|[\p{Script=Hiragana}]{2,3})|[\p{Script=Han}々]{2,3}[\p{Script=Katakana}]{2,3}|[\p{Script=Han}々]{2,3}[\p{Script=Hiragana}]{2,3}(?<![のがをへ][\p{Script=Hiragana}]{0,3}|[\p{Script=Han}]みな|[\p{Script=Han}]たち|[\p{Script=Han}]ども)|[\p{Script=Han}]{2,5}))(?=様|さん|氏(?![\p{Script=Han}]))/gu,
    confidence: 0.65,
  },
  {
    re: /(?<![가-힣])([가-힣]{2,4})(?=\s?(?:씨|님)(?:이고|이며|이신|일|에게서|이랑|하고|의|은|는|이|가|께서는|께서|께|에게|을|를|과|와|도|한테)?(?![가-힣]))/gu,
    confidence: 0.65,
  },
  {
    // A three-syllable full name before a spaced role honorific: 한성민 고객님, 이서준 과장님.
    re: /(?<![가-힣])([가-힣]{3})(?=\s(?:고객|회원|선생|사장|부장|과장|차장|대리|팀장|원장|교수|환자)님(?:께서|께|에게|이|의|은|는|을|를)?(?![가-힣]))/gu,
    confidence: 0.65,
  },
  // Chinese: 我叫王伟 / 我的名字是王伟 / 姓名：王伟 / 联系人：王伟
  {
    re: /(?:我叫|我的名字是|我的名字叫|姓名[:：]\s*|联系人[:：]\s*|名字[:：]\s*)([\p{Script=Han}]{2,4}?)(?=[，。,.!！\s]|$|先生|女士|，|的)/gu,
    confidence: 0.75,
  },
  // Japanese: 私の名前は山田太郎です / 氏名：山田 太郎 / 山田太郎と申します
  {
    re: /(?:私の名前は|名前は|氏名[:：]\s*|名前[:：]\s*|担当[:：]\s*)([\p{Script=Han}]{1,3}\s?[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]{0,4}?)(?=です|と申します|と言います|[、。,.\s]|$)/gu,
    confidence: 0.75,
  },
  // Japanese self-introduction after the greeting of a business message: お世話になっております。田島 悠希です。
  {
    re: /(?:お世話になっております|お世話になります|お疲れ様です|こんにちは)[。、]\s*([\p{Script=Han}々]{1,3}[ \u3000]?[\p{Script=Han}々]{1,3})(?=です)/gu,
    confidence: 0.7,
  },
  {
    re: /(?<![\p{Script=Han}])([\p{Script=Han}]{1,3}\s?[\p{Script=Han}]{1,3})(?=と申します)/gu,
    confidence: 0.75,
  },
  // Korean: 제 이름은 김민준입니다 / 이름: 김민준 / 저는 김민준입니다
  {
    re: /(?:제 이름은|내 이름은|이름은|이름[:：]|성명[:：]|담당자[:：])\s*([가-힣]{2,4}?)(?=입니다|이에요|예요|이고|[,.\s]|$)/gu,
    confidence: 0.75,
  },
];

/**
 * Person names after a cue: "my name is", honorifics (Mr., Frau, Mme, Sra.), "Name:", "我叫",
 * "私の名前は", "제 이름은" and their siblings; plus the structural anchors of
 * `name-contexts.ts` (signatures, salutations, header and attendee fields, contact lines,
 * person-action verbs, CJK titles) and a known given name before a capitalised surname. Other
 * names (an unknown given name in running text, a CJK name without cue or title) are not found
 * offline, or only below the default threshold; that is what `hybrid` mode asks the model for.
 * Confidence 0.55–0.75.
 */
export function findNames({ text }: ScanContext, out: Candidate[]): void {
  const first = out.length;
  findNamesRaw(text, out);
  // "Greg Norman's laptop": the possessive ending is not part of the name; "今朝菅遥さん": a
  // time word glued before a Japanese name is not part of it either.
  for (let i = first; i < out.length; i++) {
    const c = out[i] as Candidate;
    if (c.type !== 'name') continue;
    if (/['’]s$/u.test(text.slice(c.start, c.end))) c.end -= 2;
    const time = JA_TIME_WORD.exec(text.slice(c.start, c.end));
    if (time !== null && c.end - c.start - time[0].length >= 2) c.start += time[0].length;
  }
}

function findNamesRaw(text: string, out: Candidate[]): void {
  LATIN_CUES.lastIndex = 0;
  for (let m = LATIN_CUES.exec(text); m !== null; m = LATIN_CUES.exec(text)) {
    TITLES.lastIndex = m.index + m[0].length;
    TITLES.exec(text);
    const strongCue = /name|nom|heiß|heiss|appelle|llamo|signed|regards|sincerely|contact/.test(
      m[0].toLowerCase(),
    );
    // "Signed: J. Smith": initials before the surname, after a strong cue.
    INITIALED.lastIndex = TITLES.lastIndex;
    // Ranks and "Maître" are followed by initials as often as by given names ("Lt. Col. B. R. Welch").
    const ranked =
      /^(?:lt|col|capt|cpt|gen|maj|sgt|cmdr|dr|prof)\b/.test(m[0].toLowerCase()) && /^\p{Lu}/u.test(m[0]);
    const ini = strongCue || ranked ? INITIALED.exec(text) : null;
    if (ini !== null) {
      out.push({ type: 'name', start: ini.index, end: ini.index + ini[0].length, confidence: 0.7 });
      continue;
    }
    LATIN_NAME.lastIndex = TITLES.lastIndex;
    const n = LATIN_NAME.exec(text);
    if (n === null) continue;
    // "Signed: Management": after a cue that is not an honorific, a department is not a name.
    if (strongCue && n[0].split(/\s+/u).some((w) => NOT_NAME_WORDS.has(w))) continue;
    const name = n[0];
    const words = name.split(/[\s-]+/);
    if (NOT_NAMES.has(words[0] ?? '') || words.some((w) => w.length < 2)) continue;
    const start = n.index;
    const cue = m[0].toLowerCase();
    // Honorifics are written capitalised: "in ms. Default" is a unit, not "Ms. Default".
    if (HONORIFIC.test(cue) && !/^\p{Lu}/u.test(m[0])) continue;
    const strong = /name|nom|heiß|heiss|appelle|llamo|signed|regards|sincerely|contact/.test(cue);
    out.push({ type: 'name', start, end: start + name.length, confidence: strong ? 0.75 : 0.65 });
  }
  ROLE_CUES.lastIndex = 0;
  for (let m = ROLE_CUES.exec(text); m !== null; m = ROLE_CUES.exec(text)) {
    const at = m.index + m[0].length;
    // "Kontoinhaberin Frau Malia Saflanis": the honorific's own cue reads the name after it.
    if (HONORIFIC_AHEAD.test(text.slice(at, at + 12))) continue;
    LATIN_NAME.lastIndex = at;
    const n = LATIN_NAME.exec(text);
    if (n === null || !fullName(text, at, n[0])) continue;
    // "Dirección de envío: Gran Vía, 159": a street-type word makes it a street.
    if (STREET_WORD.test(n[0])) continue;
    out.push({ type: 'name', start: at, end: at + n[0].length, confidence: 0.7 });
  }
  findStructuralNames(text, out);
  findCasualNames(text, out);
  // The CJK cues and shapes below need a CJK character somewhere: Latin-only text skips them.
  if (!CJK_TEXT.test(text)) {
    findContextNames(text, out);
    return;
  }
  CJK_CUES_FOR_LATIN.lastIndex = 0;
  for (let m = CJK_CUES_FOR_LATIN.exec(text); m !== null; m = CJK_CUES_FOR_LATIN.exec(text)) {
    const at = m.index + m[0].length;
    LATIN_NAME.lastIndex = at;
    const n = LATIN_NAME.exec(text);
    if (n === null || !fullName(text, at, n[0])) continue;
    out.push({ type: 'name', start: at, end: at + n[0].length, confidence: 0.7 });
  }
  findCjkRoleNames(text, out);
  findContextNames(text, out);
  for (const { re, confidence } of CJK) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const name = m[1];
      if (name === undefined || NOT_CJK_NAMES.has(name)) continue;
      const start = m.index + m[0].length - name.length;
      out.push({ type: 'name', start, end: start + name.length, confidence });
    }
  }
}

/**
 * Names after Chinese, Japanese and Korean role cues and self-introductions, shaped by each
 * language's name forms: a common surname and one or two characters in Chinese, two to four
 * kanji (or a katakana name) in Japanese, a common surname and one or two syllables in Korean.
 */
function findCjkRoleNames(text: string, out: Candidate[]): void {
  const scans: Array<[RegExp, (text: string, at: number) => number]> = [
    [ZH_ROLE_CUES, zhNameLength],
    [JA_ROLE_CUES, jaNameLength],
    [KO_ROLE_CUES, koNameLength],
  ];
  for (const [cues, length] of scans) {
    cues.lastIndex = 0;
    for (let m = cues.exec(text); m !== null; m = cues.exec(text)) {
      const at = m.index + m[0].length;
      const len = length(text, at);
      if (len === 0) continue;
      const name = text.slice(at, at + len);
      if (NOT_CJK_NAMES.has(name)) continue;
      out.push({ type: 'name', start: at, end: at + len, confidence: 0.7 });
    }
  }
}
