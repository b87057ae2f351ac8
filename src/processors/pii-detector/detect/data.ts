/**
 * The detectors' tables — word lists, cue lists, regular-expression tables and the name
 * model's weights — are data, kept as JSON in `../data/` (per language where a table is per
 * language). A file is read and parsed once, the first time a module asks for it, from beside
 * this module: the same code reads `src/` under tsx and vitest and `dist/` after the build
 * (which copies `src/**\/*.json`).
 */
import { readFileSync } from 'node:fs';

/** A regular expression as data: its source, cut into lines at alternations, and its flags. */
export interface PatternData {
  readonly source: string | readonly string[];
  readonly flags: string;
}

const loaded = new Map<string, unknown>();

/** The parsed `data/<name>.json` (`name` may hold a folder: `names/zh`), read on first use. */
export function piiData<T>(name: string): T {
  let data = loaded.get(name);
  if (data === undefined) {
    data = JSON.parse(readFileSync(new URL(`../data/${name}.json`, import.meta.url), 'utf8'));
    loaded.set(name, data);
  }
  return data as T;
}

/** The regular expression a table entry describes. */
export function dataPattern(pattern: PatternData): RegExp {
  const source = typeof pattern.source === 'string' ? pattern.source : pattern.source.join('');
  return new RegExp(source, pattern.flags);
}
