/**
 * Checks a user-supplied regular expression for super-linear backtracking with `recheck`, an
 * optional peer dependency loaded on first use. Synchronous (`checkSync`), so a processor can
 * check its rules in its constructor; the analysis runs once per rule, never per message.
 */
import { createRequire } from 'node:module';

/** What `recheck` says about one pattern (the subset Sluice reads). */
interface RecheckDiagnostics {
  status: 'safe' | 'vulnerable' | 'unknown';
  complexity?: { summary?: string };
  attack?: { pattern?: string };
  error?: { kind?: string };
}

type CheckSync = (source: string, flags: string, params?: Record<string, unknown>) => RecheckDiagnostics;

/** The verdict on one pattern. */
export interface PatternVerdict {
  /** `true` when the checker proved the pattern linear. */
  linear: boolean;
  /** `'linear'`, `'2nd degree polynomial'`, `'exponential'`, or why it could not be decided. */
  summary: string;
  /** A JavaScript expression building an input that makes it slow, when one was found. */
  attack?: string;
}

/** Same limits as the repository's own check: step counts only, so the verdict is deterministic. */
const PARAMETERS = {
  incubationTimeout: null,
  attackTimeout: null,
  seedingTimeout: null,
  attackLimit: 3_000_000,
  maxAttackStringSize: 30_000,
  maxIteration: 3,
  maxInitialGenerationSize: 100,
  maxGenerationSize: 40,
  timeout: 10_000,
};

let cached: CheckSync | null | undefined;

/** Loads `recheck` (once); `undefined` when it is not installed. Replaceable in tests. */
export const patternCheckerLoader = {
  load(): CheckSync | undefined {
    if (cached === undefined) {
      try {
        const mod = createRequire(import.meta.url)('recheck') as { checkSync?: CheckSync };
        cached = typeof mod.checkSync === 'function' ? mod.checkSync : null;
      } catch {
        cached = null;
      }
    }
    return cached ?? undefined;
  },
};

/**
 * Whether `source` has a lookbehind holding an unbounded quantifier (`*`, `+`, `{n,}`). V8
 * runs a lookbehind backwards from every position it is tried at, so `(?<=key[ \t]+)` reads
 * a blank run back once per blank: quadratic. `recheck` does not model this, hence this rule;
 * bound the quantifier instead (`[ \t]{1,16}`).
 */
export function hasUnboundedLookbehind(source: string): boolean {
  const open: boolean[] = []; // per open group: is it (or is it inside) a lookbehind
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    const inside = open.length > 0 && open[open.length - 1] === true;
    if (c === '[') inClass = true;
    else if (c === '(') open.push(inside || source.startsWith('(?<=', i) || source.startsWith('(?<!', i));
    else if (c === ')') open.pop();
    else if (inside && (c === '*' || c === '+')) {
      if (source[i - 1] !== '(' && source[i - 1] !== '?') return true;
    } else if (inside && c === '{' && /^\{\d+,\}/.test(source.slice(i))) return true;
  }
  return false;
}

/**
 * Checks `pattern` with `recheck` (and the lookbehind rule above); `undefined` when `recheck`
 * is not installed.
 */
export function checkPatternLinear(pattern: RegExp): PatternVerdict | undefined {
  const checkSync = patternCheckerLoader.load();
  if (checkSync === undefined) return undefined;
  if (hasUnboundedLookbehind(pattern.source))
    return { linear: false, summary: 'a lookbehind with an unbounded quantifier (quadratic in V8)' };
  const d = checkSync(pattern.source, pattern.flags, PARAMETERS);
  if (d.status === 'safe') return { linear: true, summary: 'linear' };
  if (d.status === 'vulnerable') {
    const verdict: PatternVerdict = { linear: false, summary: d.complexity?.summary ?? 'super-linear' };
    if (d.attack?.pattern !== undefined) verdict.attack = d.attack.pattern;
    return verdict;
  }
  return { linear: false, summary: `not proven linear (${d.error?.kind ?? 'unknown'})` };
}
