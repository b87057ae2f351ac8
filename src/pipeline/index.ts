/**
 * The processor pipeline's public surface: processor types, `TripWire` and the pipeline's errors
 * (validation and tracing helpers are internal). `sluice/processors`
 * re-exports all of it beside the built-in processors.
 */
export { DownloadAssetsError } from '../errors/download-assets-error.js';
export { ProcessorError, type ProcessorHookName } from '../errors/processor-error.js';
export { TripWire } from '../errors/tripwire.js';
export * from './types.js';
