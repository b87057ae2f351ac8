/**
 * Runs `recheck` (its native binary when installed, else its pure-JS worker) on many patterns
 * at once. Test-only helper. The analysis is made deterministic: every time-based limit of the
 * fuzzer is off, so a busy machine cannot turn a slow step into a false verdict; the step-based
 * limits and a small fuzzing budget keep each check fast.
 */
import { availableParallelism } from 'node:os';
import { check, type Diagnostics, type Parameters } from 'recheck';

/** Parameters of every check: step limits only, no wall-clock limits inside the analysis. */
export const RECHECK_PARAMETERS: Parameters = {
  incubationTimeout: null,
  attackTimeout: null,
  seedingTimeout: null,
  attackLimit: 3_000_000,
  maxAttackStringSize: 30_000,
  maxIteration: 3,
  maxInitialGenerationSize: 100,
  maxGenerationSize: 40,
  timeout: 120_000,
};

/** A pattern to check and what the checker said about it. */
export interface Checked<T> {
  readonly item: T;
  readonly diagnostics: Diagnostics;
}

/** Checks each pattern, several at a time (the native agent analyses requests in parallel). */
export async function recheckAll<T extends { source: string; flags: string }>(
  items: readonly T[],
): Promise<Checked<T>[]> {
  const out: Checked<T>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      const item = items[i] as T;
      out[i] = { item, diagnostics: await check(item.source, item.flags, RECHECK_PARAMETERS) };
    }
  };
  const lanes = Math.max(2, Math.min(8, availableParallelism() * 2));
  await Promise.all(Array.from({ length: lanes }, worker));
  return out;
}
