/**
 * PIIDetector stays linear on hostile input: long runs of one character class (the shape a
 * backtracking pattern is weakest on) finish in milliseconds, on input, through an agent and
 * through `checkToolResults`. The proof that no pattern can backtrack super-linearly is
 * `src/util/regex-safety/regex-linear-time.test.ts`; these are coarse regressions whose sizes
 * took seconds to minutes with the old patterns (4,000 spaces: about a minute).
 */
import { Agent } from 'sluice/agent';
import { detectPII, PIIDetector } from 'sluice/processors';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/** Runs of each character class, and a few mixed runs, as they would sit after a greeting. */
const CLASSES: Record<string, string> = {
  spaces: ' ',
  tabs: '\t',
  'spaces and tabs': ' \t',
  newlines: '\n',
  'blank lines with indent': '\n \t',
  digits: '7',
  'lowercase letters': 'a',
  'capitalised words': 'Ab ',
  'upper case': 'A',
  'capitals and dots': 'BL.',
  punctuation: '.,;:!?',
  colons: ':',
  'at signs': '@',
  dashes: '-',
  'hex digits': 'f0',
  'token-like': 'eyJ',
  'CJK ideographs': '山',
  Hangul: '가',
  kana: 'あ',
  'mixed prose': 'a1 .\tB,',
};

function elapsed(fn: () => unknown): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

describe('PIIDetector: linear time on runs of one character class', () => {
  it.each(Object.entries(CLASSES))(
    '%s: 4,000 and 40,000 characters each finish well under a second',
    (_, unit) => {
      const run = (n: number) => `hi ${unit.repeat(Math.ceil(n / unit.length)).slice(0, n)} bye`;
      // The small size first: a super-linear pattern fails here in seconds instead of hanging.
      expect(elapsed(() => detectPII(run(4_000)))).toBeLessThan(1_000);
      expect(elapsed(() => detectPII(run(40_000)))).toBeLessThan(1_000);
    },
  );

  it('an agent with the default PIIDetector answers a message of 4,000 spaces at once', async () => {
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'x', model, inputProcessors: [new PIIDetector()] });
    const start = performance.now();
    const result = await agent.generate(`hi${' '.repeat(4_000)}`);
    expect(performance.now() - start).toBeLessThan(1_000);
    expect(result.text).toBe('ok');
  });

  it('checkToolResults: a tool result of 4,000 tabs and spaces is checked at once', async () => {
    const tool = createTool({
      id: 'fetch-page',
      description: 'Fetch a page',
      inputSchema: z.object({}),
      execute: async () => ({ body: `hi${' \t'.repeat(2_000)}`, note: `Jane Doe${' '.repeat(4_000)}` }),
    });
    const model = new ScriptedModel({ steps: [{ toolCalls: [{ toolName: 'fetch-page', args: {} }] }, 'ok'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { 'fetch-page': tool },
      outputProcessors: [new PIIDetector({ checkToolResults: true })],
    });
    const start = performance.now();
    const result = await agent.generate('fetch it');
    expect(performance.now() - start).toBeLessThan(1_000);
    expect(result.text).toBe('ok');
  });
});
