/**
 * The detector's tables ship as data: every file under `data/` is read by a detector module
 * (none is orphaned, none is missing), and the build copies them into `dist/`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dataPattern, piiData } from './data.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const DATA = fileURLToPath(new URL('../data/', import.meta.url));

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

describe('PII detector data files', () => {
  const files = walk(DATA)
    .filter((f) => f.endsWith('.json'))
    .map((f) => relative(DATA, f).replace(/\.json$/, ''))
    .sort();
  const sources = readdirSync(HERE)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => readFileSync(join(HERE, f), 'utf8'))
    .join('\n');
  const named = [...sources.matchAll(/piiData<[^>]*?>\(\s*'([^']+)'\s*,?\s*\)/gs)].map((m) => m[1] as string);

  it('every file under data/ is read by a detector module, and every file read exists', () => {
    expect(files.length).toBeGreaterThan(0);
    expect([...new Set(named)].sort()).toEqual(files);
  });

  it('the build ships them: tsconfig.build.json includes src/**/*.json and excludes no data folder', () => {
    const root = fileURLToPath(new URL('../../../../', import.meta.url));
    const build = JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8')) as {
      include: string[];
      exclude: string[];
    };
    expect(build.include).toContain('src/**/*.json');
    expect(build.exclude.some((p) => p.includes('data'))).toBe(false);
  });

  it('a file is parsed once: the same object comes back on every read', () => {
    expect(piiData('cues')).toBe(piiData('cues'));
  });

  it('a pattern table entry compiles to its joined source and flags', () => {
    const re = dataPattern({ source: ['(?:a|', 'b)'], flags: 'giu' });
    expect(re.source).toBe('(?:a|b)');
    expect(re.flags).toBe('giu');
  });
});
