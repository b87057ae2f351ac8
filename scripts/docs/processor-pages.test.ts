/**
 * Every built-in processor exported from `sluice/processors` has its own page under
 * `docs/processors/`, linked from the processors overview and from the sidebar. A processor
 * added without a page fails here, naming it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as processors from '../../src/processors/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HOOKS = [
  'processInput',
  'processInputStep',
  'processLLMRequest',
  'processLLMResponse',
  'processOutputStream',
  'processOutputStep',
  'processOutputResult',
  'processAPIError',
  'processToolResult',
] as const;

/** Export names of each processor class (aliases such as `CostGuardProcessor` share a class). */
function processorClasses(): Map<unknown, string[]> {
  const byClass = new Map<unknown, string[]>();
  for (const [name, value] of Object.entries(processors)) {
    if (typeof value !== 'function' || typeof value.prototype !== 'object') continue;
    const prototype = value.prototype as Record<string, unknown>;
    if (!HOOKS.some((hook) => typeof prototype[hook] === 'function')) continue;
    byClass.set(value, [...(byClass.get(value) ?? []), name]);
  }
  return byClass;
}

/** Pages the overview links to, by the name in the link text: `[`Name`](./page.md)`. */
function overviewLinks(): Map<string, string> {
  const overview = readFileSync(join(ROOT, 'docs/processors/index.md'), 'utf8');
  const links = new Map<string, string>();
  for (const line of overview.split('\n')) {
    if (!line.startsWith('| [`')) continue;
    const close = line.indexOf('`](./');
    const end = line.indexOf('.md)', close);
    if (close < 0 || end < 0) continue;
    links.set(line.slice(4, close).replace(/\(\)$/, ''), line.slice(close + 5, end));
  }
  return links;
}

describe('processor pages', () => {
  const links = overviewLinks();
  const sidebar = readFileSync(join(ROOT, 'docs/.vitepress/config.ts'), 'utf8');

  it('finds the built-in processors (the export scan is not empty)', () => {
    expect(processorClasses().size).toBeGreaterThanOrEqual(20);
  });

  it('every built-in processor class has a page, linked from the overview and the sidebar', () => {
    const missing: string[] = [];
    for (const names of processorClasses().values()) {
      const page = names.map((name) => links.get(name)).find((found) => found !== undefined);
      if (page === undefined) {
        missing.push(`${names.join(' / ')}: no [\`Name\`](./page.md) link in docs/processors/index.md`);
      } else if (!existsSync(join(ROOT, 'docs/processors', `${page}.md`))) {
        missing.push(`${names.join(' / ')}: docs/processors/${page}.md does not exist`);
      } else if (!sidebar.includes(`link: '/processors/${page}'`)) {
        missing.push(
          `${names.join(' / ')}: /processors/${page} is not in the sidebar (docs/.vitepress/config.ts)`,
        );
      }
    }
    expect(missing).toEqual([]);
  });

  it('the background work signals factory has its page too', () => {
    expect(links.get('createBackgroundWorkSignalProcessor')).toBe('background-work-signals');
    expect(sidebar).toContain("link: '/processors/background-work-signals'");
  });
});
