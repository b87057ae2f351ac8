/**
 * A built-in given an option value that cannot become a string (`Object.create(null)`) fails with
 * its named `PROCESSOR_INVALID_OPTIONS` error, not a raw `TypeError` from building the message.
 */
import { describe, expect, it } from 'vitest';
import {
  BatchPartsProcessor,
  StreamErrorRetryProcessor,
  ToolCallFilter,
  ToolSearchProcessor,
} from './index.js';

const odd = () => Object.create(null) as never;

describe('unprintable option values are named errors', () => {
  it.each([
    ['ToolCallFilter filterAfterToolSteps', () => new ToolCallFilter({ filterAfterToolSteps: odd() })],
    ['BatchPartsProcessor batchSize', () => new BatchPartsProcessor({ batchSize: odd() })],
    [
      'ToolSearchProcessor search.topK',
      () => new ToolSearchProcessor({ tools: {}, search: { topK: odd() } }),
    ],
    ['StreamErrorRetryProcessor maxRetries', () => new StreamErrorRetryProcessor({ maxRetries: odd() })],
  ])('%s', (_name, make) => {
    expect(make).toThrow(expect.objectContaining({ code: 'PROCESSOR_INVALID_OPTIONS' }));
  });
});
