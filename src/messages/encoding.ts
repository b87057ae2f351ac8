/** A parsed `data:` URL. */
export interface ParsedDataUrl {
  /** Media type from the URL header, `undefined` when the header names none. */
  mediaType: string | undefined;
  /** The payload as base64, decoded from percent-encoding when the URL was not base64. */
  base64: string;
}

const DATA_URL = /^data:([^,]*?),(.*)$/s;
const SCHEME_URL = /^[a-z][a-z0-9+.-]*:\/\//i;

/** Encode bytes (a `Uint8Array` or an `ArrayBuffer`) as base64. */
export function bytesToBase64(bytes: Uint8Array | ArrayBuffer): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  return Buffer.from(view.buffer, view.byteOffset, view.byteLength).toString('base64');
}

/** Parse a `data:` URL; returns `undefined` for any other string. */
export function parseDataUrl(value: string): ParsedDataUrl | undefined {
  if (!value.startsWith('data:')) return undefined;
  const match = DATA_URL.exec(value);
  if (!match) return undefined;
  const header = match[1] ?? '';
  const payload = match[2] ?? '';
  const params = header.split(';');
  const isBase64 = params[params.length - 1]?.toLowerCase() === 'base64';
  const mediaType = params[0] ? params[0] : undefined;
  const base64 = isBase64 ? payload : Buffer.from(decodeURIComponent(payload), 'utf8').toString('base64');
  return { mediaType, base64 };
}

/** True when the string is an absolute URL with a `scheme://` prefix (http, https, gs, s3 …). */
export function isSchemeUrl(value: string): boolean {
  return SCHEME_URL.test(value);
}

/**
 * Turn any file payload accepted on input (URL object, bytes, data URL, URL string, base64)
 * into the string stored in a DB `file` part: URLs and data URLs are kept as strings, bytes
 * become base64.
 */
export function fileDataToString(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data instanceof URL) return data.toString();
  if (data instanceof Uint8Array || data instanceof ArrayBuffer) return bytesToBase64(data);
  return String(data);
}
