/**
 * The scorer's evidence: weighted patterns per attack family, written against the folded text
 * (lower case, no Latin accents, homoglyphs and leetspeak undone; see `normalize.ts`). Every gap
 * is bounded (`.{0,n}`), so each pattern runs in linear time. The tables are data, one file per
 * language (`data/features/<lang>.json`, read by `feature-data.ts`): the phrase table here, the
 * clause-level table and clause bags in `semantic.ts`.
 *
 * Weights are the probability-like strength of one piece of evidence on its own; the scorer
 * combines the features that fire with a noisy-OR, so two weak signals make a stronger one and a
 * single innocent phrase ("act as a travel agent") stays low.
 */

/** The detection types of `PromptInjectionDetector` (api-reference 6.10). */
export type InjectionCategory =
  | 'injection'
  | 'jailbreak'
  | 'tool-exfiltration'
  | 'data-exfiltration'
  | 'system-override'
  | 'role-manipulation';

/** The default `detectionTypes`, in documented order. */
export const INJECTION_CATEGORIES: readonly InjectionCategory[] = [
  'injection',
  'jailbreak',
  'tool-exfiltration',
  'data-exfiltration',
  'system-override',
  'role-manipulation',
];

/** One weighted pattern. */
export interface InjectionFeature {
  /** Stable name, reported in `signals`. */
  id: string;
  type: InjectionCategory;
  weight: number;
  /** The pattern, on folded text: long ones are a union of short parts (`pattern-union.ts`). */
  re: RegExp | PatternUnion;
  /**
   * `'template'`: chat-template tokens and fake role lines, which code and docs about models
   * quote legitimately; damped when the text looks like code.
   */
  kind?: 'template';
  /**
   * A modifier instead of evidence: when it matches, the listed features' weights are multiplied
   * by `factor` and it adds nothing itself (e.g. "ignore the rules *about the dress code*").
   */
  dampens?: {
    ids: readonly string[];
    factor: number;
    /**
     * `'sentence'`: damp only evidence whose first match starts in the same sentence as one of
     * this modifier's matches (a prohibition in one sentence must not excuse an order in the
     * next). Without it the modifier damps the whole text.
     */
    scope?: 'sentence';
  };
  /**
   * Counts only when one of these features fired too (corroborating evidence, not evidence
   * alone); `'*'` means any other evidence.
   */
  requires?: readonly string[];
  /** A stronger form of these features: when it fires they are not counted again. */
  replaces?: readonly string[];
  /** `'cjk'`: only run on text with Chinese, Japanese or Korean characters (a cheap gate). */
  script?: 'cjk';
}

import { BAG_IDS, compileFeature, featureRecords, SEMANTIC_OVERLAPS } from './feature-data.js';
import type { PatternUnion } from './pattern-union.js';
import { SEMANTIC_FEATURES } from './semantic.js';

/** The phrase table, every language (`phrases` in `data/features/<lang>.json`). */
const TABLE: readonly InjectionFeature[] = featureRecords('phrases').map(compileFeature);

// Overlapping evidence counts once: of a semantic feature and a table feature that see the same
// words, the heavier one replaces the other (ties go to the table feature).
function withOverlaps(
  table: readonly InjectionFeature[],
  semantic: readonly InjectionFeature[],
): InjectionFeature[] {
  const all = [...table, ...semantic].map((f) => ({ ...f, replaces: [...(f.replaces ?? [])] }));
  const byId = new Map(all.map((f) => [f.id, f]));
  for (const [semId, others] of Object.entries(SEMANTIC_OVERLAPS)) {
    const sem = byId.get(semId);
    if (!sem) continue;
    for (const otherId of others) {
      const other = byId.get(otherId);
      // A corroborating feature that may not count must not silence one that does.
      if (!other || other.requires !== undefined) continue;
      if (other.weight >= sem.weight) other.replaces.push(semId);
      else sem.replaces.push(otherId);
    }
  }
  // A clause bag is the weakest form of the override and read-out evidence: any ordered
  // override or exfiltration feature that fires replaces it.
  for (const f of all) {
    if (f.requires !== undefined || f.dampens !== undefined || f.id.startsWith('sem-bag-')) continue;
    if (f.type !== 'system-override' && f.type !== 'data-exfiltration') continue;
    const kind = f.type === 'system-override' ? 'change' : 'exfil';
    for (const id of BAG_IDS) if (id.includes(`-${kind}-`) && f.weight >= 0.6) f.replaces.push(id);
  }
  return all;
}

/** Every feature, all languages: the phrase table plus the semantic features of `semantic.ts`. */
export const FEATURES: readonly InjectionFeature[] = withOverlaps(TABLE, SEMANTIC_FEATURES);
