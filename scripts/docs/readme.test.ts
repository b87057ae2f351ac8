import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(`${root}README.md`, 'utf8');

describe('the README stays a front page', () => {
  it('is at most 300 lines; the rest lives in docs/', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
  });

  it('links only to files that exist (the site link check does not read the README)', () => {
    const missing: string[] = [];
    // Markdown links with a relative target: ](path) or ](path#anchor).
    for (const match of readme.matchAll(/\]\(([^)\s#:]+)(?:#[^)\s]*)?\)/g)) {
      const target = match[1] as string;
      if (!existsSync(`${root}${target}`)) missing.push(target);
    }
    expect(missing).toEqual([]);
  });
});
