import type { LanguageModelV2DataContent, SharedV4FileDataData, SharedV4FileDataUrl } from '@ai-sdk/provider';

const HTTP_URL = /^https?:\/\//i;

/**
 * Normalises spec-V2 file data for providers. The spec says a string is base64, but prompts
 * built from stored messages often carry URLs as strings, so:
 * - an `http(s)://` string becomes a `URL` (base64 never contains `:`, so this is unambiguous);
 * - a `data:` URL string becomes its payload (base64 kept as is, percent-encoded text as bytes);
 * - anything else (`URL`, `Uint8Array`, plain base64) is returned unchanged — the same value,
 *   so callers can detect "nothing to change" with `===`.
 */
export function normalizeFileData(data: LanguageModelV2DataContent): LanguageModelV2DataContent {
  if (typeof data !== 'string') return data;
  if (HTTP_URL.test(data)) {
    try {
      return new URL(data);
    } catch {
      return data;
    }
  }
  if (data.startsWith('data:')) return decodeDataUrl(data) ?? data;
  return data;
}

/**
 * Converts spec-V2 file data (`Uint8Array`, base64 string, URL, or a URL string — see
 * {@link normalizeFileData}) to the spec-V4 tagged form `{ type: 'data', data }` or
 * `{ type: 'url', url }`.
 */
export function toV4FileData(data: LanguageModelV2DataContent): SharedV4FileDataData | SharedV4FileDataUrl {
  const normalized = normalizeFileData(data);
  return normalized instanceof URL ? { type: 'url', url: normalized } : { type: 'data', data: normalized };
}

function decodeDataUrl(value: string): string | Uint8Array | undefined {
  const comma = value.indexOf(',');
  if (comma < 0) return undefined;
  const header = value.slice(5, comma);
  const payload = value.slice(comma + 1);
  if (header.endsWith(';base64')) return payload;
  try {
    return new TextEncoder().encode(decodeURIComponent(payload));
  } catch {
    return undefined;
  }
}
