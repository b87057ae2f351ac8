import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (p: string) => fileURLToPath(new URL(`./src/${p}`, import.meta.url));

const INCLUDE = ['src/**/*.test.ts', 'examples/**/*.test.ts', 'scripts/**/*.test.ts'];

/**
 * Test files that each need a module graph of their own. Everything else runs in the `shared`
 * project: one module graph per worker, reused file after file (`isolate: false`), which is what
 * makes the suite cheap (most of an isolated file's cost is evaluating `src/` again).
 *
 * A file belongs here when it changes the module registry itself: `vi.mock` / `vi.doMock`
 * (a mock registered by one file would stay registered for the next) or `vi.resetModules`
 * (the seed examples re-import the example module with its `helpers.js` swapped, per test).
 * Global state a shared file may touch (fake timers, env, stubbed globals, process listeners)
 * must be restored by the file itself; `vitest.shared-setup.ts` fails any file that leaves
 * it changed.
 */
const ISOLATED = [
  // records every RegExp built while importing each shipped module: needs modules not yet evaluated
  'src/util/regex-safety/regex-linear-time.test.ts',
  // vi.resetModules: needs a module graph where no Agent has registered the internal agent yet
  'src/processors/structured-output/agent-call.test.ts',
  // vi.mock of an optional dependency or an internal module
  'src/schema/convert-valibot.test.ts',
  'src/stores/sql/driver-missing.test.ts',
  'src/background/bullmq/driver-missing.test.ts',
  'src/processors/token-limiter/count-cache-in-use.test.ts',
  // vi.resetModules + vi.doMock('./helpers.js'): the example runs as written against a swapped agent
  'examples/workflow-branch.test.ts',
  'examples/seeds/000-dynamic-model-processor.test.ts',
  'examples/seeds/000-dynamic-processors-agent.test.ts',
  'examples/seeds/000-per-call-output-processors.test.ts',
  'examples/seeds/001-background-work-signal.test.ts',
  'examples/seeds/001-client-custom-chunks.test.ts',
  'examples/seeds/001-dynamic-model-processor.test.ts',
  'examples/seeds/001-dynamic-token-limit.test.ts',
  'examples/seeds/001-ensure-final-response-agent.test.ts',
  'examples/seeds/001-execution-order.test.ts',
  'examples/seeds/001-moderated-agent.test.ts',
  'examples/seeds/001-moderation-workflow.test.ts',
  'examples/seeds/001-per-call-token-limiter.test.ts',
  'examples/seeds/001-read-metadata.test.ts',
  'examples/seeds/001-redis-server-cache.test.ts',
  'examples/seeds/001-response-cache-custom-key.test.ts',
  'examples/seeds/001-response-cache-quickstart.test.ts',
  'examples/seeds/001-response-cache-request-context.test.ts',
  'examples/seeds/001-response-cache-scope.test.ts',
  'examples/seeds/001-support-agent.test.ts',
  'examples/seeds/001-token-limiter-agent.test.ts',
];

/** Seeded cases each property test runs when neither `SLUICE_PROPERTY_RUNS` nor `CI` is set. */
const LOCAL_PROPERTY_RUNS = 50;

/**
 * How many seeded cases each property test runs (`inject('propertyRuns')`): `SLUICE_PROPERTY_RUNS`
 * (a positive integer, or `full`); otherwise every test's own full count when `CI` is set, and
 * `LOCAL_PROPERTY_RUNS` locally. `null` stands for "the test's full count".
 */
function propertyRuns(env: NodeJS.ProcessEnv): number | null {
  const raw = env.SLUICE_PROPERTY_RUNS?.trim();
  if (raw === undefined || raw === '') {
    const ci = env.CI;
    return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0' ? null : LOCAL_PROPERTY_RUNS;
  }
  if (raw === 'full') return null;
  const runs = Number(raw);
  if (!Number.isSafeInteger(runs) || runs < 1)
    throw new Error(
      `SLUICE_PROPERTY_RUNS must be a positive integer or "full", got "${raw}": set it to e.g. 500, or unset it.`,
    );
  return runs;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Seeded cases per property test; `null`: the test's own full count (see `propertyRuns`). */
    propertyRuns: number | null;
  }
}

export default defineConfig({
  resolve: {
    alias: [
      { find: /^sluice$/, replacement: src('index.ts') },
      { find: /^sluice\/(.*)$/, replacement: src('$1/index.ts') },
    ],
  },
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    provide: { propertyRuns: propertyRuns(process.env) },
    // Worker threads start faster and cost less than child processes; nothing here needs a
    // process of its own (the tests that do spawn children with `node:child_process`).
    pool: 'threads',
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: INCLUDE,
          exclude: ISOLATED,
          isolate: false,
          setupFiles: ['./vitest.shared-setup.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'isolated', include: ISOLATED, isolate: true },
      },
    ],
  },
});
