/** The README's "Unit-testing a processor" example, run as written (import specifiers aside). */
import { RegexFilterProcessor } from 'sluice/processors';
import { createProcessorHarness, finishChunk } from 'sluice/test';
import { expect, it } from 'vitest';

it('README test-kit example: a key split across three chunks leaves the processor redacted', async () => {
  const h = createProcessorHarness(new RegexFilterProcessor({ presets: ['secrets'], strategy: 'redact' }), {
    messages: ['Deploy it'],
    system: 'You are a deploy bot',
  });
  const run = await h.processOutputStream([
    'key: sk-live-',
    '4f9a8b7c6d5e',
    '3f2a1b0c9d8e ok',
    finishChunk(),
  ]);
  const text = run.chunks.flatMap((c) => (c.type === 'text-delta' ? [c.payload.text] : [])).join('');
  expect(text).toBe('key: [REDACTED] ok');
  expect(run.chunks.at(-1)?.type).toBe('finish');
  // Held back (carry-over) until the stream closes, then released once, redacted.
  expect(run.dropped).toHaveLength(3);
  expect(run.tripwire).toBeUndefined();
  expect(run.messages).toHaveLength(1);
});
