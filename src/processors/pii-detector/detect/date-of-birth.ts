import { BIRTH_CUES, BIRTH_CUES_AFTER, hasCueBefore } from './cues.js';
import type { Candidate, ScanContext } from './types.js';

const MONTHS: Readonly<Record<string, number>> = {};
const MONTH_NAMES: readonly (readonly string[])[] = [
  ['january', 'jan', 'januar', 'jänner', 'janvier', 'enero'],
  ['february', 'feb', 'februar', 'février', 'fevrier', 'febrero'],
  ['march', 'mar', 'märz', 'maerz', 'mars', 'marzo'],
  ['april', 'apr', 'avril', 'abril'],
  ['may', 'mai', 'mayo'],
  ['june', 'jun', 'juni', 'juin', 'junio'],
  ['july', 'jul', 'juli', 'juillet', 'julio'],
  ['august', 'aug', 'août', 'aout', 'agosto'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre'],
  ['october', 'oct', 'oktober', 'octobre', 'octubre'],
  ['november', 'nov', 'novembre', 'noviembre'],
  ['december', 'dec', 'dezember', 'décembre', 'decembre', 'diciembre'],
];
MONTH_NAMES.forEach((names, i) => {
  for (const n of names) (MONTHS as Record<string, number>)[n] = i + 1;
});
const MONTH = `(${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;

/** Date shapes, each with the order of its day / month / year groups. */
const SHAPES: readonly { re: RegExp; order: 'ymd' | 'dmy' | 'mdy' | 'dMy' | 'Mdy' | 'era' }[] = [
  { re: /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/y, order: 'ymd' },
  // Korean style with spaces after the dots: 1947. 11. 7
  { re: /(?<!\d)(\d{4})\.[ \t](\d{1,2})\.[ \t]?(\d{1,2})(?!\d)/y, order: 'ymd' },
  // Japanese era years: 平成6年7月27日, 昭和元年…
  { re: /(明治|大正|昭和|平成|令和)[ \t]?(\d{1,2}|元)年[ \t]?(\d{1,2})月[ \t]?(\d{1,2})日/uy, order: 'era' },
  { re: /(?<!\d)(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일号]?/uy, order: 'ymd' },
  { re: /(?<!\d)(\d{1,2})[./-](\d{1,2})[./-](\d{4})(?!\d)/y, order: 'dmy' },
  {
    re: new RegExp(
      `(?<!\\d)(\\d{1,2})(?:st|nd|rd|th|er|º|\\.)?\\s+(?:de\\s+)?${MONTH}\\s+(?:de\\s+)?(\\d{4})`,
      'iuy',
    ),
    order: 'dMy',
  },
  { re: new RegExp(`${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})`, 'iuy'), order: 'Mdy' },
];

/** The year before year 1 of each Japanese era. */
const ERA_BASE: Readonly<Record<string, number>> = {
  明治: 1867,
  大正: 1911,
  昭和: 1925,
  平成: 1988,
  令和: 2018,
};

/**
 * What may stand between a birth cue and the date ("born on", "geboren am", ": ", the "(e)" of
 * "né(e) le", an opening bracket: "date of birth (12 March 1997)").
 */
const BRIDGE =
  // Each optional token carries the blanks after it, so no two blank runs are adjacent and the
  // pattern reads a long blank run once (the same language as `["']?\s*[:：=]?\s*["']?\s*…`).
  /(?:\((?:e|a)\))?["']?\s*(?:[:：=]\s*)?(?:["']\s*)?(?:(?:on|am|le|el|the|is|ist|est|es|是|为|為|于|は|が|은|는|:)\s*)?(?:[(（[]\s*)?/uy;

function validDate(year: number, month: number, day: number): boolean {
  if (year < 1900 || year > new Date().getUTCFullYear()) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function readDate(text: string, at: number): { end: number; ok: boolean } | undefined {
  for (const { re, order } of SHAPES) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (m === null) continue;
    const [a, b, c] = [m[1] ?? '', m[2] ?? '', m[3] ?? ''];
    let y: number;
    let mo: number;
    let d: number;
    if (order === 'era') {
      const eraYear = b === '元' ? 1 : Number(b);
      [y, mo, d] = [(ERA_BASE[a] ?? 0) + eraYear, Number(c), Number(m[4] ?? '')];
    } else if (order === 'ymd') [y, mo, d] = [Number(a), Number(b), Number(c)];
    else if (order === 'dMy') [d, mo, y] = [Number(a), MONTHS[b.toLowerCase()] ?? 0, Number(c)];
    else if (order === 'Mdy') [mo, d, y] = [MONTHS[a.toLowerCase()] ?? 0, Number(b), Number(c)];
    else {
      // 03/04/1985: day first unless that is impossible (US order then).
      [d, mo, y] = [Number(a), Number(b), Number(c)];
      if (mo > 12 && d <= 12) [d, mo] = [mo, d];
    }
    return { end: re.lastIndex, ok: validDate(y, mo, d) };
  }
  return undefined;
}

const DATE_START = /\d|[a-zA-Zéû]|[明大昭平令]/u;

/**
 * Dates of birth: a real calendar date (1900 to this year) with a birth cue right before it
 * ("born on", "geboren am", "né le", "nacido el", "出生日期", "生年月日", "생년월일") or right
 * after it ("1985年3月4日生まれ", "1985년 3월 4일생"). A date without a cue is just a date.
 */
export function findBirthDates({ text }: ScanContext, out: Candidate[]): void {
  BIRTH_CUES.lastIndex = 0;
  for (let m = BIRTH_CUES.exec(text); m !== null; m = BIRTH_CUES.exec(text)) {
    BRIDGE.lastIndex = m.index + m[0].length;
    BRIDGE.exec(text);
    const at = BRIDGE.lastIndex;
    if (!DATE_START.test(text.charAt(at))) continue;
    const date = readDate(text, at);
    if (date?.ok === true) out.push({ type: 'date-of-birth', start: at, end: date.end, confidence: 0.9 });
  }
  // Cue after the date ("1993/10/14生まれ", "1990年5月3日生", "1988년 7월 21일생"): scan
  // the digits that open a date of any numeric shape and look right past its end.
  // "am 14. Februar 2005 geboren": a day, a month name and a year before the cue, too.
  const YEAR_FIRST =
    /(?<!\d)(?:\d{4}\s*[年년/.-]|\d{1,2}[./-]\d{1,2}[./-]\d{4}|\d{1,2}\.?\s(?=\p{L}{3,}\.?\s\d{4}))/gu;
  YEAR_FIRST.lastIndex = 0;
  for (let m = YEAR_FIRST.exec(text); m !== null; m = YEAR_FIRST.exec(text)) {
    const date = readDate(text, m.index);
    if (date?.ok !== true || !BIRTH_CUES_AFTER.test(text.slice(date.end, date.end + 12))) continue;
    if (hasCueBefore(text, m.index, BIRTH_CUES, 12)) continue; // already found from its front cue
    out.push({ type: 'date-of-birth', start: m.index, end: date.end, confidence: 0.85 });
  }
  if (text.includes('\t')) birthDateColumns(text, out);
}

/**
 * Tab-separated tables whose header names a birth-date column (`dob`, `date_of_birth`,
 * `Geburtsdatum`, `生年月日` …): the dates in that column of the rows below.
 */
function birthDateColumns(text: string, out: Candidate[]): void {
  const lines = text.split('\n');
  let offset = 0;
  let column = -1;
  for (const line of lines) {
    const cells = line.split('\t');
    if (column < 0) {
      if (cells.length > 1) {
        column = cells.findIndex((c) => {
          const h = c.trim().replace(/_/g, ' ');
          BIRTH_CUES.lastIndex = 0;
          const m = BIRTH_CUES.exec(h);
          return m !== null && m.index === 0 && m[0].length >= h.length - 1;
        });
      }
    } else if (cells.length > column) {
      let at = offset;
      for (let i = 0; i < column; i++) at += (cells[i] as string).length + 1;
      const cell = cells[column] as string;
      const lead = cell.length - cell.trimStart().length;
      const date = readDate(text, at + lead);
      if (date?.ok === true && date.end === at + cell.trimEnd().length)
        out.push({ type: 'date-of-birth', start: at + lead, end: date.end, confidence: 0.85 });
    }
    offset += line.length + 1;
  }
}
