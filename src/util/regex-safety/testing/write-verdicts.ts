/**
 * `npm run regex:verdicts`: analyses every regular expression Sluice compiles with the
 * deterministic recheck parameters and rewrites `src/util/regex-safety/testing/regex-verdicts.json`
 * (sorted, stable JSON). Run it after adding, editing or removing a pattern, or after a recheck
 * upgrade; the linear-time check says when.
 *
 * `npm run regex:verdicts -- --incremental` keeps the stored verdict of every pattern still
 * found, analyses only the new ones and drops those no longer found: minutes instead of half an
 * hour after a small change. The stored verdicts were derived with the same deterministic
 * parameters, so the file is the one a full run writes; CI still re-derives every verdict live
 * and compares. When the file was written by another recheck version or with other parameters,
 * nothing stored is reused and every pattern is analysed.
 *
 * It runs the linear-time check itself with `REGEX_VERDICTS_WRITE=1`, because the patterns a
 * dependency builds while being imported are attributed through the test runner's module
 * loader (Node's own ESM loader leaves the importing line off the stack): the file must hold
 * exactly the set the check sees.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url)).replace(/\/$/, '');

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--incremental');
if (unknown.length > 0) {
  console.error(`regex:verdicts: unknown argument ${unknown.join(' ')}; the only option is --incremental.`);
  process.exit(2);
}
const incremental = args.includes('--incremental');

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
  { cwd: ROOT, stdio: 'inherit', env: { ...env, REGEX_VERDICTS_WRITE: incremental ? 'incremental' : '1' } },
);
console.log(
  `src/util/regex-safety/testing/regex-verdicts.json rewritten${incremental ? ' (incremental)' : ''} in ${((performance.now() - started) / 1000).toFixed(0)} s` +
    (run.status === 0 ? '' : ' (the linear-time check failed: see above)'),
);
process.exit(run.status ?? 1);
