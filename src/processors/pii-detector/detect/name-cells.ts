/**
 * Chinese, Japanese and Korean names that fill a delimited cell on their own: the whole
 * stretch between a field delimiter before it (line start, `：`, `:`, `（`, `(`, `、`, `，`) and
 * one after it (`，`, `,`, `）`, `)`, `、`, `。`, line end) is a name of the language's shape —
 * a common surname and one or two characters in Chinese, a kanji surname and given name
 * separated by a space in Japanese, a common surname and two syllables in Korean. Record values
 * ("客户资料：黄娟，生日…", "요청자: 박준호 (010-…)", "（中村　隆）") are named so without a
 * cue anyone could list. Korean names before the honorific 님 ("두하윤 님이나") are read the same
 * way. Confidence 0.62: just above the default threshold, below every cue.
 */
import { KO_SURNAMES_1, KO_SURNAMES_2, NOT_CJK_NAMES, zhNameLength } from './name-lexicon.js';
import type { Candidate } from './types.js';

const BEFORE = '(?<=(?:^|[\\n：:（(、，,])[ \\t\\u3000]?)';
const AFTER = '(?=[ \\t\\u3000]?(?:[，,）)、。\\n(（]|\\.(?:\\s|$)|$))';
/** A Korean name before the honorific 님 and a particle: "두하윤 님이나", "윤예빈님께". */
const KO_HONORIFIC = /(?<![가-힣])[가-힣]{3,4}(?=[ \t]?님(?:[이은는께의을과도]|[,.\s]|$))/gu;
const ZH_CELL = new RegExp(`${BEFORE}\\p{Script=Han}{2,3}${AFTER}`, 'gu');
const JA_CELL = new RegExp(
  `${BEFORE}[\\p{Script=Han}々]{1,3}[ \\u3000][\\p{Script=Han}々]{1,2}${AFTER}`,
  'gu',
);
const KO_CELL = new RegExp(`${BEFORE}[가-힣]{3,4}${AFTER}`, 'gu');
/** Cell values that start like a name and are common words (谢谢 "thanks", 이메일 "e-mail"). */
const NOT_CELL_NAMES = new Set([
  '谢谢',
  '谢谢您',
  '高级',
  '方式',
  '金额',
  '常规',
  '周末',
  '周一',
  '周二',
  '周三',
  '周四',
  '周五',
  '周六',
  '周日',
  '王国',
  '安全',
  '严重',
  '范围',
  '程序',
  '孙子',
  '黄金',
  '白金',
  '钱包',
  '陈述',
  '时间',
  '于是',
  '毛利',
  '余额',
  '이메일',
  '주소지',
  '안내문',
  '경고문',
  '정보는',
  '전화로',
  '유의사항',
  '오전',
  '오후',
  '이름은',
  '성함은',
]);
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /[가-힣]/u;

/** Adds the names that fill a delimited cell of CJK text to `out`. */
export function findCjkCellNames(text: string, out: Candidate[]): void {
  const hangul = HANGUL.test(text);
  const kana = KANA.test(text);
  if (!hangul && !/\p{Script=Han}/u.test(text)) return;
  const push = (start: number, end: number) => {
    const v = text.slice(start, end);
    if (!NOT_CJK_NAMES.has(v) && !NOT_CELL_NAMES.has(v))
      out.push({ type: 'name', start, end, confidence: 0.62 });
  };
  if (hangul) {
    KO_HONORIFIC.lastIndex = 0;
    for (let m = KO_HONORIFIC.exec(text); m !== null; m = KO_HONORIFIC.exec(text)) {
      const v = m[0];
      if (v.length === 4 ? KO_SURNAMES_2.has(v.slice(0, 2)) : KO_SURNAMES_1.has(v.charAt(0)))
        push(m.index, m.index + v.length);
    }
    KO_CELL.lastIndex = 0;
    for (let m = KO_CELL.exec(text); m !== null; m = KO_CELL.exec(text)) {
      const v = m[0];
      const compound = KO_SURNAMES_2.has(v.slice(0, 2));
      if (
        v.length === 4
          ? compound
          : KO_SURNAMES_1.has(v.charAt(0)) && !/[이가을를은는의에도와과요다님]$/u.test(v)
      )
        push(m.index, m.index + v.length);
    }
  } else if (kana) {
    JA_CELL.lastIndex = 0;
    for (let m = JA_CELL.exec(text); m !== null; m = JA_CELL.exec(text)) push(m.index, m.index + m[0].length);
  } else {
    ZH_CELL.lastIndex = 0;
    for (let m = ZH_CELL.exec(text); m !== null; m = ZH_CELL.exec(text))
      if (zhNameLength(text, m.index) === m[0].length) push(m.index, m.index + m[0].length);
  }
}
