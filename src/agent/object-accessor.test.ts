/**
 * `output.object` rejects on a strict structured-output failure, but only for whoever awaits it:
 * reading the property without awaiting must not leave an unhandled rejection behind.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ScriptedModel } from '../test/index.js';
import { Agent } from './agent.js';

describe('output.object', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
  });
  afterEach(() => void process.off('unhandledRejection', onUnhandled));

  it('accessed and not awaited, a strict failure leaves no unhandled rejection; awaited, it still rejects', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['not json'] }),
    });
    const output = await agent.stream('hi', { structuredOutput: { schema: z.object({ n: z.number() }) } });
    void output.object;
    await output.consumeStream();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unhandled).toEqual([]);
    await expect(output.object).rejects.toThrow();
  });
});
