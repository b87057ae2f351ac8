/**
 * Values a guardrail flagged (personal data, secrets, a leaked system prompt). Run records end up
 * in bug reports, so the record masks each flagged value with its type (`[EMAIL]`) wherever it
 * appears, unless the caller asked for `recordSensitive: true`.
 *
 * Guardrails reach the run's collection through the hook's `tracingContext`: the runner puts it
 * there under a symbol only while a run is recorded, so a guardrail's call costs nothing otherwise.
 */

/** Where a run's flagged values are collected; a symbol so it never shows in user code. */
export const SENSITIVE_VALUES = Symbol.for('sluice.sensitive-values');

/** Shortest value masked: shorter ones would mask ordinary words and digits everywhere. */
const MIN_MASKED_LENGTH = 3;

/** Flagged values of one run, with the type each is masked as. */
export class SensitiveValues {
  readonly #types = new Map<string, string>();

  /** Note `value` as sensitive, masked as `[TYPE]`. */
  add(value: string, type: string): void {
    if (value.length < MIN_MASKED_LENGTH) return;
    this.#types.set(value, type.toUpperCase());
  }

  /** True when nothing was flagged. */
  get empty(): boolean {
    return this.#types.size === 0;
  }

  /** A copy of `data` with every flagged value inside its strings replaced by its mask. */
  mask<T>(data: T): T {
    if (this.#types.size === 0) return data;
    // Longest first, so a value containing another is masked whole.
    const values = [...this.#types.keys()].sort((a, b) => b.length - a.length);
    const maskString = (text: string): string => {
      let out = text;
      for (const value of values) {
        if (out.includes(value)) out = out.split(value).join(`[${this.#types.get(value)}]`);
      }
      return out;
    };
    const walk = (value: unknown): unknown => {
      if (typeof value === 'string') return maskString(value);
      if (Array.isArray(value)) return value.map(walk);
      if (value !== null && typeof value === 'object') {
        const copy: Record<string, unknown> = {};
        for (const [key, inner] of Object.entries(value)) copy[maskString(key)] = walk(inner);
        return copy;
      }
      return value;
    };
    return walk(data) as T;
  }
}

/**
 * A guardrail reports values it flagged. `tracingContext` is the hook's; without a recorded run
 * behind it this does nothing.
 */
export function flagSensitive(
  tracingContext: unknown,
  values: ReadonlyArray<{ value: string; type: string }>,
): void {
  if (values.length === 0 || tracingContext === null || typeof tracingContext !== 'object') return;
  const sink = (tracingContext as { [SENSITIVE_VALUES]?: SensitiveValues })[SENSITIVE_VALUES];
  if (sink === undefined) return;
  for (const { value, type } of values) sink.add(value, type);
}
