/**
 * Runs `recheck` (its native binary when installed, else its pure-JS worker) on many patterns
 * at once. Test-only helper. Every limit is a step count, never a wall-clock time, and the
 * fuzzer's random seed is fixed, so a pattern gets the same verdict on an idle laptop and on a
 * loaded CI machine: a busy machine only makes the analysis slower. The static seeder is used
 * for every pattern (it finds polynomial blank-run patterns the dynamic one misses).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { check, type Diagnostics, type Parameters } from 'recheck';

/**
 * The analysis parameters. `timeout`, `incubationTimeout`, `attackTimeout` and
 * `seedingTimeout` are off (`null`) so only the step limits (`attackLimit`, recheck's default
 * `incubationLimit`) and the size limits decide; `recallTimeout: -1` skips the recall
 * validation, which only has a wall-clock limit; `randomSeed: 0` pins the fuzzer.
 */
const RECHECK_PARAMETERS: Readonly<Parameters> = Object.freeze({
  checker: 'auto',
  seeder: 'static',
  randomSeed: 0,
  timeout: null,
  incubationTimeout: null,
  attackTimeout: null,
  seedingTimeout: null,
  recallTimeout: -1,
  attackLimit: 3_000_000,
  maxAttackStringSize: 30_000,
  maxIteration: 3,
  maxInitialGenerationSize: 100,
  maxGenerationSize: 40,
});

/** The installed recheck version (the verdict file is only valid for the version that wrote it). */
export const RECHECK_VERSION: string = (
  JSON.parse(readFileSync(createRequire(import.meta.url).resolve('recheck/package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** sha256 of the parameters, keys sorted: a stored verdict is reused only under the same parameters. */
export const PARAMETERS_HASH: string = createHash('sha256')
  .update(
    JSON.stringify(
      Object.entries(RECHECK_PARAMETERS)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, v ?? null]),
    ),
  )
  .digest('hex');

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
      out[i] = { item, diagnostics: await check(item.source, item.flags, { ...RECHECK_PARAMETERS }) };
    }
  };
  const lanes = Math.max(4, Math.min(8, availableParallelism() * 2));
  await Promise.all(Array.from({ length: lanes }, worker));
  return out;
}
