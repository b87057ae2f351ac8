/**
 * The committed verdict file (`src/util/regex-safety/testing/regex-verdicts.json`): recheck's verdict on
 * every distinct pattern Sluice compiles, written by `npm run regex:verdicts` with the
 * deterministic parameters of `run-recheck.ts`. `npm test` reuses a stored verdict whose
 * pattern, recheck version and parameters match and analyses only new or changed patterns;
 * CI analyses everything and requires the file to match. Test-only helper.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostics } from 'recheck';
import { patternKey } from './collect.js';
import { PARAMETERS_HASH, RECHECK_VERSION, recheckAll } from './run-recheck.js';

/** Repository-relative path of the verdict file. */
export const VERDICTS_FILE = 'src/util/regex-safety/testing/regex-verdicts.json';

/** The command that rewrites the verdict file, named in every failure about it. */
export const REFRESH = 'npm run regex:verdicts';

/** recheck's verdict on one pattern, as stored. */
export interface Verdict {
  readonly source: string;
  readonly flags: string;
  readonly status: 'safe' | 'vulnerable' | 'unknown';
  /** `'linear'`, `'2nd degree polynomial'`, `'exponential'`… (safe and vulnerable). */
  readonly complexity?: string;
  /** The attack string as a JavaScript expression (vulnerable only). */
  readonly attack?: string;
  /** Why the analysis could not decide (unknown only). */
  readonly error?: string;
}

/** The verdict file. */
export interface VerdictFile {
  readonly about: string;
  /** recheck version that produced the verdicts. */
  readonly recheck: string;
  /** {@link PARAMETERS_HASH} of the analysis. */
  readonly parameters: string;
  readonly verdicts: Verdict[];
}

/** The stored form of recheck's diagnostics on a pattern. */
function verdictOf(item: { source: string; flags: string }, d: Diagnostics): Verdict {
  const base = { source: item.source, flags: item.flags };
  if (d.status === 'safe') return { ...base, status: 'safe', complexity: d.complexity.summary };
  if (d.status === 'vulnerable')
    return { ...base, status: 'vulnerable', complexity: d.complexity.summary, attack: d.attack.pattern };
  const message = 'message' in d.error ? `: ${d.error.message}` : '';
  return { ...base, status: 'unknown', error: `${d.error.kind}${message}` };
}

/** One-line description of a verdict, for failure messages. */
export function describeVerdict(v: Verdict): string {
  if (v.status === 'safe') return `safe (${v.complexity})`;
  if (v.status === 'vulnerable') return `${v.complexity}, attack ${(v.attack ?? '').slice(0, 80)}`;
  return `not proven (${v.error})`;
}

/** Whether two verdicts say the same thing. */
const sameVerdict = (a: Verdict, b: Verdict): boolean =>
  a.status === b.status && a.complexity === b.complexity && a.attack === b.attack && a.error === b.error;

const ABOUT =
  "recheck's verdict on every distinct regular expression Sluice compiles, produced by `npm run regex:verdicts` with step limits only (no wall-clock limit, fixed random seed, static seeder), so the same recheck version and parameters always give the same verdicts. `npm test` reuses a verdict whose pattern, `recheck` and `parameters` match and analyses new or changed patterns live; a verdict for a pattern no longer in src fails the test as stale. With CI or REGEX_RECHECK_ALL=1 every pattern is analysed live and must match this file. Do not edit by hand: run `npm run regex:verdicts`.";

/** The verdict file's text: verdicts sorted by key, stable JSON, one trailing newline. */
export function formatVerdictFile(verdicts: readonly Verdict[]): string {
  const sorted = [...verdicts].sort((a, b) => {
    const ka = patternKey(a);
    const kb = patternKey(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  // Fixed key order inside each verdict, whatever order the object was built in.
  const ordered = sorted.map((v) => ({
    source: v.source,
    flags: v.flags,
    status: v.status,
    ...(v.complexity !== undefined ? { complexity: v.complexity } : {}),
    ...(v.attack !== undefined ? { attack: v.attack } : {}),
    ...(v.error !== undefined ? { error: v.error } : {}),
  }));
  const file: VerdictFile = {
    about: ABOUT,
    recheck: RECHECK_VERSION,
    parameters: PARAMETERS_HASH,
    verdicts: ordered,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** The verdict file of the repository at `root`, or `undefined` when there is none. */
export function loadVerdictFile(root: string): VerdictFile | undefined {
  let text: string;
  try {
    text = readFileSync(join(root, VERDICTS_FILE), 'utf8');
  } catch {
    return undefined;
  }
  return JSON.parse(text) as VerdictFile;
}

/** Writes the verdict file of the repository at `root`. */
export function writeVerdictFile(root: string, verdicts: readonly Verdict[]): void {
  writeFileSync(join(root, VERDICTS_FILE), formatVerdictFile(verdicts));
}

/** A pattern and its verdict, and whether it was analysed in this run. */
export interface Resolved<T> {
  readonly item: T;
  readonly verdict: Verdict;
  readonly live: boolean;
}

/** The verdicts of a set of patterns, and what is wrong with the stored file. */
export interface Resolution<T> {
  readonly results: Resolved<T>[];
  /** Why no stored verdict could be used (another recheck version or parameters, no file). */
  readonly unusable?: string;
  /** Keys of stored verdicts whose pattern was not found (only meaningful for a full scan). */
  readonly stale: string[];
  /** With `all`: patterns whose live verdict is missing from the file or differs from it. */
  readonly differing: string[];
}

/**
 * Gives each pattern its verdict: the stored one when the file was written by this recheck
 * version with these parameters and holds the pattern, else a live (deterministic) analysis.
 * With `all`, every pattern is analysed live and compared with the file.
 */
export async function resolveVerdicts<T extends { source: string; flags: string }>(
  items: readonly T[],
  file: VerdictFile | undefined,
  options: { readonly all: boolean },
): Promise<Resolution<T>> {
  const unusable =
    file === undefined
      ? `${VERDICTS_FILE} is missing`
      : file.recheck !== RECHECK_VERSION
        ? `${VERDICTS_FILE} was written by recheck ${file.recheck}, recheck ${RECHECK_VERSION} is installed`
        : file.parameters !== PARAMETERS_HASH
          ? `${VERDICTS_FILE} was written with other recheck parameters (run-recheck.ts changed)`
          : undefined;
  const stored = new Map<string, Verdict>();
  for (const v of unusable === undefined ? (file?.verdicts ?? []) : []) stored.set(patternKey(v), v);

  const toAnalyse = options.all ? items : items.filter((i) => !stored.has(patternKey(i)));
  const analysed = new Map<string, Verdict>();
  for (const r of await recheckAll(toAnalyse))
    analysed.set(patternKey(r.item), verdictOf(r.item, r.diagnostics));

  const results = items.map((item) => {
    const k = patternKey(item);
    const live = analysed.get(k);
    return live !== undefined
      ? { item, verdict: live, live: true }
      : { item, verdict: stored.get(k) as Verdict, live: false };
  });
  const found = new Set(items.map(patternKey));
  const stale = [...stored.keys()].filter((k) => !found.has(k));
  const differing: string[] = [];
  if (options.all) {
    for (const { item, verdict } of results) {
      const k = patternKey(item);
      const was = stored.get(k);
      if (was === undefined)
        differing.push(`${k.slice(0, 160)} — not stored, live: ${describeVerdict(verdict)}`);
      else if (!sameVerdict(was, verdict))
        differing.push(
          `${k.slice(0, 160)} — stored: ${describeVerdict(was)}, live: ${describeVerdict(verdict)}`,
        );
    }
  }
  return { results, ...(unusable !== undefined ? { unusable } : {}), stale, differing };
}
