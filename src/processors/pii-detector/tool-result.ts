/**
 * Tool results are arbitrary JSON-like values: the strings inside them — and long integers,
 * which is how card and phone numbers often come back from APIs — carry personal data. These
 * helpers list those leaves as text (with a bound on depth and count, and cycle safety) and
 * rebuild the value with some of them replaced.
 */

/** Integers with at least seven digits are checked as text (a phone or card number as a number). */
function numericLeaf(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && Math.abs(v) >= 1_000_000;
}

const MAX_DEPTH = 16;
const MAX_STRINGS = 2000;

/** Every string leaf (and long integer, as text) of `value`, depth-first, in a stable order. */
export function stringLeaves(value: unknown): string[] {
  const out: string[] = [];
  const seen = new WeakSet<object>();
  const walk = (v: unknown, depth: number): void => {
    if (out.length >= MAX_STRINGS) return;
    if (typeof v === 'string') {
      out.push(v);
      return;
    }
    if (numericLeaf(v)) {
      out.push(String(v));
      return;
    }
    if (v === null || typeof v !== 'object' || depth >= MAX_DEPTH || seen.has(v)) return;
    seen.add(v);
    if (Array.isArray(v)) for (const item of v) walk(item, depth + 1);
    else for (const key of Object.keys(v)) walk((v as Record<string, unknown>)[key], depth + 1);
  };
  walk(value, 0);
  return out;
}

/**
 * A copy of `value` whose leaves are replaced by `replace(leaf, index)` (same order as
 * {@link stringLeaves}).
 */
export function mapStringLeaves(value: unknown, replace: (leaf: string, index: number) => string): unknown {
  let index = 0;
  const seen = new WeakSet<object>();
  const walk = (v: unknown, depth: number): unknown => {
    if (index >= MAX_STRINGS) return v;
    if (typeof v === 'string') return replace(v, index++);
    if (numericLeaf(v)) {
      const text = String(v);
      const next = replace(text, index++);
      // An untouched number stays a number; a redacted one becomes its redaction.
      return next === text ? v : next;
    }
    if (v === null || typeof v !== 'object' || depth >= MAX_DEPTH || seen.has(v)) return v;
    seen.add(v);
    if (Array.isArray(v)) return v.map((item) => walk(item, depth + 1));
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(v)) copy[key] = walk((v as Record<string, unknown>)[key], depth + 1);
    return copy;
  };
  return walk(value, 0);
}
