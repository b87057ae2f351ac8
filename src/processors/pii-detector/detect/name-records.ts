/**
 * Names in records: the value of a name field (`"customer": "Mollie Moore"`, `氏名: 黒川進`), the
 * cells of a name column in CSV or TSV text, a name before a job title in parentheses, and the
 * person an address belongs to, written right before it. Split from `name-structure.ts`, which
 * runs these rules among its own.
 */
import { dataPattern, type PatternData, piiData } from './data.js';
import {
  fullName,
  jaNameLength,
  koNameLength,
  LATIN_NAME,
  NOT_NAME_WORDS,
  NOT_NAMES,
  zhNameLength,
} from './name-lexicon.js';
import type { Candidate } from './types.js';

const LATIN = piiData<{ readonly namePartKeys: string[] }>('names/latin');
const ALL = piiData<{ readonly nameKeys: string[]; readonly titleInParens: PatternData }>(
  'names/multilingual',
);

function push(out: Candidate[], start: number, end: number, confidence: number): void {
  out.push({ type: 'name', start, end, confidence });
}

/** Keys of record fields whose value is a person's name, in the seven languages. */
export const NAME_KEYS = new Set<string>(ALL.nameKeys);

/** A field value that has the shape of a name in its script. */
function nameShaped(text: string, start: number, value: string): boolean {
  if (/^[가-힣]+$/u.test(value)) return koNameLength(text, start) === value.length;
  if (/^[\p{Script=Han}々]+$/u.test(value)) {
    // A field or a column is context enough for either a Chinese or a Japanese kanji name.
    if (zhNameLength(text, start) === value.length) return true;
    return value.length >= 2 && value.length <= 5 && jaNameLength(text, start) === value.length;
  }
  if (
    /^[\p{Script=Han}々]{1,3}[ \u3000]?[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]+$/u.test(value)
  )
    return jaNameLength(text, start) === value.length;
  LATIN_NAME.lastIndex = start;
  const n = LATIN_NAME.exec(text);
  return n !== null && n[0] === value && fullName(text, start, value);
}

/** `"customer": "Mollie Moore"`, `name = Anna Roux`, `氏名: 黒川進` in JSON, YAML and key=value text. */
const FIELD_VALUE_END = /^[^"'\n,;|}\]]{2,60}/u;

/** The key and separator of a field, read backwards from its `:`, `=` or `：`. */
const FIELD_KEY_BEFORE = /(?:^|[{,\s"'])["']?([\p{L}_-]{2,20})["']?[ \t]*$/u;
const FIELD_AFTER = /^[ \t]*(["']?)(?=[\p{L}])/u;

/** Names that are the value of a name field. */
export function fieldValues(text: string, out: Candidate[]): void {
  // Anchored on each separator, then the key is read backwards: one cheap pass, not a regex
  // tried at every position.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 58 && c !== 61 && c !== 0xff1a) continue;
    const key = FIELD_KEY_BEFORE.exec(text.slice(Math.max(0, i - 24), i));
    if (key === null || !NAME_KEYS.has((key[1] as string).toLowerCase())) continue;
    const after = FIELD_AFTER.exec(text.slice(i + 1, i + 8));
    if (after === null) continue;
    const at = i + 1 + after[0].length;
    const value = (FIELD_VALUE_END.exec(text.slice(at, at + 61))?.[0] ?? '').trimEnd();
    // Unquoted values end at the line or a separator; quoted ones at the quote.
    const quote = after[1] as string;
    if (quote !== '' && text.charAt(at + value.length) !== quote) continue;
    if (value !== '' && nameShaped(text, at, value)) push(out, at, at + value.length, 0.7);
  }
}

/**
 * Keys of columns that hold one part of a name (a given name or a surname), whose cells are a
 * single word: `Last\tFirst`, `first_name,last_name`, `Vorname;Nachname`, `Nom;Prénom`.
 */
const NAME_PART_KEYS = new Set<string>(LATIN.namePartKeys);

/** One capitalised name word, as a surname or given-name cell holds it (`O'Kon`, `Núñez-Vega`). */
const NAME_PART = /^\p{Lu}[\p{Ll}\p{Lu}]*(?:['’-]\p{Lu}?\p{Ll}+)*$/u;

/** `Baumbach, Meta`: a surname, a comma and the given name(s), in one cell. */
const LAST_FIRST =
  /^(\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+)?), (\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+)?)$/u;

/** Splits one CSV/TSV line into cells with their offsets; a quoted cell may hold the separator. */
function splitCells(line: string, sep: string): Array<{ at: number; raw: string }> {
  const cells: Array<{ at: number; raw: string }> = [];
  let at = 0;
  while (at <= line.length) {
    let end: number;
    if (line.charAt(at) === '"') {
      const close = line.indexOf('"', at + 1);
      end = close < 0 ? line.length : line.indexOf(sep, close);
    } else end = line.indexOf(sep, at);
    if (end < 0) end = line.length;
    cells.push({ at, raw: line.slice(at, end) });
    at = end + sep.length;
  }
  return cells;
}

/** Whether a cell value reads as a name part of a part column, or a whole name of a name column. */
function cellName(text: string, start: number, value: string, part: boolean): boolean {
  if (part) {
    if (/[\p{Script=Han}가-힣\p{Script=Katakana}]/u.test(value)) return nameShaped(text, start, value);
    return (
      value.length >= 2 &&
      NAME_PART.test(value) &&
      !NOT_NAMES.has(value) &&
      !NOT_NAME_WORDS.has(value) &&
      value !== value.toUpperCase()
    );
  }
  const lf = LAST_FIRST.exec(value);
  if (lf !== null) {
    const words = value.split(/,? /u);
    return words.every((w) => !NOT_NAMES.has(w) && !NOT_NAME_WORDS.has(w) && w !== w.toUpperCase());
  }
  return nameShaped(text, start, value);
}

/**
 * CSV and TSV tables: the cells of every column headed by a name key (whole names, also written
 * `Last, First` in a quoted cell) or by a name-part key (one word each: `Last\tFirst`).
 */
export function tableColumns(text: string, out: Candidate[]): void {
  const firstBreak = text.indexOf('\n');
  if (firstBreak < 0) return;
  const header = text.slice(0, firstBreak);
  const sep = [',', ';', '\t', '|'].find((c) => header.includes(c));
  if (sep === undefined) return;
  const cols = splitCells(header, sep).map(({ raw }) =>
    raw
      .trim()
      .replace(/^["']|["']$/gu, '')
      .toLowerCase()
      .replace(/ /gu, '_'),
  );
  const kinds = cols.map((c) => (NAME_KEYS.has(c) ? 1 : NAME_PART_KEYS.has(c) ? 2 : 0));
  if (!kinds.some((k) => k !== 0)) return;
  let lineStart = firstBreak + 1;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    const cells = splitCells(text.slice(lineStart, lineEnd), sep);
    if (cells.length === cols.length) {
      for (let i = 0; i < cells.length; i++) {
        const kind = kinds[i] as number;
        if (kind === 0) continue;
        const { at, raw } = cells[i] as { at: number; raw: string };
        const lead = raw.length - raw.trimStart().length;
        const quoted = raw.trimStart().startsWith('"');
        const value = raw.trim().replace(/^["']|["']$/gu, '');
        const start = lineStart + at + lead + (quoted ? 1 : 0);
        if (value !== '' && cellName(text, start, value, kind === 2))
          push(out, start, start + value.length, 0.7);
      }
    }
    lineStart = lineEnd + 1;
  }
}

/** Job titles in parentheses right after a name: "Maxie Shields (Head of Finance)", "姜美方（财务总监）". */
const TITLE_IN_PARENS = dataPattern(ALL.titleInParens);

export function titledNames(text: string, out: Candidate[]): void {
  TITLE_IN_PARENS.lastIndex = 0;
  for (let m = TITLE_IN_PARENS.exec(text); m !== null; m = TITLE_IN_PARENS.exec(text)) {
    const end = m.index;
    const before = text.slice(Math.max(0, end - 60), end);
    const latin =
      /(?:^|[^\p{L}'’.-])(\p{Lu}[\p{L}'’-]*(?:[ \t]+(?:\p{Lu}\.[ \t]+)?\p{Lu}[\p{L}'’-]*){1,3})$/u.exec(
        before,
      );
    if (latin !== null) {
      const name = latin[1] as string;
      const start = end - name.length;
      if (fullName(text, start, name)) push(out, start, end, 0.7);
      continue;
    }
    const cjk = /([\p{Script=Han}々]{2,4}|[가-힣]{2,4})$/u.exec(before);
    if (cjk !== null) {
      for (let len = Math.min(4, (cjk[1] as string).length); len >= 2; len--) {
        const start = end - len;
        if (
          nameShaped(text, start, text.slice(start, end)) &&
          !/[\p{Script=Han}가-힣]/u.test(text.charAt(start - 1))
        ) {
          push(out, start, end, 0.7);
          break;
        }
      }
    }
  }
}

/**
 * The person an address belongs to, right before it: "Shipping label: Lucious Beer, 2356
 * Sunset Court…", "快递单：康国香，天津市…", "감예진, 광주광역시…". Reads the address candidates
 * already found.
 */
export function namesBeforeAddresses(text: string, found: readonly Candidate[], out: Candidate[]): void {
  for (const c of found) {
    if (c.type !== 'address') continue;
    const sep = /(?:,|，|、)[ \t]*$|(?<![ \t])[ \t]*\n$/u.exec(text.slice(Math.max(0, c.start - 3), c.start));
    if (sep === null) continue;
    const end = c.start - sep[0].length;
    const before = text.slice(Math.max(0, end - 50), end);
    const latin =
      /(?:^|[:：\n]|[^\p{L}'’.,-][ \t])[ \t]*(\p{Lu}[\p{L}'’-]*(?:[ \t]+(?:\p{Lu}\.[ \t]+)?\p{Lu}[\p{L}'’-]*){1,3})$/u.exec(
        before,
      );
    if (latin !== null) {
      const name = latin[1] as string;
      const start = end - name.length;
      if (fullName(text, start, name)) push(out, start, end, 0.7);
      continue;
    }
    const cjk = /(?:^|[:：\s，、,])([\p{Script=Han}々]{2,4}|[가-힣]{2,4})$/u.exec(before);
    if (cjk !== null) {
      const name = cjk[1] as string;
      const start = end - name.length;
      // "岸崇様、〒…": the honorific rules read names before 様 and さん.
      if (/[様殿]$/u.test(name)) continue;
      if (nameShaped(text, start, name)) push(out, start, end, 0.7);
    }
  }
}
