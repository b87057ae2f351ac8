/**
 * How error messages show a value someone passed ("got …"): short, unambiguous, and safe to
 * print whatever the value is.
 *
 * - strings are quoted JSON-style (`"3"`, `""`), so `'3'` never reads as the number `3`; control,
 *   bidirectional and invisible format characters are escaped (`\n`, `\u202e`), so a value can
 *   neither break the message's line nor reorder or hide its text; long strings are cut after
 *   {@link MAX_SHOWN} characters (never inside a surrogate pair) and say how long they were;
 * - numbers, booleans, `null`, `undefined` as written (`-0` too), bigints with their `n`;
 * - symbols as `Symbol("description")`;
 * - functions, arrays and objects by kind (`a function`, `an array`, `an object`,
 *   `an instance of Promise`), never their contents; a RegExp as written.
 *
 * Never throws (a revoked Proxy, an object whose getters throw) and costs O(MAX_SHOWN) whatever
 * the length of the value.
 */
export function describeValue(value: unknown): string {
  try {
    switch (typeof value) {
      case 'string':
        return quoteString(value);
      case 'number':
        return Object.is(value, -0) ? '-0' : String(value);
      case 'bigint':
        return `${String(value)}n`;
      case 'boolean':
      case 'undefined':
        return String(value);
      case 'symbol': {
        const description = value.description;
        return description === undefined ? 'Symbol()' : `Symbol(${quoteString(description)})`;
      }
      case 'function':
        return 'a function';
    }
    if (value === null) return 'null';
    if (Array.isArray(value)) return 'an array';
    if (value instanceof RegExp) return quoteString(String(value), '');
    return objectKind(value as object);
  } catch {
    // A revoked Proxy throws on every question asked of it.
    return 'an object';
  }
}

/** At most this many characters of a string are shown. */
export const MAX_SHOWN = 60;

/**
 * A structured value someone else produced (a helper model's parsed answer) as JSON for an error
 * message: cut after `max` characters (never inside a surrogate pair) with the same escapes as
 * {@link describeValue}, so the text can neither run on nor hide or reorder characters. Values
 * JSON cannot hold (a BigInt, a cycle) are described by kind.
 */
export function describeJson(value: unknown, max = 160): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    return describeValue(value);
  }
  return json === undefined ? describeValue(value) : quoteString(json, '', max);
}

/** `an object`, or `an instance of X` for objects made by a named class other than Object. */
function objectKind(value: object): string {
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === null || proto === Object.prototype) return 'an object';
  const name: unknown = (value as { constructor?: { name?: unknown } }).constructor?.name;
  if (typeof name !== 'string' || name === '' || name === 'Object') return 'an object';
  return `an instance of ${quoteString(name, '')}`;
}

/**
 * The string between `quote`s with JSON's escapes plus `\uXXXX` for every character that could
 * hide or reorder text in a terminal or log viewer, cut after `max` characters. Without a quote
 * (text that is already JSON) quotes and backslashes are left as they are.
 */
function quoteString(text: string, quote = '"', max = MAX_SHOWN): string {
  let out = quote;
  let shown = 0;
  let i = 0;
  for (; i < text.length && shown < max; i++, shown++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += text[i] + text[i + 1];
        i++;
        continue;
      }
      out += hex(code);
      continue;
    }
    if (code >= 0xdc00 && code <= 0xdfff) out += hex(code);
    else if (code === 0x22 && quote === '"') out += '\\"';
    else if (code === 0x5c && quote === '"') out += '\\\\';
    else if (needsEscape(code)) out += SHORT_ESCAPES[code] ?? hex(code);
    else out += text[i];
  }
  out += quote;
  return i < text.length ? `${out}… (${text.length} characters)` : out;
}

const SHORT_ESCAPES: Record<number, string> = {
  8: '\\b',
  9: '\\t',
  10: '\\n',
  12: '\\f',
  13: '\\r',
};

/**
 * C0 and C1 controls, DEL, line/paragraph separators, bidirectional controls (Trojan Source),
 * zero-width and other invisible format characters.
 */
function needsEscape(code: number): boolean {
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  if (code < 0x00ad) return false;
  return (
    code === 0x00ad ||
    code === 0x061c ||
    code === 0x180e ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x206f) ||
    code === 0xfeff ||
    (code >= 0xfff9 && code <= 0xfffb)
  );
}

function hex(code: number): string {
  return `\\u${code.toString(16).padStart(4, '0')}`;
}
