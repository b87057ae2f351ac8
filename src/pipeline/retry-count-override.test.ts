/**
 * A `processInputStep` result may set `retryCount` (README: it "changes the value hooks see, not
 * the retry budget"). The run's own counts — the budget and the `finish` chunk's
 * `processorRetryCount` — are the runner's and stay what was really spent.
 */
import { describe, expect, it } from 'vitest';
import { Agent } from '../agent/index.js';
import type { ChunkType } from '../stream/index.js';
import { ScriptedModel } from '../test/index.js';

describe('retryCount override', () => {
  it('shifts the value later hooks see, but processorRetryCount reports the replays spent', async () => {
    const seen: number[] = [];
    let rejected = false;
    const model = new ScriptedModel({ steps: () => 'Answer.' });
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model,
      inputProcessors: [{ id: 'shift', processInputStep: () => ({ retryCount: 10 }) }],
      outputProcessors: [
        {
          id: 'once',
          processOutputStep: ({ abort, retryCount }) => {
            seen.push(retryCount);
            if (!rejected) {
              rejected = true;
              abort('again', { retry: true });
            }
          },
        },
      ],
      maxProcessorRetries: 1,
    });
    const output = await agent.stream('q');
    const chunks: ChunkType[] = [];
    for await (const chunk of output.fullStream) chunks.push(chunk);
    expect(model.calls).toHaveLength(2);
    // Hooks see the override (re-applied on the replay)…
    expect(seen).toEqual([10, 10]);
    // …the run reports what it really spent.
    const finish = chunks.at(-1);
    expect(finish?.type === 'finish' && finish.payload.processorRetryCount).toBe(1);
  });
});
