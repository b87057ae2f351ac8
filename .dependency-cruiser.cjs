// Import boundaries of Sluice, checked by dependency-cruiser in `npm test` (script `check:boundaries`).
// The rules and the reasons behind them are written down in CONTRIBUTING.md ("Import boundaries").
//
// Scope: library code under src/ — the files that ship. Tests (`*.test.ts`, `*.test-d.ts`) and test
// support (`src/**/testing/**`) may reach across boundaries to wire up integration scenarios, so the
// layering rules leave them out; the cycle rule still covers test support.

/** Files the layering rules do not apply to: tests and test support. */
const TESTS = '(\\.test(-d)?\\.ts$|/testing/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      // A runtime cycle makes module evaluation order decide whether a binding is initialised, and
      // keeps two modules from being understood (or tree-shaken) apart. `import type` is erased at
      // compile time, so a cycle that passes through a type-only import is not a runtime cycle; a
      // dynamic import() is a runtime import like any other and can close one.
      name: 'no-runtime-cycles',
      severity: 'error',
      comment:
        'Runtime import cycle. Break it: move the shared piece down into a module both sides use, ' +
        'pass the dependency in as a parameter / registration, or split the file. Do not hide it ' +
        'behind a dynamic import().',
      from: { path: '^src/', pathNot: '\\.test(-d)?\\.ts$' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      // Processor pipelines are the lower layer; workflows run on top of them. A workflow in a lane
      // implements the pipeline's AS_LANE_PROCESSOR method (src/pipeline/lane-entry.ts), so the
      // pipeline never needs to know what a workflow is.
      name: 'pipeline-not-to-workflows',
      severity: 'error',
      comment: 'src/pipeline/ must not import src/workflows/ (workflows build on the pipeline, not the reverse).',
      from: { path: '^src/pipeline/', pathNot: TESTS },
      to: { path: '^src/workflows/' },
    },
    {
      // Memory is usable without an agent (stores, threads, recall); the agent uses memory.
      name: 'memory-not-to-agent',
      severity: 'error',
      comment: 'src/memory/ must not import src/agent/ (the agent uses memory, not the reverse).',
      from: { path: '^src/memory/', pathNot: TESTS },
      to: { path: '^src/agent/' },
    },
    {
      // Tools and background do not import each other: the dependency runs one way. The background
      // runtime runs tools, so it uses the tool runtime (resolve a tool, run a call); a tool knows
      // nothing of the runtime. The one thing a tool names is the task record its `background`
      // callbacks receive: a type from the contracts file src/background/types.ts (no imports,
      // erased at compile time), allowed by the next rule as `import type` only.
      name: 'tools-not-to-background',
      severity: 'error',
      comment:
        'src/tools/ must not import src/background/ (background runs tools, not the reverse). Declare ' +
        'what both need in src/tools/ (see src/tools/background-option.ts).',
      from: { path: '^src/tools/', pathNot: TESTS },
      to: { path: '^src/background/', pathNot: '^src/background/types\\.ts$' },
    },
    {
      name: 'tools-to-background-contracts-types-only',
      severity: 'error',
      comment: 'src/tools/ may read src/background/types.ts with `import type` only.',
      from: { path: '^src/tools/', pathNot: TESTS },
      to: { path: '^src/background/types\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      // The structured-output processor is a processor like any other: the agent may use it, it must
      // not reach back into the agent.
      name: 'structured-output-not-to-agent',
      severity: 'error',
      comment: 'src/processors/structured-output/ must not import src/agent/.',
      from: { path: '^src/processors/structured-output/', pathNot: TESTS },
      to: { path: '^src/agent/' },
    },
    {
      // The person-name detectors are layered (shared tables → single detectors → the combined
      // detector); a circle among them, even a type-only one, means that layering has been lost.
      name: 'pii-name-modules-no-circle',
      severity: 'error',
      comment:
        'The name modules of src/processors/pii-detector/ import each other in a circle. Move what ' +
        'they share into a lower module.',
      from: { path: '^src/processors/pii-detector/.*/name[^/]*\\.ts$', pathNot: TESTS },
      to: { path: '^src/processors/pii-detector/.*/name[^/]*\\.ts$', circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    // Read `import type` as a dependency of its own kind, so the rules can tell it from a value import.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'node', 'default'],
      extensions: ['.ts', '.js', '.json'],
    },
    cache: false,
  },
};
