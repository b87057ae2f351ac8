/**
 * Built-in processors show a bad option's value the same way: strings quoted (`"3"`, not `3`),
 * control characters escaped, long values cut.
 */
import { describe, expect, it } from 'vitest';
import { createTool } from '../tools/index.js';
import { BatchPartsProcessor } from './batch-parts/index.js';
import { StreamErrorRetryProcessor } from './stream-error-retry/index.js';
import { ToolCallFilter } from './tool-call-filter/index.js';
import { ToolSearchProcessor } from './tool-search/index.js';

const t = createTool({ id: 't', description: 'a tool', execute: async () => 1 });

describe('processor option errors quote string values', () => {
  it.each<[string, () => unknown, string]>([
    [
      'BatchPartsProcessor batchSize',
      () => new BatchPartsProcessor({ batchSize: '3' as never }),
      '(got "3")',
    ],
    [
      'BatchPartsProcessor emitOnNonText',
      () => new BatchPartsProcessor({ emitOnNonText: 'yes\nno' as never }),
      '(got "yes\\nno")',
    ],
    [
      'StreamErrorRetryProcessor maxRetries',
      () => new StreamErrorRetryProcessor({ maxRetries: '2' as never }),
      '(got "2")',
    ],
    [
      'ToolCallFilter filterAfterToolSteps',
      () => new ToolCallFilter({ filterAfterToolSteps: '1' as never }),
      '(got "1")',
    ],
    [
      'ToolSearchProcessor search.topK',
      () => new ToolSearchProcessor({ tools: { t }, search: { topK: '5' as never } }),
      '(got "5")',
    ],
    [
      'ToolSearchProcessor storage (a bigint)',
      () => new ToolSearchProcessor({ tools: { t }, storage: 1n as never }),
      '(got 1n)',
    ],
  ])('%s', (_name, make, said) => {
    expect(make).toThrow(expect.objectContaining({ code: 'PROCESSOR_INVALID_OPTIONS' }));
    expect(make).toThrow(said);
  });
});
