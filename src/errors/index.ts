/**
 * `sluice/errors`: the error classes every Sluice error derives from or is (`SluiceError` with its
 * stable `code`, `ConfigurationError`, `ProcessorError`, `ProviderCallError`, …) and the code
 * types. Errors of one concept also come from its subpath (`ToolExecutionError` from
 * `sluice/tools`, `MemoryError` from `sluice/memory`, `GuardrailCheckError` from
 * `sluice/processors`); the package root re-exports the ones a caller usually catches.
 */
export type { ConfigurationErrorCode, ProcessorErrorCode, SluiceErrorCode, ToolErrorCode } from './codes.js';
export { ConfigurationError } from './configuration-error.js';
export { DataTooDeepError } from './data-too-deep-error.js';
export { DownloadAssetsError } from './download-assets-error.js';
export { ProcessorError, type ProcessorHookName } from './processor-error.js';
export { ProviderCallError } from './provider-call-error.js';
export { RecordingError, ReplayedFailureError, ReplayMismatchError } from './recording-errors.js';
export { SluiceError, type SluiceErrorOptions } from './sluice-error.js';
