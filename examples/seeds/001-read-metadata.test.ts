/**
 * 001-read-metadata: the client code reads processor-added metadata from
 * `result.response.uiMessages`. The example runs as written; its `agent` (from `helpers.ts`)
 * is swapped for one with `MetadataProcessor` and a scripted model.
 */
import { Agent } from 'sluice/agent';
import { ScriptedModel } from 'sluice/test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MetadataProcessor } from './001-metadata-processor.js';

beforeEach(() => {
  vi.resetModules();
});

afterEach(() => {
  vi.doUnmock('./helpers.js');
  vi.restoreAllMocks();
});

async function runExample(agent: Agent): Promise<unknown[][]> {
  vi.doMock('./helpers.js', async (importOriginal) => ({ ...(await importOriginal<object>()), agent }));
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  await import('./001-read-metadata.js');
  return log.mock.calls;
}

describe('reading metadata (001-read-metadata)', () => {
  it('the example prints the customData MetadataProcessor added', async () => {
    const model = new ScriptedModel({ steps: ['Hi there'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      outputProcessors: [new MetadataProcessor()],
    });

    expect(await runExample(agent)).toEqual([['your data here']]);
    expect(model.calls).toHaveLength(1);
  });

  it('without the processor there is nothing to read (control)', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['Hi there'] }),
    });

    expect(await runExample(agent)).toEqual([[undefined]]);
  });
});
