import { jsonTextTooDeep, MAX_DATA_DEPTH, valueTooDeep } from '../util/data-depth.js';

/** Result of {@link parseToolInput}; `tooDeep` when the input nests past `MAX_DATA_DEPTH`. */
export type ParsedToolInput =
  | { ok: true; value: unknown }
  | { ok: false; raw: string; error: unknown; tooDeep?: boolean };

/**
 * Turn a model's tool arguments into a value: JSON text is parsed (`''` or whitespace means
 * `{}`, as models send for argument-less tools); `undefined` means `{}`; anything else is taken
 * as already parsed.
 */
export function parseToolInput(input: unknown): ParsedToolInput {
  if (input === undefined) return { ok: true, value: {} };
  if (typeof input !== 'string') {
    if (!valueTooDeep(input)) return { ok: true, value: input };
    return { ok: false, raw: '', error: tooDeep(), tooDeep: true };
  }
  if (input.trim() === '') return { ok: true, value: {} };
  // Measured before parsing: nothing downstream (validation, storage, hashing) sees deeper data.
  if (jsonTextTooDeep(input)) return { ok: false, raw: input, error: tooDeep(), tooDeep: true };
  try {
    return { ok: true, value: JSON.parse(input) };
  } catch (error) {
    return { ok: false, raw: input, error };
  }
}

function tooDeep(): Error {
  return new Error(`nested more than ${MAX_DATA_DEPTH} levels deep`);
}
