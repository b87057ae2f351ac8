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
import { nativeRecheckBinary, RecheckAgent } from './recheck-agent.js';

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

/** Analyses at once: the native agent analyses requests in parallel. `REGEX_RECHECK_LANES` overrides. */
function laneCount(): number {
  const fromEnv = Number(process.env.REGEX_RECHECK_LANES);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return Math.max(4, Math.min(8, availableParallelism() * 2));
}

/**
 * Patterns one agent process analyses before a fresh one takes over, so the native heap never
 * grows over the whole set (a run over every verdict was once killed at 23 GB). `REGEX_RECHECK_BATCH`
 * overrides.
 */
function batchSize(): number {
  const fromEnv = Number(process.env.REGEX_RECHECK_BATCH);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 150;
}

/** Runs `analyse` on every item, `lanes` at a time, in order of the items. */
async function inLanes<T>(
  items: readonly T[],
  lanes: number,
  analyse: (item: T) => Promise<Diagnostics>,
  out: Checked<T>[],
  offset: number,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      const item = items[i] as T;
      out[offset + i] = { item, diagnostics: await analyse(item) };
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

/**
 * Checks each pattern, several at a time. With recheck's native binary, Sluice runs the agent
 * itself (a fresh process per batch; every pending analysis fails at once if it dies, instead of
 * hanging); without it, recheck's own `check` (its JS worker) does the work.
 */
export async function recheckAll<T extends { source: string; flags: string }>(
  items: readonly T[],
): Promise<Checked<T>[]> {
  const out: Checked<T>[] = new Array(items.length);
  const lanes = laneCount();
  const binary = nativeRecheckBinary();
  if (binary === null) {
    await inLanes(items, lanes, (item) => check(item.source, item.flags, { ...RECHECK_PARAMETERS }), out, 0);
    return out;
  }
  const size = batchSize();
  for (let start = 0; start < items.length; start += size) {
    const agent = new RecheckAgent(binary);
    try {
      const batch = items.slice(start, start + size);
      await inLanes(
        batch,
        lanes,
        (item) => agent.check(item.source, item.flags, { ...RECHECK_PARAMETERS }),
        out,
        start,
      );
    } finally {
      agent.close();
    }
  }
  return out;
}
