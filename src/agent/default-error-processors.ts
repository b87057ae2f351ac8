import { PrefillErrorHandler } from '../processors/prefill-error-handler.js';
import { ProviderHistoryCompat } from '../processors/provider-history-compat.js';
import { StreamErrorRetryProcessor } from '../processors/stream-error-retry-processor.js';
import type { Processor } from '../processors/types.js';
import { UnsupportedFileHandler } from '../processors/unsupported-file-handler.js';
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
