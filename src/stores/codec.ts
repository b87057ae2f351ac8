/**
 * The JSON codec every store uses for message content and metadata, so values JSON cannot
 * hold come back as they went in:
 *
 * - `Date` → `{ "$t": "date", "v": <ISO string | null for an invalid date> }`
 * - `Uint8Array` (and `Buffer`) → `{ "$t": "u8", "v": <base64> }`, `ArrayBuffer` → `"ab"`
 * - `URL` → `{ "$t": "url", "v": <href> }`, `bigint` → `{ "$t": "big", "v": <decimal> }`
 *
 * Only marker objects carry a key spelled exactly `$t`: any object key made of one or more `$`
 * followed by `t` (`$t`, `$$t`, …) gets one more `$` on the way in and loses it on the way out,
 * so user data shaped like a marker is never mistaken for one. Everything else is plain JSON
 * (`undefined` object values are dropped, as `JSON.stringify` does).
 */
import { bytesToBase64 } from '../messages/encoding.js';

const MARKER_KEY = /^\$+t$/;

/** Encode a value to the stored JSON text. */
export function encodeJson(value: unknown): string {
  return JSON.stringify(toJsonSafe(value)) ?? 'null';
}

/** Decode stored JSON text; throws `SyntaxError` on bad JSON (callers turn it into a corrupt-row error). */
export function decodeJson(text: string): unknown {
  return JSON.parse(text, revive);
}

function toJsonSafe(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'bigint') return { $t: 'big', v: value.toString() };
    return value;
  }
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = toJsonSafe(value[i]);
      // JSON turns holes, undefined and functions in arrays into null; do it explicitly.
      out[i] = item === undefined || typeof item === 'function' ? null : item;
    }
    return out;
  }
  if (value instanceof Date) {
    const time = value.getTime();
    return { $t: 'date', v: Number.isNaN(time) ? null : value.toISOString() };
  }
  if (value instanceof Uint8Array) return { $t: 'u8', v: bytesToBase64(value) };
  if (value instanceof ArrayBuffer) return { $t: 'ab', v: bytesToBase64(value) };
  if (value instanceof URL) return { $t: 'url', v: value.href };
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return toJsonSafe(toJSON.call(value));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = toJsonSafe((value as Record<string, unknown>)[key]);
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    out[key.charCodeAt(0) === 36 && MARKER_KEY.test(key) ? `$${key}` : key] = item;
  }
  return out;
}

function revive(this: unknown, _key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const tag = record.$t;
  if (typeof tag === 'string') {
    const v = record.v;
    switch (tag) {
      case 'date':
        return v === null ? new Date(Number.NaN) : new Date(String(v));
      case 'u8':
        return new Uint8Array(Buffer.from(String(v), 'base64'));
      case 'ab': {
        const bytes = Buffer.from(String(v), 'base64');
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      }
      case 'url':
        return new URL(String(v));
      case 'big':
        return BigInt(String(v));
    }
  }
  let escaped = false;
  for (const key in record) {
    if (key.charCodeAt(0) === 36 && MARKER_KEY.test(key) && key.length > 2) {
      escaped = true;
      break;
    }
  }
  if (!escaped) return value;
  // Rebuild to keep key order while removing one `$` from escaped marker-like keys.
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    out[key.charCodeAt(0) === 36 && MARKER_KEY.test(key) && key.length > 2 ? key.slice(1) : key] =
      record[key];
  }
  return out;
}
