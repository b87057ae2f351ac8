/**
 * Usage recording and cost estimation (issue #14). Internal barrel: the public names are in
 * `public.ts` (re-exported by `sluice/processors`); this adds the helpers other modules share.
 */
export * from './public.js';
export { RunUsage, scopeKeysOf } from './run-usage.js';
export { fromNanoUsd, NANO_PER_USD, SCOPE_KEY_FIELD, toNanoUsd } from './scope.js';
