/**
 * Lane entries that wrap other processors (a workflow running as a processor) list them under
 * this key, so run-level wiring that looks for a kind of processor (cost ledgers) finds the ones
 * inside too.
 */
export const INNER_PROCESSORS: unique symbol = Symbol.for('sluice.processor.inner');

/** The processors a lane entry wraps, or none. */
export function innerProcessorsOf(entry: unknown): readonly unknown[] {
  if (typeof entry !== 'object' || entry === null) return NONE;
  const inner = (entry as { [INNER_PROCESSORS]?: unknown })[INNER_PROCESSORS];
  return Array.isArray(inner) ? inner : NONE;
}

const NONE: readonly unknown[] = Object.freeze([]);
