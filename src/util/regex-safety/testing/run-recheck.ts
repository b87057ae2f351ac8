/**
 * Runs `recheck` (its native binary when installed, else its pure-JS worker) on many patterns
 * at once. Test-only helper. The fuzzer's own time limits are off, so a busy machine cannot
 * turn a slow step into a false "vulnerable": a verdict of `vulnerable` always comes from an
 * attack string that really took that many steps. Each pattern is first analysed with the
 * static seeder (finds polynomial blank-run patterns the dynamic one misses); a pattern too
 * large to finish within {@link STATIC_BUDGET_MS} is analysed again with the dynamic seeder.
 */
import { availableParallelism } from 'node:os';
import { check, type Diagnostics, type Parameters } from 'recheck';

/** Step limits only inside the analysis, and a small fuzzing budget. */
export const RECHECK_PARAMETERS: Parameters = {
  incubationTimeout: null,
  attackTimeout: null,
  seedingTimeout: null,
  attackLimit: 3_000_000,
  maxAttackStringSize: 30_000,
  maxIteration: 3,
  maxInitialGenerationSize: 100,
  maxGenerationSize: 40,
};

/** Wall-clock budget of the static-seeded analysis before falling back to the dynamic seeder. */
export const STATIC_BUDGET_MS = 5_000;

/** A pattern to check and what the checker said about it. */
export interface Checked<T> {
  readonly item: T;
  readonly diagnostics: Diagnostics;
  /** `'dynamic'` when the static-seeded analysis ran out of time and the dynamic one decided. */
  readonly seeder: 'static' | 'dynamic';
}

async function checkOne(
  source: string,
  flags: string,
): Promise<Pick<Checked<unknown>, 'diagnostics' | 'seeder'>> {
  const first = await check(source, flags, {
    ...RECHECK_PARAMETERS,
    seeder: 'static',
    timeout: STATIC_BUDGET_MS,
  });
  if (first.status !== 'unknown' || first.error.kind !== 'timeout')
    return { diagnostics: first, seeder: 'static' };
  const second = await check(source, flags, { ...RECHECK_PARAMETERS, seeder: 'dynamic', timeout: 60_000 });
  return { diagnostics: second, seeder: 'dynamic' };
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
      out[i] = { item, ...(await checkOne(item.source, item.flags)) };
    }
  };
  const lanes = Math.max(4, Math.min(8, availableParallelism() * 2));
  await Promise.all(Array.from({ length: lanes }, worker));
  return out;
}
