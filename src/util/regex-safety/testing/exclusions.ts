/**
 * Patterns not yet in the linear-time check, named by what builds them. Test-only helper.
 *
 * Only features of the prompt-injection detector are listed: the part of each whose analysis by
 * recheck (deterministic parameters, one pattern at a time) grew past 3 GB of memory without a
 * verdict. Their shape is a clause bag, `(change|read-out verb)[^.!?;\n]{0,100}(your … rules)`:
 * a 100-character clause gap followed by optional word runs (`(?:\w+\s){0,2}?`, `\w*`) that the
 * gap's class also matches. At run time each costs at most about 100 characters of scanning per
 * start position (the gap is bounded and stops at a sentence end); the scorer's tests pin linear
 * growth on every character class (`linear-time.test.ts`). Until they are matched in code (as
 * `assignment-concat.ts` does for another such shape) they are listed here, and the check skips
 * every part of these features. Known debt: see the README security model.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { patternKey } from './collect.js';

/** Feature ids (`features.ts`, `semantic.ts`) whose compiled parts the check skips. */
export const EXCLUDED_FEATURES: readonly string[] = [
  'sem-bag-exfil-de',
  'sem-bag-change-fr',
  'sem-bag-change-es',
  'sem-bag-exfil-es',
];

/** Where the feature parts are compiled (`PatternUnion`): only built patterns from there are skipped. */
export const FEATURE_PARTS_FILE = 'src/processors/prompt-injection-detector/pattern-union.ts';

/** Keys (`/source/flags`) of every compiled part of the excluded features. */
export async function excludedPatternKeys(root: string): Promise<Set<string>> {
  const { FEATURES } = (await import(
    pathToFileURL(join(root, 'src/processors/prompt-injection-detector/features.ts')).href
  )) as typeof import('../../../processors/prompt-injection-detector/features.js');
  const keys = new Set<string>();
  for (const id of EXCLUDED_FEATURES) {
    const f = FEATURES.find((x) => x.id === id);
    if (f === undefined)
      throw new Error(`regex check exclusions: no feature "${id}"; remove it from EXCLUDED_FEATURES.`);
    const parts = 'parts' in f.re ? f.re.parts : [f.re];
    for (const p of parts) keys.add(patternKey(p));
  }
  return keys;
}
