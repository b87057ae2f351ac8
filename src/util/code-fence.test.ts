/**
 * Code fences and tagged blocks found without a backtracking regex: the same bodies the old
 * patterns returned, and an unclosed fence followed by a long blank run costs linear time.
 */
import { describe, expect, it } from 'vitest';
import { firstFencedBlock, wholeFencedBlock, withoutBlocks } from './code-fence.js';

describe('code fences, linearly', () => {
  it('firstFencedBlock: the first block, tag and leading blanks skipped, up to the next fence', () => {
    expect(firstFencedBlock('Here:\n```json\n{"a":1}\n```\nmore ```x```')).toBe('{"a":1}\n');
    expect(firstFencedBlock('```\n[1]```')).toBe('[1]');
    expect(firstFencedBlock('```JSON {"b":2}```', ['json', 'JSON'])).toBe('{"b":2}');
    expect(firstFencedBlock('no fence')).toBeUndefined();
    expect(firstFencedBlock('```json\n{"open": true}')).toBeUndefined();
  });

  it('wholeFencedBlock: only when the whole text is one block', () => {
    expect(wholeFencedBlock('```json\n {"a":1} \n```')).toBe('{"a":1}');
    expect(wholeFencedBlock('``````')).toBe('');
    expect(wholeFencedBlock('x ```json {}```')).toBeUndefined();
    expect(wholeFencedBlock('```')).toBeUndefined();
  });

  it('withoutBlocks: every closed block removed, an unclosed one kept', () => {
    expect(withoutBlocks('a<m>x</m>b<m>y</m>c', '<m>', '</m>')).toBe('abc');
    expect(withoutBlocks('a<m>x', '<m>', '</m>')).toBe('a<m>x');
  });

  it('an unclosed fence before 200,000 blanks, or 20,000 repeated tags, is read at once', () => {
    const start = performance.now();
    firstFencedBlock(`\`\`\`\t${'\t'.repeat(200_000)}`);
    wholeFencedBlock(`\`\`\`json${' '.repeat(200_000)}x`);
    withoutBlocks('<working_memory>'.repeat(20_000), '<working_memory>', '</working_memory>');
    expect(performance.now() - start).toBeLessThan(500);
  });
});
