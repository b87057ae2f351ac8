/**
 * Tool results are arbitrary JSON-like values: the strings inside them are what carries
 * personal data. These helpers list those strings (with a bound on depth and count, and cycle
 * safety) and rebuild the value with some of them replaced.
 */

const MAX_DEPTH = 16;
const MAX_STRINGS = 2000;

/** Every string leaf of `value`, depth-first, in a stable order. */
export function stringLeaves(value: unknown): string[] {
  const out: string[] = [];
  const seen = new WeakSet<object>();
  const walk = (v: unknown, depth: number): void => {
    if (out.length >= MAX_STRINGS) return;
    if (typeof v === 'string') {
      out.push(v);
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
 * A copy of `value` whose string leaves are replaced by `replace(leaf, index)` (same order as
 * {@link stringLeaves}). Parts without strings are shared, not copied.
 */
export function mapStringLeaves(value: unknown, replace: (leaf: string, index: number) => string): unknown {
  let index = 0;
  const seen = new WeakSet<object>();
  const walk = (v: unknown, depth: number): unknown => {
    if (index >= MAX_STRINGS) return v;
    if (typeof v === 'string') return replace(v, index++);
    if (v === null || typeof v !== 'object' || depth >= MAX_DEPTH || seen.has(v)) return v;
    seen.add(v);
    if (Array.isArray(v)) return v.map((item) => walk(item, depth + 1));
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(v)) copy[key] = walk((v as Record<string, unknown>)[key], depth + 1);
    return copy;
  };
  return walk(value, 0);
}
