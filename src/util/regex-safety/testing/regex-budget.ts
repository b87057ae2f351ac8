/**
 * Loads the regular-expression budget (`src/util/regex-safety/testing/regex-budget.json`): the only
 * place a pattern that can backtrack super-linearly in theory may live, each entry with the
 * bound that makes its real cost linear. Read by the linear-time check; test-only helper.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One budgeted pattern. */
interface RegexBudgetEntry {
  /** Repository-relative file that writes or builds the pattern. */
  readonly file: string;
  /** The pattern's `source` and `flags`, exactly as compiled. */
  readonly source: string;
  readonly flags: string;
  /** The longest input the code ever gives this pattern, in UTF-16 code units. */
  readonly maxInput: number;
  /** Where that bound is enforced (function and the slice that bounds it). */
  readonly boundedBy: string;
  /** The checker's verdict on the unbounded pattern ("2nd degree polynomial", …). */
  readonly complexity: string;
  /** Worst case measured on the checker's attack string cut to `maxInput`, in microseconds. */
  readonly worstCaseMicros: number;
  /** Why the pattern stays as it is. */
  readonly why: string;
  /** The checker's attack string (a JavaScript expression), for the record. */
  readonly attack?: string;
}

/**
 * A dependency whose own patterns Sluice cannot rewrite, budgeted where Sluice calls it: every
 * pattern it builds when called from `enteredFrom` is covered, within the bound.
 */
interface DependencyBudgetEntry {
  readonly package: string;
  /** Repository-relative file that calls into the package. */
  readonly enteredFrom: string;
  readonly maxInput: number;
  readonly boundedBy: string;
  /** Worst case of one call on inputs up to `maxInput`, in microseconds. */
  readonly worstCaseMicros: number;
  readonly why: string;
}

/** The budget file. */
export interface RegexBudget {
  readonly entries: RegexBudgetEntry[];
  readonly dependencies: DependencyBudgetEntry[];
}

/** The budget, from the repository at `root`. */
export function loadRegexBudget(root: string): RegexBudget {
  const path = join(root, 'src/util/regex-safety/testing/regex-budget.json');
  const budget = JSON.parse(readFileSync(path, 'utf8')) as Partial<RegexBudget>;
  return { entries: budget.entries ?? [], dependencies: budget.dependencies ?? [] };
}
