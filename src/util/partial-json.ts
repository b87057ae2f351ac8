/**
 * Incremental parsing of streamed JSON, for partial structured output. Each character is read
 * once however the text is split, so following an answer costs time linear in its length; a
 * text that stops being JSON is abandoned at the first character that proves it.
 */

/**
 * Deepest nesting of arrays and objects accepted in a structured answer. Real schemas stay far
 * below it; far deeper values overflow the stack of the recursive code that handles values
 * later (`JSON.stringify`, schema validators, message cloning).
 */
export const MAX_JSON_DEPTH = 256;

// Longest number or literal token followed: longer ones are not useful partial values, and a
// bound keeps re-checking the token's text per delta constant-time.
const MAX_TOKEN = 512;

enum Mode {
  /** A value may start here (after `[`, `,` in an array, `:`, or at the top). */
  Value,
  /** After `{`: a key or `}`. */
  KeyOrClose,
  /** After `,` in an object: a key. */
  Key,
  /** After a key: `:`. */
  Colon,
  /** After a value: `,`, or the closer of the innermost container. */
  AfterValue,
  String,
  Number,
  Literal,
  /** The top-level value is complete; the rest of the text is ignored. */
  Done,
  /** Not JSON (or nested deeper than {@link MAX_JSON_DEPTH}): no further values. */
  Failed,
}

type Container = unknown[] | Record<string, unknown>;

interface Frame {
  container: Container;
  isArray: boolean;
  /** The key of the member being read (objects). */
  key: string;
}

const LITERALS: Record<string, unknown> = { true: true, false: false, null: null };
const VALID_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * Follows a JSON text fed in pieces. `push()` reads one more piece and says whether the value
 * visible so far changed; `snapshot()` returns that value as a fresh copy (open strings shown as
 * far as they go, an unfinished number as its longest valid prefix, an unfinished key or
 * literal left out, open containers closed). Copying costs the size of the value, so callers
 * streaming large answers should not take a snapshot per piece (see `PartialObjects`).
 */
export class PartialJsonParser {
  // The top-level value lives in slot 0 of a holder array, so it is handled like an element.
  readonly #holder: unknown[] = [];
  readonly #frames: Frame[] = [{ container: this.#holder, isArray: true, key: '' }];
  #mode = Mode.Value;
  /** Mode to return to after a string: Colon for keys, AfterValue for values. */
  #stringIsKey = false;
  /** The open string's text so far. */
  #text = '';
  /** The open value string grew since its slot was last written. */
  #textDirty = false;
  /** 0: no escape; 1: after a backslash; 2–5: reading `\u` hex digits (count + 2). */
  #escape = 0;
  #hex = '';
  /** The open number's or literal's characters. */
  #token = '';
  /** The number's text last written to its slot. */
  #shownNumber = '';
  /** Slot of the open scalar in the innermost container (index or key). */
  #slot: number | string = 0;
  #changed = false;

  /** True once the text is known not to be JSON (or too deep): nothing more will change. */
  get failed(): boolean {
    return this.#mode === Mode.Failed;
  }

  /** True when the visible value changed since the last `snapshot()`. */
  get changed(): boolean {
    return this.#changed;
  }

  /** Read `piece`; returns `changed`. */
  push(piece: string): boolean {
    const n = piece.length;
    let i = 0;
    while (i < n) {
      const mode = this.#mode;
      if (mode === Mode.Done || mode === Mode.Failed) break;
      if (mode === Mode.String) {
        i = this.#readString(piece, i);
        continue;
      }
      const c = piece.charCodeAt(i);
      if (mode === Mode.Number || mode === Mode.Literal) {
        if (mode === Mode.Number ? isNumberChar(c) : c >= 97 && c <= 122) {
          this.#token += piece[i];
          if (this.#token.length > MAX_TOKEN) return this.#fail();
          i++;
          continue;
        }
        if (!this.#endToken()) return this.#fail();
        continue; // the delimiter is read in the new mode
      }
      i++;
      if (c === 32 || c === 10 || c === 13 || c === 9) continue;
      if (!this.#structural(c)) return this.#fail();
    }
    if (this.#mode === Mode.Number) {
      if (!this.#showNumber()) return this.#fail();
    } else if (this.#mode === Mode.Literal && !this.#literalPrefixOk()) return this.#fail();
    return this.#changed;
  }

  /** The value visible so far, as a fresh copy; `undefined` before any value starts. */
  snapshot(): unknown {
    if (this.#mode === Mode.String && !this.#stringIsKey && this.#textDirty) this.#put(this.#text);
    this.#textDirty = false;
    this.#changed = false;
    return this.#holder.length ? copy(this.#holder[0]) : undefined;
  }

  #fail(): boolean {
    this.#mode = Mode.Failed;
    return this.#changed;
  }

  /** One structural character outside strings and tokens; false when it cannot be there. */
  #structural(c: number): boolean {
    const frame = this.#frames[this.#frames.length - 1] as Frame;
    switch (this.#mode) {
      case Mode.Value:
        if (c === 93 /* ] */ && frame.isArray && frame.container.length === 0 && this.#frames.length > 1) {
          return this.#close(frame, true);
        }
        return this.#startValue(c, frame);
      case Mode.KeyOrClose:
        if (c === 125 /* } */) return this.#close(frame, false);
        return this.#startKey(c);
      case Mode.Key:
        return this.#startKey(c);
      case Mode.Colon:
        if (c !== 58 /* : */) return false;
        this.#mode = Mode.Value;
        return true;
      case Mode.AfterValue:
        if (c === 44 /* , */) {
          this.#mode = frame.isArray ? Mode.Value : Mode.Key;
          return true;
        }
        if (c !== 93 /* ] */ && c !== 125 /* } */) return false;
        return this.#close(frame, c === 93);
      default:
        return false;
    }
  }

  #startKey(c: number): boolean {
    if (c !== 34 /* " */) return false;
    this.#beginString(true);
    return true;
  }

  #startValue(c: number, frame: Frame): boolean {
    this.#slot = frame.isArray ? (frame.container as unknown[]).length : frame.key;
    if (c === 123 /* { */ || c === 91 /* [ */) {
      if (this.#frames.length > MAX_JSON_DEPTH) return false;
      const isArray = c === 91;
      const container: Container = isArray ? [] : {};
      this.#put(container);
      this.#frames.push({ container, isArray, key: '' });
      this.#mode = isArray ? Mode.Value : Mode.KeyOrClose;
      return true;
    }
    if (c === 34) {
      this.#beginString(false);
      this.#put('');
      return true;
    }
    this.#token = String.fromCharCode(c);
    this.#shownNumber = '';
    if (c === 45 /* - */ || (c >= 48 && c <= 57)) {
      this.#mode = Mode.Number;
      return true;
    }
    if (c === 116 || c === 102 || c === 110 /* t f n */) {
      this.#mode = Mode.Literal;
      return true;
    }
    return false;
  }

  /** Close the innermost container with `]` (isArray) or `}`. */
  #close(frame: Frame, isArray: boolean): boolean {
    if (frame.isArray !== isArray || this.#frames.length === 1) return false;
    this.#frames.pop();
    this.#afterValue();
    return true;
  }

  #afterValue(): void {
    this.#mode = this.#frames.length === 1 ? Mode.Done : Mode.AfterValue;
  }

  #beginString(isKey: boolean): void {
    this.#mode = Mode.String;
    this.#stringIsKey = isKey;
    this.#text = '';
    this.#escape = 0;
  }

  /** Read string characters from `i`; returns where reading stopped. */
  #readString(piece: string, i: number): number {
    const n = piece.length;
    let start = i;
    let grew = false;
    while (i < n) {
      if (this.#escape !== 0) {
        const ch = piece[i] as string;
        i++;
        start = i;
        if (this.#escape === 1) {
          if (ch === 'u') {
            this.#escape = 2;
            this.#hex = '';
            continue;
          }
          const decoded = ESCAPES[ch];
          if (decoded === undefined) {
            this.#mode = Mode.Failed;
            return n;
          }
          this.#text += decoded;
          grew = true;
          this.#escape = 0;
          continue;
        }
        if (!/[0-9a-fA-F]/.test(ch)) {
          this.#mode = Mode.Failed;
          return n;
        }
        this.#hex += ch;
        if (this.#hex.length === 4) {
          this.#text += String.fromCharCode(Number.parseInt(this.#hex, 16));
          grew = true;
          this.#escape = 0;
        }
        continue;
      }
      const c = piece.charCodeAt(i);
      if (c === 92 /* \ */ || c === 34 /* " */) {
        if (i > start) {
          this.#text += piece.slice(start, i);
          grew = true;
        }
        i++;
        start = i;
        if (c === 92) {
          this.#escape = 1;
          continue;
        }
        if (grew && !this.#stringIsKey) this.#changed = this.#textDirty = true;
        this.#endString();
        return i;
      }
      i++;
    }
    if (i > start) {
      this.#text += piece.slice(start, i);
      grew = true;
    }
    if (grew && !this.#stringIsKey) this.#changed = this.#textDirty = true;
    return i;
  }

  #endString(): void {
    if (this.#stringIsKey) {
      (this.#frames[this.#frames.length - 1] as Frame).key = this.#text;
      this.#mode = Mode.Colon;
    } else {
      // Unchanged since a snapshot wrote it: the slot already holds it, and nothing is new.
      if (this.#textDirty) this.#put(this.#text);
      this.#afterValue();
    }
    this.#text = '';
    this.#textDirty = false;
  }

  /** A number or literal ended at a delimiter: store it; false when it is not valid JSON. */
  #endToken(): boolean {
    if (this.#mode === Mode.Number) {
      if (!VALID_NUMBER.test(this.#token)) return false;
      this.#showNumber();
    } else {
      if (!(this.#token in LITERALS)) return false;
      this.#put(LITERALS[this.#token]);
    }
    this.#afterValue();
    return true;
  }

  /**
   * Show the open number as its longest valid prefix (`4.` shows 4; `-` shows nothing). A
   * prefix of a valid number becomes valid by dropping at most two characters (`1e+`); false
   * when it does not, as the token can then never be a number.
   */
  #showNumber(): boolean {
    let text = this.#token;
    for (let drop = 0; !VALID_NUMBER.test(text); drop++) {
      if (drop === 2) return false;
      text = text.slice(0, -1);
      if (text === '') return true;
    }
    if (text === this.#shownNumber) return true;
    this.#shownNumber = text;
    this.#put(Number(text));
    return true;
  }

  #literalPrefixOk(): boolean {
    const token = this.#token;
    return 'true'.startsWith(token) || 'false'.startsWith(token) || 'null'.startsWith(token);
  }

  /** Write a value into the open slot of the innermost container. */
  #put(value: unknown): void {
    const frame = this.#frames[this.#frames.length - 1] as Frame;
    setMember(frame.container, this.#slot, value);
    this.#changed = true;
  }
}

const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

function isNumberChar(c: number): boolean {
  // digits . - + e E
  return (c >= 48 && c <= 57) || c === 46 || c === 45 || c === 43 || c === 101 || c === 69;
}

// `__proto__` as a JSON key is an own property (as JSON.parse makes it), never the prototype.
function setMember(container: Container, slot: number | string, value: unknown): void {
  if (slot === '__proto__') {
    Object.defineProperty(container, slot, { value, writable: true, enumerable: true, configurable: true });
  } else {
    (container as Record<string | number, unknown>)[slot] = value;
  }
}

/** A deep copy of a parsed value (depth is bounded by MAX_JSON_DEPTH, so recursion is safe). */
function copy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copy(value[i]);
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setMember(out, key, copy((value as Record<string, unknown>)[key]));
  return out;
}

/**
 * Best-effort parse of a JSON prefix: the value the prefix describes so far (see
 * {@link PartialJsonParser}), or `undefined` when no value has started or the text is not JSON
 * from its first character.
 */
export function parsePartialJson(text: string): unknown {
  const parser = new PartialJsonParser();
  parser.push(text);
  return parser.snapshot();
}

/**
 * True when the JSON text nests arrays/objects deeper than `max` (strings skipped by JSON's
 * rules). One pass; lets callers refuse a value before `JSON.parse` builds it.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}
