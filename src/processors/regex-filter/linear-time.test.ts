/**
 * Every preset of RegexFilterProcessor stays linear on hostile input, on input and in the
 * stream: long runs of one character class finish in milliseconds. The proof that no preset
 * pattern can backtrack super-linearly is `src/util/regex-safety/regex-linear-time.test.ts`;
 * these are coarse regressions at sizes the old patterns needed seconds for (the password
 * and bearer-token lookbehinds rescanned a blank run from every blank: 32,000 spaces, 8 s).
 */
import { describe, expect, it } from 'vitest';
import { createProcessorHarness, finishChunk, textDelta } from '../../test/processor-harness.js';
import { RegexFilterProcessor } from './index.js';
import type { RegexFilterPreset } from './presets.js';

const PRESETS: RegexFilterPreset[] = ['pii', 'secrets', 'urls'];

/** Runs of each character class, and the prefixes a preset anchors on followed by a run. */
const RUNS: Record<string, string> = {
  spaces: ' '.repeat(40_000),
  tabs: '\t'.repeat(40_000),
  'password cue then blanks': `password${' \t'.repeat(20_000)}`,
  'bearer then blanks': `Bearer${' '.repeat(40_000)}`,
  digits: '4'.repeat(40_000),
  'digit groups': '4111 '.repeat(8_000),
  letters: 'a'.repeat(40_000),
  'token characters': 'sk-'.repeat(13_000),
  'jwt prefixes': 'eyJ'.repeat(13_000),
  'dotted words': 'a.'.repeat(20_000),
  'at signs': 'a@'.repeat(20_000),
  'url then punctuation': `https://a${'.'.repeat(40_000)}`,
  'key header then text': `-----BEGIN RSA PRIVATE KEY-----${'A '.repeat(20_000)}`,
  punctuation: '.,;:!?'.repeat(7_000),
  'mixed prose': 'a1 .\tB,='.repeat(5_000),
};

async function timeInput(text: string): Promise<number> {
  const h = createProcessorHarness(new RegexFilterProcessor({ presets: PRESETS, strategy: 'redact' }), {
    messages: text,
  });
  const start = performance.now();
  await h.processInput();
  return performance.now() - start;
}

async function timeStream(text: string): Promise<number> {
  const h = createProcessorHarness(new RegexFilterProcessor({ presets: PRESETS, strategy: 'redact' }));
  const pieces = [];
  for (let i = 0; i < text.length; i += 8_000) pieces.push(textDelta(text.slice(i, i + 8_000)));
  const start = performance.now();
  await h.processOutputStream([...pieces, finishChunk()]);
  return performance.now() - start;
}

describe('RegexFilterProcessor presets: linear time on runs of one character class', () => {
  it.each(Object.entries(RUNS))(
    '%s: about 40,000 characters on input finish well under a second',
    async (_, run) => {
      // A tenth first: a super-linear preset fails here in seconds instead of hanging.
      expect(await timeInput(run.slice(0, run.length / 10))).toBeLessThan(1_000);
      expect(await timeInput(run)).toBeLessThan(1_000);
    },
  );

  it.each(Object.entries(RUNS))(
    '%s: the same text streamed in 8,000-character chunks finishes at once',
    async (_, run) => {
      expect(await timeStream(run.slice(0, run.length / 10))).toBeLessThan(1_000);
      expect(await timeStream(run)).toBeLessThan(1_500);
    },
  );
});
