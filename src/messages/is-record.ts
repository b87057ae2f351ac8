/** True for a non-null, non-array object. Structural checks only: no `instanceof` on messages. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
