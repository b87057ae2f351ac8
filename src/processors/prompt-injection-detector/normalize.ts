/**
 * Text folding for the offline injection scorer. Attackers hide the same words behind
 * look-alike characters, so every check runs on one canonical spelling: compatibility forms
 * (full-width `ｉｇｎｏｒｅ`) folded by NFKC, invisible characters dropped, Cyrillic/Greek
 * homoglyphs mapped to Latin, leetspeak inside words undone, spaced-out letters joined, Latin
 * diacritics stripped and everything lower-cased. Each step is one linear pass.
 */

/** What folding found besides the folded text: obfuscation is itself evidence. */
export interface FoldedText {
  /** The canonical text the feature patterns run on. */
  text: string;
  /** ASCII smuggled in Unicode tag characters (U+E0020–U+E007E), decoded; `''` when none. */
  hiddenTags: string;
  /** Count of zero-width / invisible format characters removed. */
  invisibleCount: number;
  /** Count of homoglyphs mapped to Latin inside otherwise Latin words. */
  homoglyphCount: number;
  /** Count of words whose leetspeak digits/symbols were undone. */
  leetCount: number;
}

// Cyrillic and Greek letters that render like Latin ones. Only these are mapped: the seven
// languages the scorer covers never use them, so mapping cannot damage real text.
const HOMOGLYPHS: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  һ: 'h',
  ӏ: 'l',
  ɡ: 'g',
  ԛ: 'q',
  ԝ: 'w',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  γ: 'y',
};

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
};

// Zero-width spaces/joiners, bidi marks, word joiner and friends, BOM, soft hyphen, Mongolian
// vowel separator: invisible when rendered, so they only ever split words for a filter.
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g;
// Unicode tag characters (plane 14) as surrogate pairs; a run right after U+1F3F4 is an emoji
// subdivision flag and is kept out of the hidden text.
const TAG_RUN = /(\uD83C\uDFF4)?((?:\uDB40[\uDC00-\uDC7F])+)/g;
const LATIN_DIACRITICS = /[\u0300-\u036f]/g;
// A run of letters, digits and leet symbols; the runs with a letter are leet candidates, e.g.
// `1gn0r3`, `pr3v!0us`, `$y$tem`. One greedy class, so a run is read once (a pattern that also
// required a letter inside the run backtracked quadratically over letterless runs: `!!!…`).
const LEET_RUN = /[a-z0-9@$!]+/g;
const HAS_LETTER = /[a-z]/;
const HAS_LEET = /[0-9@$!]/;
// Leet symbols that stand for letters (a cheap gate before the leet-context scan).
const LEET_SYMBOL = /[013457@$!|]/;
// Letters then a plain number: a user name or a year suffix.
const HANDLE = /^[a-z]{3,}[0-9]{2,}$/;
const HOMOGLYPH_CHARS = /[авекмнорстухіјѕԁһӏɡԛԝαβειοκνρτυχγ]/;
// Four or more single letters separated by one space/dot/dash/underscore/asterisk: `i g n o r e`.
const SPLIT_KEYWORDS =
  /(ignore|disregard|forget|previous|prior|above|instructions|instruction|rules|system|prompt|reveal|your|all|and|the)/g;
const SPACED_LETTERS = /\b(?:[a-z][ ._*-]){3,}[a-z]\b/g;

/**
 * Whether some run of letters, digits and leet symbols has a letter and at least two of
 * `0-9@$!` and is not a handle (`chloe94`): a clear leet word. One pass over the text, counting
 * per run (a single regex for it backtracked quadratically over runs of symbols).
 */
function hasClearLeetWord(text: string): boolean {
  let letters = 0;
  let symbols = 0;
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 0;
    const letter = c >= 97 && c <= 122;
    const symbol = (c >= 48 && c <= 57) || c === 64 || c === 36 || c === 33; // 0-9 @ $ !
    if (letter || symbol) {
      if (start < 0) start = i;
      if (letter) letters++;
      else symbols++;
      continue;
    }
    if (start >= 0 && letters > 0 && symbols >= 2 && !HANDLE.test(text.slice(start, i))) return true;
    letters = 0;
    symbols = 0;
    start = -1;
  }
  return false;
}

/** Folds `raw` into the canonical spelling the scorer matches against. Linear in its length. */
export function foldText(raw: string): FoldedText {
  let hiddenTags = '';
  let text = raw.replace(TAG_RUN, (_m, flag: string | undefined, run: string) => {
    if (flag !== undefined) return flag;
    for (let i = 0; i < run.length; i += 2) {
      const cp = ((run.charCodeAt(i) - 0xd800) << 10) + (run.charCodeAt(i + 1) - 0xdc00) + 0x10000;
      const ascii = cp - 0xe0000;
      if (ascii >= 0x20 && ascii <= 0x7e) hiddenTags += String.fromCharCode(ascii);
    }
    return ' ';
  });
  let invisibleCount = 0;
  text = text.replace(INVISIBLE, () => {
    invisibleCount++;
    return '';
  });
  // NFKC folds full-width and other compatibility forms; NFD + dropping combining marks strips
  // Latin accents; NFC afterwards recomposes Hangul, which NFD had split into jamo.
  text = text
    .replace(/[\u2018\u2019\u02bc\u2032]/g, "'")
    .normalize('NFKC')
    .normalize('NFD')
    .replace(LATIN_DIACRITICS, '')
    .normalize('NFC')
    .toLowerCase();
  let homoglyphCount = 0;
  if (HOMOGLYPH_CHARS.test(text)) {
    let out = '';
    for (const ch of text) {
      const mapped = HOMOGLYPHS[ch];
      if (mapped !== undefined) homoglyphCount++;
      out += mapped ?? ch;
    }
    text = out;
  }
  let leetCount = 0;
  // Once a text has clear leet words, single-symbol words (`4ll`) are leet too. A word followed
  // by a plain number (`chloe94`, `bouchard28`, `build2026`) is a handle or a year, not leet.
  const leetContext = LEET_SYMBOL.test(text) && hasClearLeetWord(text);
  text = text.replace(LEET_RUN, (word) => {
    if (!HAS_LETTER.test(word) || !HAS_LEET.test(word) || word.length < 3 || HANDLE.test(word)) return word;
    // Keep plain numbers with a unit or ordinal (`10kg`, `4th`, `mp3`): leet words carry
    // letters on both sides of a symbol or at least two symbols.
    let symbols = 0;
    for (const ch of word) if (LEET[ch] !== undefined) symbols++;
    const inner = /[a-z][0-9@$!]+[a-z]/.test(word);
    // E-mail addresses are not leetspeak.
    if (/[a-z0-9]@[a-z]/.test(word)) return word;
    if (!inner && symbols < 2 && !leetContext) return word;
    leetCount++;
    let out = '';
    for (const ch of word) out += LEET[ch] ?? ch;
    return out;
  });
  // Spaced-out letters are joined; words that ran together that way are split again at the
  // scorer's keywords, so `p r e v i o u s i n s t r u c t i o n s` reads `previous instructions`.
  text = text.replace(
    SPACED_LETTERS,
    (m) => ` ${m.replace(/[ ._*-]/g, '').replace(SPLIT_KEYWORDS, ' $1 ')} `,
  );
  // Runs of spaces collapse; line breaks stay (fake role lines and boundaries start a line).
  text = text.replace(/[^\S\n]+/g, ' ').replace(/ ?\n\s*/g, '\n');
  return { text, hiddenTags, invisibleCount, homoglyphCount, leetCount };
}
