export type { ConfigurationErrorCode, ProcessorErrorCode, SluiceErrorCode, ToolErrorCode } from './codes.js';
export { ConfigurationError } from './configuration-error.js';
export { DataTooDeepError } from './data-too-deep-error.js';
export { DownloadAssetsError } from './download-assets-error.js';
export { ProcessorError, type ProcessorHookName } from './processor-error.js';
export { ProviderCallError } from './provider-call-error.js';
export { SluiceError, type SluiceErrorOptions } from './sluice-error.js';
