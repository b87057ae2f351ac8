import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/** Reads the whole request body as UTF-8 text. */
export async function readBodyText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** Outcome of parsing a request body as a JSON object. */
export type ParsedBody = { ok: true; value: Record<string, unknown> } | { ok: false; reason: string };

/** Parses a JSON object body; an empty body counts as `{}`. */
export function parseJsonObject(text: string): ParsedBody {
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return { ok: true, value: value as Record<string, unknown> };
    }
    return { ok: false, reason: 'the request body must be a JSON object' };
  } catch (error) {
    return { ok: false, reason: `the request body is not valid JSON (${(error as Error).message})` };
  }
}

/** Flattens Node's header record: repeated headers are joined with `, `, absent ones dropped. */
export function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
