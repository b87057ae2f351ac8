import type { Candidate, ScanContext } from './types.js';

/** Cues before a Latin-script name (matched case-insensitively). */
const LATIN_CUES =
  /(?<![\p{L}\p{N}_])(?:my name is|my name's|i am called|name\s*:|full name\s*:|signed\s*:?|regards,|sincerely,|contact person\s*:|mr\.?|mrs\.?|ms\.?|miss|dr\.?|prof\.?|mein name ist|ich heiße|ich heisse|name ist|herr|frau|je m'appelle|je m’appelle|mon nom est|nom\s*:|monsieur|madame|mademoiselle|m\.|mme\.?|mlle\.?|me llamo|mi nombre es|nombre\s*:|señor|señora|señorita|sr\.|sra\.|srta\.|don|doña)[ \t\u00a0]+/giu;

/**
 * The name after a cue: capitalised words (case-sensitive; `O'Neil`, `Jean-Pierre`), with
 * particles between them.
 */
const WORD = "\\p{Lu}\\p{Ll}*(?:['’-]\\p{Lu}?\\p{Ll}+)*";
const LATIN_NAME = new RegExp(
  `${WORD}(?:[ \\t\\u00a0-]+(?:(?:de|del|de la|van|von|der|da|di|le|la|y)\\s+)?${WORD}){0,3}`,
  'uy',
);

/** Academic and professional titles between an honorific and the name ("Frau Prof. Dr. Eva …"). */
const TITLES = /(?:(?:Prof|Dr|Dres|Mag|Ing|Dipl\.-Ing|Dott|Dña|Lic|Ir)\.?\s+)*/uy;

/**
 * Abbreviated honorifics, which must be capitalised in the text to count ("in ms. Default" is a
 * unit). Spelled-out ones stay case-free: "el señor García", "le monsieur Dupont".
 */
const HONORIFIC = /^(?:mr|mrs|ms|dr|prof|m|mme|mlle|sr|sra|srta)\.?\s*$/u;

/** Capitalised words that follow a cue without being a name. */
const NOT_NAMES = new Set([
  'The',
  'A',
  'An',
  'This',
  'That',
  'Here',
  'It',
  'Not',
  'Your',
  'My',
  'Our',
  'Und',
  'Der',
  'Die',
  'Das',
  'Le',
  'La',
  'Les',
  'El',
  'Los',
  'Las',
  'Un',
  'Une',
  'Una',
  'Ein',
  'Eine',
  'Please',
  'Bitte',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
  'Name',
  'Nom',
  'Nombre',
  'Unknown',
  'Dr',
  'Prof',
]);

/** Words before an honorific that are roles, not names (社長さん, 고객님, 先生). */
const NOT_CJK_NAMES = new Set([
  '社長',
  '部長',
  '課長',
  '店長',
  '先生',
  '奥様',
  '皆様',
  '皆さん',
  '客様',
  '担当',
  '会員',
  '患者',
  '고객',
  '선생',
  '회원',
  '사장',
  '부장',
  '과장',
  '팀장',
  '여러분',
  '담당자',
  '관리자',
  '기사',
  '학생',
  '老师',
  '客户',
  '经理',
  '师傅',
  '同学',
  '大家',
]);

const CJK: readonly { re: RegExp; confidence: number }[] = [
  // Honorific after the name: 王芳女士 / 鈴木様 / 田中さん / 박지훈 씨 / 김철수 님.
  {
    re: /(?<=^|[^\p{Script=Han}]|联系|请|给|和|与|找|是|由|向)([\p{Script=Han}]{2,3})(?=女士|先生|小姐)/gu,
    confidence: 0.65,
  },
  {
    re: /(?<=^|[^\p{Script=Han}])([\p{Script=Han}]{2,4})(?=様|さん|氏(?![\p{Script=Han}]))/gu,
    confidence: 0.65,
  },
  { re: /(?<![가-힣])([가-힣]{2,4})(?=\s?(?:씨|님)(?![가-힣]))/gu, confidence: 0.65 },
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
  {
    re: /(?<![\p{Script=Han}])([\p{Script=Han}]{1,3}\s?[\p{Script=Han}]{1,3})(?=と申します)/gu,
    confidence: 0.75,
  },
  // Korean: 제 이름은 김민준입니다 / 이름: 김민준 / 저는 김민준입니다
  {
    re: /(?:제 이름은|내 이름은|이름은|이름[:：]\s*|성명[:：]\s*|담당자[:：]\s*)\s*([가-힣]{2,4}?)(?=입니다|이에요|예요|이고|[,.\s]|$)/gu,
    confidence: 0.75,
  },
];

/**
 * Person names after a cue: "my name is", honorifics (Mr., Frau, Mme, Sra.), "Name:", "我叫",
 * "私の名前は", "제 이름은" and their siblings. Names without a cue are not found offline; that
 * is what `hybrid` mode asks the model for. Confidence 0.65–0.75.
 */
export function findNames({ text }: ScanContext, out: Candidate[]): void {
  LATIN_CUES.lastIndex = 0;
  for (let m = LATIN_CUES.exec(text); m !== null; m = LATIN_CUES.exec(text)) {
    TITLES.lastIndex = m.index + m[0].length;
    TITLES.exec(text);
    LATIN_NAME.lastIndex = TITLES.lastIndex;
    const n = LATIN_NAME.exec(text);
    if (n === null) continue;
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
