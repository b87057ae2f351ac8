/**
 * Collects every regular expression Sluice compiles: the literals of the non-test files under
 * `src/` and the patterns built at run time while the shipped modules are imported and the
 * text scanners run once. Shared by the linear-time check and `npm run regex:verdicts`, so both
 * see the same set. Test-only helper.
 */

import { exerciseTextScanners } from './exercise.js';
import { type BuiltPattern, importAll, recordBuiltPatterns } from './record-built.js';
import {
  type RegExpCallSite,
  regExpCallSites,
  regexLiterals,
  type SourcePattern,
  shippedFiles,
  sourceFiles,
} from './source-files.js';

/** A distinct pattern and every place that writes or builds it. */
export interface Pattern {
  readonly source: string;
  readonly flags: string;
  readonly at: string[];
}

/** A pattern's key: `/source/flags`, as a literal would be written. */
export const patternKey = (p: { readonly source: string; readonly flags: string }): string =>
  `/${p.source}/${p.flags}`;

/** The found patterns merged by key, each with every place it occurs. */
export function distinct(found: ReadonlyArray<SourcePattern | BuiltPattern>): Pattern[] {
  const byKey = new Map<string, Pattern>();
  for (const p of found) {
    const k = patternKey(p);
    // A dependency's pattern is placed where Sluice calls into it: "src/x.ts:2 (package)".
    const where = `${p.file}:${p.line}${'dependency' in p && p.dependency !== undefined ? ` (${p.dependency})` : ''}`;
    const seen = byKey.get(k);
    if (seen === undefined) byKey.set(k, { source: p.source, flags: p.flags, at: [where] });
    else if (!seen.at.includes(where)) seen.at.push(where);
  }
  return [...byKey.values()];
}

/** What a scan of the repository found. */
export interface Collected {
  readonly literals: SourcePattern[];
  readonly sites: RegExpCallSite[];
  readonly built: BuiltPattern[];
}

/** Scans the repository at `root`: every folder, or only the folder prefixes in `only`. */
export async function collectPatterns(root: string, only?: readonly string[]): Promise<Collected> {
  const inScope = (file: string) => only === undefined || only.some((d) => file.startsWith(d));
  const files = sourceFiles(root, only);
  const literals = regexLiterals(root, files);
  const sites = regExpCallSites(root, files);
  // Importing the shipped files that call `RegExp(…)` builds their module-level patterns
  // (and those of everything they import); the scanners then build the lazy ones.
  const building = new Set(sites.map((s) => s.file));
  const built = await recordBuiltPatterns(root, async () => {
    await importAll(
      root,
      shippedFiles(root, only).filter((f) => building.has(f)),
    );
    await exerciseTextScanners(root);
  });
  return { literals, sites, built: built.filter((b) => inScope(b.file)) };
}
