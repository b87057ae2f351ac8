/**
 * The committed independent prompt-injection sets are exactly what their seeded generators write,
 * on any day: a regenerated file never drifts from the data the figures were measured on.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateIndependent3Lines } from '../../../eval/injection/generators/independent-3/generate.js';
import { generateIndependent4Rows } from '../../../eval/injection/generators/independent-4/generate.js';
import { generateIndependent5 } from '../../../eval/injection/generators/independent-5/generate.js';
import { generateIndependent6 } from '../../../eval/injection/generators/independent-6/generate.js';
import { generateIndependent7 } from '../../../eval/injection/generators/independent-7/generate.js';

const committed = (half: 'development' | 'heldout', set: number) =>
  readFileSync(
    new URL(`../../../eval/injection/data/${half}/independent-${set}.jsonl`, import.meta.url),
    'utf8',
  );
const jsonl = (rows: readonly unknown[]) => `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`;

afterEach(() => {
  vi.useRealTimers();
});

describe('each committed independent injection set is what its generator writes', () => {
  it.each([
    ['development', 3, () => generateIndependent3Lines()],
    ['development', 4, () => generateIndependent4Rows()],
    ['development', 5, () => generateIndependent5()],
    ['heldout', 6, () => generateIndependent6()],
    ['heldout', 7, () => generateIndependent7()],
  ] as const)('%s/independent-%i.jsonl', (half, set, generate) => {
    expect(jsonl(generate())).toBe(committed(half, set));
  });

  it('independent set 7 is the same when regenerated on another day (dates are drawn from a fixed day)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-15T04:00:00Z'));
    expect(jsonl(generateIndependent7())).toBe(committed('heldout', 7));
  });
});
