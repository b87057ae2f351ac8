import type { Processor } from '../pipeline/types.js';
import { PrefillErrorHandler } from '../processors/prefill-error-handler/index.js';
import { ProviderHistoryCompat } from '../processors/provider-history-compat/index.js';
import { StreamErrorRetryProcessor } from '../processors/stream-error-retry/index.js';
import { UnsupportedFileHandler } from '../processors/unsupported-file-handler/index.js';
import type { DefaultErrorProcessorId } from './resolve-error-processors.js';

/** A new instance of the default error processor with this id, with its default options. */
export function createDefaultErrorProcessor(id: DefaultErrorProcessorId): Processor {
  switch (id) {
    case 'provider-history-compat':
      return new ProviderHistoryCompat();
    case 'prefill-error-handler':
      return new PrefillErrorHandler();
    case 'unsupported-file-handler':
      return new UnsupportedFileHandler();
    case 'stream-error-retry-processor':
      return new StreamErrorRetryProcessor();
  }
}
