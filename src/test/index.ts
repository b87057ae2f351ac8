/**
 * `sluice/test`: the public test kit. Scripted models (spec V2/V3/V4) that record every call,
 * and a local fake provider HTTP server with fault injection, for users' own tests.
 */
export * from './fake-provider/index.js';
export * from './processor-harness.js';
export { type ReplayModel, type ReplayModelOptions, replayModel } from './replay-model.js';
export * from './scripted-model.js';
export { seededRandom } from './seeded-random.js';
export { streamOnly } from './stream-only.js';
