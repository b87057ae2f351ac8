/** A tool call's argument text, parsed for the tool and serialised back for the stored call. */
import { jsonTextTooDeep } from '../../util/data-depth.js';

/**
 * Parse tool-call arguments; `undefined` marks text that is not a JSON object, or one nested
 * past `MAX_DATA_DEPTH` (the tool call then fails with `TOOL_INVALID_ARGS`; the stored call
 * keeps `{}`, so history, memory and cache keys never hold the deep value).
 */
export function parseToolArgs(input: string): Record<string, unknown> | undefined {
  if (input.trim() === '') return {};
  if (jsonTextTooDeep(input)) return undefined;
  try {
    const value: unknown = JSON.parse(input);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** `args` as JSON; arguments too deep to serialise fall back to the text the client was sent. */
export function serializeToolArgs(args: Record<string, unknown>, fallback: string): string {
  try {
    return JSON.stringify(args);
  } catch {
    return fallback;
  }
}
