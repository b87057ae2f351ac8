/** Result of {@link parseToolInput}. */
export type ParsedToolInput = { ok: true; value: unknown } | { ok: false; raw: string; error: unknown };

/**
 * Turn a model's tool arguments into a value: JSON text is parsed (`''` or whitespace means
 * `{}`, as models send for argument-less tools); `undefined` means `{}`; anything else is taken
 * as already parsed.
 */
export function parseToolInput(input: unknown): ParsedToolInput {
  if (input === undefined) return { ok: true, value: {} };
  if (typeof input !== 'string') return { ok: true, value: input };
  if (input.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(input) };
  } catch (error) {
    return { ok: false, raw: input, error };
  }
}
