import { describe, expect, it } from 'vitest';
import { MessageList } from './message-list.js';
import type { MastraDBMessage } from './types.js';

/** Exercise every MessageList operation over `n` messages; returns elapsed ms. */
function workload(n: number): number {
  const start = performance.now();
  const list = new MessageList({ threadId: 't' });
  const half = n / 2;
  list.add(
    Array.from({ length: half }, (_, i) => `question ${i}`),
    'memory',
  );
  for (let i = 0; i < half; i++) {
    const message: MastraDBMessage = {
      id: `a${i}`,
      role: 'assistant',
      createdAt: new Date(i),
      content: {
        format: 2,
        parts: [
          { type: 'step-start' },
          {
            type: 'tool-invocation',
            toolInvocation: { state: 'call', toolCallId: `c${i}`, toolName: 't', args: { i } },
          },
        ],
      },
    };
    list.add(message, 'response');
  }
  for (let i = 0; i < half; i++) {
    list.updateToolInvocation({
      type: 'tool-invocation',
      toolInvocation: { state: 'result', toolCallId: `c${i}`, toolName: 't', args: undefined, result: i },
    });
  }
  for (let i = 0; i < half; i += 10)
    list.add({ id: `a${i}`, role: 'assistant', content: `replaced ${i}` }, 'response');
  list.add(
    { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 't', result: 'late' }] },
    'response',
  );
  list.add('latest', 'input');
  expect(list.getLatestUserContent()).toBe('latest');
  list.get.all.db();
  list.get.all.ui();
  list.get.all.core();
  list.get.all.prompt();
  list.get.response.db();
  list.makeMessageSourceChecker();
  list.drainUnsavedMessages();
  for (let i = 1; i < half; i += 2) list.removeByIds([`a${i}`]);
  expect(list.get.response.db()).toHaveLength(half / 2);
  list.get.all.prompt();
  return performance.now() - start;
}

describe('MessageList linearity', () => {
  it('scales linearly: 20,000 messages cost under 30× what 2,000 cost', () => {
    workload(2_000); // warm up the JIT
    workload(20_000);
    // The 2,000 case is timed as ten back-to-back runs (same total work as one 20,000 run) so
    // both measurements last equally long and machine load hits them alike; the fastest of three
    // interleaved rounds counts. Linear code gives a ratio near 10, quadratic code near 100.
    let small = Number.POSITIVE_INFINITY;
    let large = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 3; round++) {
      let total = 0;
      for (let i = 0; i < 10; i++) total += workload(2_000);
      small = Math.min(small, total / 10);
      large = Math.min(large, workload(20_000));
    }
    expect(large / small).toBeLessThan(30);
  });
});
