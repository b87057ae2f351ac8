/**
 * JSON that keeps binary data: `Uint8Array` (incl. `Buffer`) and `ArrayBuffer` values become
 * `{ "$sluice:bytes": "<base64>", "$sluice:kind": "u8" | "ab" }` and come back as what they were
 * (a `Buffer` comes back as a plain `Uint8Array`).
 */
const BYTES = '$sluice:bytes';
const KIND = '$sluice:kind';

/** Serialise `value` as JSON (for Redis, and for copying a cache entry). */
export function encodeValue(value: unknown): string {
  return JSON.stringify(
    value,
    function replacer(this: Record<string, unknown>, key: string, current: unknown) {
      // `this[key]` is the value before `toJSON` (a Buffer's would hide its bytes).
      const original = this[key];
      if (original instanceof Uint8Array) {
        return {
          [BYTES]: Buffer.from(original.buffer, original.byteOffset, original.byteLength).toString('base64'),
          [KIND]: 'u8',
        };
      }
      if (original instanceof ArrayBuffer)
        return { [BYTES]: Buffer.from(original).toString('base64'), [KIND]: 'ab' };
      return current;
    },
  );
}

/** Parse what {@link encodeValue} wrote. A value a client already parsed (Upstash) is revived too. */
export function decodeValue(raw: unknown): unknown {
  if (raw === null || raw === undefined) return undefined;
  if (typeof raw === 'string') return JSON.parse(raw, reviver);
  if (Buffer.isBuffer(raw)) return JSON.parse(raw.toString('utf8'), reviver);
  return JSON.parse(JSON.stringify(raw), reviver);
}

function reviver(_key: string, value: unknown): unknown {
  if (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>)[BYTES] === 'string'
  ) {
    const bytes = Buffer.from((value as Record<string, string>)[BYTES] as string, 'base64');
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    return (value as Record<string, unknown>)[KIND] === 'ab' ? copy.buffer : copy;
  }
  return value;
}
