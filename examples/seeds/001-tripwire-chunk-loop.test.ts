/**
 * 001-tripwire-chunk-loop: a client detects a blocked response by the `tripwire` chunk on
 * `fullStream`, whose payload names the processor and the reason.
 */
import { Agent } from 'sluice/agent';
import type { Processor } from 'sluice/processors';
import { ScriptedModel } from 'sluice/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentFilter } from './000-content-filter.js';
import { watchForTripwire } from './001-tripwire-chunk-loop.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('watching for the tripwire chunk (001-tripwire-chunk-loop)', () => {
  it('an output-stream abort is reported with the processor id and the reason', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: ['Fine. ', 'Something forbidden.'] }] }),
      outputProcessors: [new ContentFilter(['forbidden'])],
    });

    await watchForTripwire(await agent.stream('go'));

    expect(log.mock.calls).toEqual([
      ['Blocked by', 'content-filter', '-', 'Blocked content detected in output'],
    ]);
  });

  it('an input abort is reported the same way, with its metadata on the chunk', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const guard = {
      id: 'pii-guard',
      processInput: ({ abort }) =>
        abort('Blocked content detected', { retry: false, metadata: { category: 'pii' } }),
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['never'] });
    const agent = new Agent({ id: 'a', instructions: 'x', model, inputProcessors: [guard] });

    const output = await agent.stream('my ssn is 123-45-6789');
    await watchForTripwire(output);

    expect(log.mock.calls).toEqual([['Blocked by', 'pii-guard', '-', 'Blocked content detected']]);
    expect(model.calls).toHaveLength(0);
    expect(output.tripwire).toMatchObject({ metadata: { category: 'pii' }, processorId: 'pii-guard' });
  });

  it('a normal run has no tripwire chunk: nothing is logged', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['All fine.'] }),
      outputProcessors: [new ContentFilter(['forbidden'])],
    });

    const output = await agent.stream('go');
    await watchForTripwire(output);

    expect(log).not.toHaveBeenCalled();
    expect(output.status).toBe('success');
  });
});
