/**
 * 001-client-custom-chunks: the client loop reads `data-moderation-update` chunks from
 * `fullStream` and shows `chunk.data.moderatedText`. The example runs as written; its `agent`
 * and `updateDisplayedMessage` (from `helpers.ts`) are swapped for an agent with the seed's
 * ModerationProcessor on a scripted model, and a spy.
 */
import { Agent } from 'sluice/agent';
import { ScriptedModel } from 'sluice/test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModerationProcessor } from './001-moderation-writer.js';

beforeEach(() => {
  vi.resetModules();
});

afterEach(() => {
  vi.doUnmock('./helpers.js');
});

async function runExample(text: string) {
  const model = new ScriptedModel({ steps: [text] });
  const agent = new Agent({
    id: 'a',
    instructions: 'x',
    model,
    outputProcessors: [new ModerationProcessor()],
  });
  const updateDisplayedMessage = vi.fn();
  vi.doMock('./helpers.js', async (importOriginal) => ({
    ...(await importOriginal<object>()),
    agent,
    updateDisplayedMessage,
  }));
  await import('./001-client-custom-chunks.js');
  return { model, updateDisplayedMessage };
}

describe('client reading custom chunks (001-client-custom-chunks)', () => {
  it('the client shows the moderated text it reads from the data-moderation-update chunk', async () => {
    const { model, updateDisplayedMessage } = await runExample('Oh hell, not again.');

    expect(model.calls).toHaveLength(1);
    expect(updateDisplayedMessage.mock.calls).toEqual([['Oh ****, not again.']]);
  });

  it('with nothing to moderate the client receives no update', async () => {
    const { updateDisplayedMessage } = await runExample('All good here.');

    expect(updateDisplayedMessage).not.toHaveBeenCalled();
  });
});
