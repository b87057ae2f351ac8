import { isRecord } from './is-record.js';

const OUTPUT_TYPES = new Set(['text', 'json', 'error-text', 'error-json', 'content']);

/** A tool result read from an AI SDK tool-result part. */
export interface ToolResultValue {
  result: unknown;
  isError: boolean;
}

/**
 * Read the result carried by a core `tool-result` part.
 *
 * v5 parts carry `output: { type, value }`; the value is unwrapped and the `error-*` types set
 * `isError` (a `content` output keeps its item array as the result). v4 parts carry the raw
 * `result` (and maybe `isError`).
 */
export function readToolResultValue(part: Record<string, unknown>): ToolResultValue {
  if ('output' in part) {
    const output = part.output;
    if (
      isRecord(output) &&
      typeof output.type === 'string' &&
      OUTPUT_TYPES.has(output.type) &&
      'value' in output
    ) {
      return { result: output.value, isError: output.type.startsWith('error-') || part.isError === true };
    }
    return { result: output, isError: part.isError === true };
  }
  return { result: part.result, isError: part.isError === true };
}
