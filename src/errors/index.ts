export { ConfigurationError } from './configuration-error.js';
export { SluiceError, type SluiceErrorOptions } from './sluice-error.js';
