/**
 * README "Structured output with a second model": processors placed after the structuring
 * processor see its `object` chunks, and "what they pass on is what the run keeps".
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '../../agent/agent.js';
import type { Processor } from '../../pipeline/types.js';
import { ScriptedModel } from '../../test/index.js';
import { StructuredOutputProcessor } from './index.js';

const Weather = z.object({ city: z.string(), tempC: z.number() });

function run(after: Processor) {
  const structuring = new StructuredOutputProcessor({
    schema: Weather,
    model: new ScriptedModel({ modelId: 'structurer', steps: ['{"city":"Oslo","tempC":4}'] }),
  });
  return new Agent({
    id: 'a',
    instructions: 'x',
    model: new ScriptedModel({ modelId: 'main', steps: [{ text: ['It is 4°C in Oslo.'] }] }),
    outputProcessors: [structuring, after] as never,
  }).generate('Weather?');
}

describe('an output processor after StructuredOutputProcessor', () => {
  it('that drops the object chunks: the run keeps no object', async () => {
    const dropper: Processor = {
      id: 'drop-objects',
      processOutputStream: async ({ part }) =>
        part.type === 'object' || part.type === 'object-result' ? null : part,
    };
    const result = await run(dropper);
    expect(result.text).toBe('It is 4°C in Oslo.');
    expect(result.object).toBeUndefined();
    const stored = result.response.uiMessages?.at(-1)?.metadata as { structuredOutput?: unknown } | undefined;
    expect(stored?.structuredOutput).toBeUndefined();
  });

  it('that rewrites the object-result: the run keeps the rewritten object', async () => {
    const rewriter: Processor = {
      id: 'rewrite',
      processOutputStream: async ({ part }) =>
        part.type === 'object-result' ? { ...part, object: { city: 'OSLO', tempC: 4 } } : part,
    };
    expect((await run(rewriter)).object).toEqual({ city: 'OSLO', tempC: 4 });
  });
});
