/**
 * The default error processors and how they merge into an agent's `errorProcessors` list
 * (docs/concepts/error-processors.md):
 *
 * 1. a default is added only when no processor in the list has its id — the user's instance wins;
 * 2. added defaults take their place in the default sequence relative to the user's processors
 *    that carry default ids, so naming only a later default never inverts the order;
 * 3. the user's own order is never changed; processors with custom ids keep their list position;
 * 4. an empty list merges like any other (all four defaults).
 */

/** Ids of the default error processors, in their default order. */
export const DEFAULT_ERROR_PROCESSOR_IDS = [
  'provider-history-compat',
  'prefill-error-handler',
  'unsupported-file-handler',
  'stream-error-retry-processor',
] as const;

/** One of the default error processor ids. */
export type DefaultErrorProcessorId = (typeof DEFAULT_ERROR_PROCESSOR_IDS)[number];

const SEQUENCE = new Map<string, number>(DEFAULT_ERROR_PROCESSOR_IDS.map((id, i) => [id, i]));

/**
 * Merge the defaults into `list` (a new array; `list` is not touched). `createDefault` is asked
 * only for the defaults the list lacks.
 *
 * Placement of a missing default `d`: immediately before the first processor (in list order)
 * whose id is a later default; else immediately after the last processor with an earlier
 * default id; else at the end.
 */
export function mergeDefaultErrorProcessors<P extends { id: string }>(
  list: readonly P[],
  createDefault: (id: DefaultErrorProcessorId) => P,
): P[] {
  const result = [...list];
  const present = new Set(result.map((p) => p.id));
  for (const id of DEFAULT_ERROR_PROCESSOR_IDS) {
    if (present.has(id)) continue;
    const seq = SEQUENCE.get(id) as number;
    let before = -1;
    let after = -1;
    for (let i = 0; i < result.length; i++) {
      const other = SEQUENCE.get((result[i] as P).id);
      if (other === undefined) continue;
      if (other > seq) {
        before = i;
        break;
      }
      after = i;
    }
    const at = before >= 0 ? before : after >= 0 ? after + 1 : result.length;
    result.splice(at, 0, createDefault(id));
    present.add(id);
  }
  return result;
}
