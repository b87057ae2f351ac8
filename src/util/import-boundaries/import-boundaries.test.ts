/**
 * The import-boundary rules (`.dependency-cruiser.cjs`, run by `npm run check:boundaries`)
 * catch what they are written for, and only that: each rule is run against a small tree of
 * modules written to a temporary folder, with one import that breaks it and its allowed
 * neighbours (type-only imports, tests, test support).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)('../../../.dependency-cruiser.cjs') as {
  forbidden: IForbiddenRuleType[];
  options: { tsPreCompilationDeps: boolean };
};

/** Each module of the tree: its path and its source. */
const TREE: Record<string, string> = {
  // Pipeline / workflows.
  'src/workflows/w.ts': 'export const w = 1;',
  'src/pipeline/p.ts': "import { w } from '../workflows/w.js';\nexport const p = w;",
  'src/pipeline/p.test.ts': "import { w } from '../workflows/w.js';\nexport const t = w;",
  // Memory / agent: a type-only import counts too; test support may reach the agent.
  'src/agent/a.ts': 'export class A {}',
  'src/memory/m.ts': "import type { A } from '../agent/a.js';\nexport type M = A;",
  'src/memory/testing/fixture.ts': "import { A } from '../../agent/a.js';\nexport const f = new A();",
  // Tools / background: background may run tools; tools read background's contracts as types only.
  'src/background/types.ts': 'export interface TaskRecord { id: string }\nexport const KIND = 1;',
  'src/background/b.ts': "import { ok } from '../tools/ok.js';\nexport const b = ok;",
  'src/tools/ok.ts':
    "import type { TaskRecord } from '../background/types.js';\nexport const ok = (t: TaskRecord) => t;",
  'src/tools/runtime.ts': "import { b } from '../background/b.js';\nexport const r = b;",
  'src/tools/value-from-types.ts': "import { KIND } from '../background/types.js';\nexport const v = KIND;",
  // Structured output / agent.
  'src/processors/structured-output/s.ts': "import { A } from '../../agent/a.js';\nexport const s = A;",
  // A runtime cycle, and a cycle closed by a type-only import (not a runtime cycle).
  'src/x/one.ts': "import { two } from './two.js';\nexport const one = () => two;",
  'src/x/two.ts': "import { one } from './one.js';\nexport const two = () => one;",
  'src/y/one.ts': "import type { Two } from './two.js';\nexport const one = (t: Two) => t;",
  'src/y/two.ts': "import { one } from './one.js';\nexport type Two = { one: typeof one };",
  // Person-name modules: no circle at all, not even through a type.
  'src/processors/pii-detector/detect/name.ts':
    "import { casual } from './name-casual.js';\nexport type Found = string;\nexport const names = casual;",
  'src/processors/pii-detector/detect/name-casual.ts':
    "import type { Found } from './name.js';\nexport const casual = (f: Found) => f;",
};

let root: string;
let found: string[];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sluice-boundaries-'));
  for (const [path, source] of Object.entries(TREE)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), `${source}\n`);
  }
  const result = await cruise(
    ['src'],
    {
      baseDir: root,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      tsPreCompilationDeps: config.options.tsPreCompilationDeps,
    },
    { extensions: ['.ts', '.js'] },
  );
  const output = result.output as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  // A cycle is reported from one of its modules: name it by both ends, in a fixed order.
  const lines = output.summary.violations.map((v) =>
    /cycle|circle/.test(v.rule.name)
      ? `${v.rule.name}: ${[v.from, v.to].sort().join(' <-> ')}`
      : `${v.rule.name}: ${v.from} -> ${v.to}`,
  );
  found = [...new Set(lines)].sort();
}, 30_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('import-boundary rules', () => {
  it('report exactly the forbidden imports of the tree', () => {
    expect(found).toEqual(
      [
        'memory-not-to-agent: src/memory/m.ts -> src/agent/a.ts',
        'no-runtime-cycles: src/x/one.ts <-> src/x/two.ts',
        'pii-name-modules-no-circle: src/processors/pii-detector/detect/name-casual.ts <-> src/processors/pii-detector/detect/name.ts',
        'pipeline-not-to-workflows: src/pipeline/p.ts -> src/workflows/w.ts',
        'structured-output-not-to-agent: src/processors/structured-output/s.ts -> src/agent/a.ts',
        'tools-not-to-background: src/tools/runtime.ts -> src/background/b.ts',
        'tools-to-background-contracts-types-only: src/tools/value-from-types.ts -> src/background/types.ts',
      ].sort(),
    );
  });
});
