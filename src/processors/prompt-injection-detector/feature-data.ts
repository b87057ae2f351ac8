/**
 * Reads the scorer's feature tables from `data/` once, when the detector is first imported:
 * one file per language (`data/features/<lang>.json`: the phrase table, the clause-level semantic
 * table and the clause bag's word stems), the shared word lists (`data/vocabulary.json`) and how
 * features relate (`data/feature-links.json`). The tables are data so they can be read, diffed
 * and deduplicated without the code; this module only expands the placeholders and checks that
 * every name a table uses exists.
 *
 * Placeholders in a pattern: `{{NAME}}` is a vocabulary entry (which may itself name others),
 * `{{clause:n}}` a window of at most `n` characters inside one clause (no sentence end or line
 * break), `{{cjk-clause:n}}` the same with CJK sentence ends. In an id list, `@NAME` stands for
 * the ids of a group (`BAG_IDS` is derived: every clause bag's two ids).
 */
import { readFileSync } from 'node:fs';
import { ASSIGNMENT_CONCAT, ASSIGNMENT_CONCAT_SOURCE } from './assignment-concat.js';
import type { InjectionCategory, InjectionFeature } from './features.js';
import { featurePattern, type PatternUnion, type ScannedPart } from './pattern-union.js';
import { singleSpaced } from './whitespace.js';

/** The languages with a feature file, in the order their features are listed. */
const FEATURE_LANGUAGES = ['en', 'de', 'fr', 'es', 'zh', 'ja', 'ko'] as const;

/** One language of {@link FEATURE_LANGUAGES}. */
type FeatureLanguage = (typeof FEATURE_LANGUAGES)[number];

/** A feature as a data file writes it: the pattern is still a source with placeholders. */
export interface FeatureRecord {
  /** Why the feature exists, for readers of the table (not used by the scorer). */
  readonly note?: string;
  readonly id: string;
  readonly type: InjectionCategory;
  readonly weight: number;
  readonly kind?: 'template';
  readonly script?: 'cjk';
  readonly requires?: readonly string[];
  readonly replaces?: readonly string[];
  readonly dampens?: {
    readonly ids: readonly string[];
    readonly factor: number;
    readonly scope?: 'sentence';
  };
  /** Top-level alternatives of `re` matched by code (`'assignment-concat'`: `assignment-concat.ts`). */
  readonly inCode?: readonly string[];
  readonly re: string;
}

/** A titled run of features in a table. */
interface FeatureSection {
  readonly title: string;
  readonly note?: string;
  readonly features: readonly FeatureRecord[];
}

/** The word stems of one language's clause bag: the assistant's own rules, a change, a read-out. */
export interface ClauseBagWords {
  readonly note?: string;
  readonly own: string;
  readonly change: string;
  readonly exfil: string;
  /** Written for CJK text: windows use CJK sentence ends and the feature runs only on CJK text. */
  readonly cjk?: boolean;
}

interface LanguageFile {
  readonly phrases: readonly FeatureSection[];
  readonly semantic: readonly FeatureSection[];
  readonly clauseBag: ClauseBagWords;
}

interface LinksFile {
  readonly groups: Readonly<Record<string, readonly string[]>>;
  readonly overlaps: Readonly<Record<string, readonly string[]>>;
  readonly bagsInCode: readonly string[];
}

/** Thrown when a feature data file names something that does not exist (a mistake in `data/`). */
export class FeatureDataError extends Error {
  readonly code = 'INJECTION_FEATURE_DATA';
  constructor(file: string, what: string) {
    super(
      `prompt-injection feature data ${file}: ${what} — fix the entry in src/processors/prompt-injection-detector/data/.`,
    );
    this.name = 'FeatureDataError';
  }
}

const readData = <T>(path: string): T =>
  JSON.parse(readFileSync(new URL(`./data/${path}`, import.meta.url), 'utf8')) as T;

const FILES: ReadonlyArray<readonly [FeatureLanguage, LanguageFile]> = FEATURE_LANGUAGES.map(
  (lang) => [lang, readData<LanguageFile>(`features/${lang}.json`)] as const,
);
const VOCABULARY = readData<{ vocabulary: Record<string, { re: string }> }>('vocabulary.json').vocabulary;
const LINKS = readData<LinksFile>('feature-links.json');

/** A window of at most `n` characters inside one clause. */
export const clauseWindow = (n: number): string => `[^.!?;\\n]{0,${n}}`;
/** A window of at most `n` characters inside one clause of CJK text. */
export const cjkClauseWindow = (n: number): string => `[^。！？!?\\n]{0,${n}}`;

const PLACEHOLDER = /\{\{([A-Za-z0-9_-]{1,40})(?::(\d{1,4}))?\}\}/g;

/** `source` with every placeholder expanded; `file` names the data file in errors. */
export function expandPattern(source: string, file: string, depth = 0): string {
  if (depth > 4)
    throw new FeatureDataError(
      file,
      `vocabulary entries name each other in a loop near "${source.slice(0, 40)}"`,
    );
  return source.replace(PLACEHOLDER, (_, name: string, size: string | undefined) => {
    if (size !== undefined) {
      if (name === 'clause') return clauseWindow(Number(size));
      if (name === 'cjk-clause') return cjkClauseWindow(Number(size));
      throw new FeatureDataError(file, `unknown window {{${name}:${size}}} (use clause or cjk-clause)`);
    }
    const entry = VOCABULARY[name];
    if (entry === undefined)
      throw new FeatureDataError(file, `unknown vocabulary entry {{${name}}} (add it to vocabulary.json)`);
    return expandPattern(entry.re, 'vocabulary.json', depth + 1);
  });
}

/** The clause-bag word stems per language, in {@link FEATURE_LANGUAGES} order. */
export const CLAUSE_BAGS: ReadonlyArray<readonly [FeatureLanguage, ClauseBagWords]> = FILES.map(
  ([lang, f]) => [lang, f.clauseBag] as const,
);

/** Ids of the clause-bag features: per language, the change bag then the read-out bag. */
export const BAG_IDS: readonly string[] = CLAUSE_BAGS.flatMap(([l]) => [
  `sem-bag-change-${l}`,
  `sem-bag-exfil-${l}`,
]);

/** Clause bags whose single pattern recheck cannot analyse; matched in code (`clause-bag.ts`). */
export const BAGS_IN_CODE: ReadonlySet<string> = new Set(LINKS.bagsInCode);

/** The table features each semantic feature overlaps; see `withOverlaps` in `features.ts`. */
export const SEMANTIC_OVERLAPS: Readonly<Record<string, readonly string[]>> = LINKS.overlaps;

/** A named id group of `feature-links.json`. */
function idGroup(name: string): readonly string[] {
  if (name === 'BAG_IDS') return BAG_IDS;
  const ids = LINKS.groups[name];
  if (ids === undefined) throw new FeatureDataError('feature-links.json', `unknown id group @${name}`);
  return ids;
}

/** An id list with its `@NAME` groups spliced in. */
function expandIds(ids: readonly string[]): string[] {
  return ids.flatMap((id) => (id.startsWith('@') ? idGroup(id.slice(1)) : [id]));
}

/** The records of one table, every language in order, each with the file it came from. */
export function featureRecords(
  table: 'phrases' | 'semantic',
): Array<{ file: string; record: FeatureRecord }> {
  return FILES.flatMap(([lang, f]) =>
    f[table].flatMap((s) => s.features.map((record) => ({ file: `features/${lang}.json`, record }))),
  );
}

/** The alternatives a record may have matched in code, by the name `inCode` gives them. */
const IN_CODE: Readonly<Record<string, Readonly<Record<string, ScannedPart>>>> = {
  'assignment-concat': { [ASSIGNMENT_CONCAT_SOURCE]: ASSIGNMENT_CONCAT },
};

/** A feature pattern compiled as the scorer runs it: single-spaced, Unicode, split into parts. */
export const compilePattern = (
  source: string,
  scanned?: Readonly<Record<string, ScannedPart>>,
): RegExp | PatternUnion => featurePattern(singleSpaced(source), 'u', scanned);

/** A data record compiled into the feature the scorer runs. */
export function compileFeature({
  file,
  record: r,
}: {
  file: string;
  record: FeatureRecord;
}): InjectionFeature {
  let scanned: Record<string, ScannedPart> | undefined;
  for (const name of r.inCode ?? []) {
    const parts = IN_CODE[name];
    if (parts === undefined)
      throw new FeatureDataError(file, `feature ${r.id} names an unknown in-code part "${name}"`);
    scanned = { ...scanned, ...parts };
  }
  return {
    id: r.id,
    type: r.type,
    weight: r.weight,
    ...(r.kind !== undefined ? { kind: r.kind } : {}),
    ...(r.script !== undefined ? { script: r.script } : {}),
    ...(r.requires !== undefined ? { requires: expandIds(r.requires) } : {}),
    ...(r.replaces !== undefined ? { replaces: expandIds(r.replaces) } : {}),
    ...(r.dampens !== undefined ? { dampens: { ...r.dampens, ids: expandIds(r.dampens.ids) } } : {}),
    re: compilePattern(expandPattern(r.re, file), scanned),
  };
}
