/**
 * `npm run regex:verdicts`: analyses every regular expression Sluice compiles with the
 * deterministic recheck parameters and rewrites `src/util/regex-safety/testing/regex-verdicts.json`
 * (sorted, stable JSON). Run it after adding, editing or removing a pattern, or after a recheck
 * upgrade; the linear-time check says when.
 *
 * It runs the linear-time check itself with `REGEX_VERDICTS_WRITE=1`, because the patterns a
 * dependency builds while being imported are attributed through the test runner's module
 * loader (Node's own ESM loader leaves the importing line off the stack): the file must hold
 * exactly the set the check sees.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url)).replace(/\/$/, '');

// The file covers the whole repository, never a `REGEX_CHECK_DIRS` subset.
const { REGEX_CHECK_DIRS: _partial, ...env } = process.env;
const started = performance.now();
const run = spawnSync(
  process.execPath,
  [
    `${ROOT}/node_modules/vitest/vitest.mjs`,
    'run',
    'src/util/regex-safety/regex-linear-time.test.ts',
    '--testTimeout=3600000',
  ],
  { cwd: ROOT, stdio: 'inherit', env: { ...env, REGEX_VERDICTS_WRITE: '1' } },
);
console.log(
  `src/util/regex-safety/testing/regex-verdicts.json rewritten in ${((performance.now() - started) / 1000).toFixed(0)} s` +
    (run.status === 0 ? '' : ' (the linear-time check failed: see above)'),
);
process.exit(run.status ?? 1);
