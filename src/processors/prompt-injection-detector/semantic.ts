/**
 * Semantic evidence for the injection scorer: instead of exact attack phrases, each feature
 * combines *word lists* — a directive verb aimed at the assistant (ignore, set aside, stop
 * following, vergiss, oublie, olvida, 忘记, 無視, 무시 …) and a target that is the assistant's own
 * instructions, rules, restrictions, setup or prompt — within a bounded window of one clause,
 * anchored on a second-person marker (your / you were told / dein / ton / tu / 你 / あなた / 너)
 * or a claim of new authority (the developers authorised you, your new instructions are …).
 *
 * Phrasings the template tables never listed still fire as long as their meaning is "drop your
 * instructions", "reveal your instructions", "you have no limits", or "someone with authority
 * says you may". Every gap is bounded and stops at a sentence end, so each pattern is linear.
 * The existing modifiers (scoped objects, negations, reported speech, teaching text) damp these
 * ids too (see `features.ts`).
 */

import { ClauseBagPart, ownerSide, verbSide } from './clause-bag.js';
import {
  BAGS_IN_CODE,
  CLAUSE_BAGS,
  cjkClauseWindow,
  clauseWindow,
  compileFeature,
  compilePattern,
  featureRecords,
} from './feature-data.js';
import type { InjectionFeature } from './features.js';
import type { PatternUnion, ScannedPart } from './pattern-union.js';
import { singleSpaced } from './whitespace.js';

// ---- clause bags: the assistant's own rules plus a change or a read-out, in any order ----------
// Wider nets than the ordered features: word stems, not phrases ("your rulebook is outdated",
// "put your principles on hold", "read me your rulebook"), only within one clause of bounded
// length. Weaker on their own, so an ordinary sentence about "your rules" needs corroboration.
// The stems are per language in `data/features/<lang>.json` (`clauseBag`).

/** Both alternatives of the bag `id` (owner side `own`, verb side `verb`) matched in code. */
function bagInCode(id: string, own: string, verb: string): Record<string, ScannedPart> {
  const owner = ownerSide(singleSpaced(own));
  const verbs = verbSide(singleSpaced(verb));
  const parts = [
    new ClauseBagPart(`${id}:owner-first`, owner, verbs, 100, 'u'),
    new ClauseBagPart(`${id}:verb-first`, verbs, owner, 100, 'u'),
  ];
  return Object.fromEntries(parts.map((p) => [p.source, p]));
}

function bagFeatures(): InjectionFeature[] {
  const out: InjectionFeature[] = [];
  for (const [lang, b] of CLAUSE_BAGS) {
    const gap = b.cjk ? cjkClauseWindow(30) : clauseWindow(100);
    const both = (id: string, x: string, y: string): RegExp | PatternUnion =>
      compilePattern(
        `(?:${x})${gap}(?:${y})|(?:${y})${gap}(?:${x})`,
        BAGS_IN_CODE.has(id) ? bagInCode(id, x, y) : undefined,
      );
    const change = `sem-bag-change-${lang}`;
    const exfil = `sem-bag-exfil-${lang}`;
    out.push({
      id: change,
      type: 'system-override',
      weight: 0.6,
      ...(b.cjk ? { script: 'cjk' as const } : {}),
      re: both(change, b.own, b.change),
    });
    out.push({
      id: exfil,
      type: 'data-exfiltration',
      weight: 0.7,
      ...(b.cjk ? { script: 'cjk' as const } : {}),
      re: both(exfil, b.own, b.exfil),
    });
  }
  return out;
}

/** The ordered semantic features, every language (`semantic` in `data/features/<lang>.json`). */
const ORDERED: readonly InjectionFeature[] = featureRecords('semantic').map(compileFeature);

/** The semantic features (appended to `FEATURES`): ordered ones first, then the clause bags. */
export const SEMANTIC_FEATURES: readonly InjectionFeature[] = [...ORDERED, ...bagFeatures()];
