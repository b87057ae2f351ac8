/**
 * A structured answer nested deeper than MAX_JSON_DEPTH (thousands of arrays) is an invalid
 * answer like any other (README "Behaviour worth knowing"): the call's `errorStrategy` applies,
 * and `'strict'` rejects with `STRUCTURED_OUTPUT_INVALID`; a stack-overflow `RangeError` never
 * escapes, from partial parsing, the final parse, or the structuring processor.
 */
import { describe, expect, it, vi } from 'vitest';
import { SluiceError } from '../errors/sluice-error.js';
import { ScriptedModel } from '../test/index.js';
import { MAX_JSON_DEPTH } from '../util/partial-json.js';
import { Agent } from './agent.js';

const LEVELS = 20_000;
const deepArrays = `${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}`;
const deepObjects = `${'{"a":'.repeat(LEVELS)}1${'}'.repeat(LEVELS)}`;

function chop(text: string, size = 64): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function agentAnswering(text: string): Agent {
  return new Agent({
    id: 'deep',
    instructions: 'x',
    model: new ScriptedModel({ steps: [{ text: chop(text) }] }),
  });
}

describe(`structured answers nested deeper than ${MAX_JSON_DEPTH} levels`, () => {
  it.each([
    ['arrays', deepArrays],
    ['objects', deepObjects],
  ])(
    "deep %s under errorStrategy 'warn': the run succeeds, object undefined, one warning",
    async (_, text) => {
      const warn = vi.fn();
      const result = await agentAnswering(text).generate('go', {
        structuredOutput: { schema: { type: ['array', 'object'] }, errorStrategy: 'warn', logger: { warn } },
      });
      expect(result.object).toBeUndefined();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[0]).toMatch(new RegExp(`deeper than ${MAX_JSON_DEPTH} levels`));
    },
  );

  it("deep arrays under errorStrategy 'fallback': the object is fallbackValue (streamed too)", async () => {
    const output = await agentAnswering(deepArrays).stream('go', {
      structuredOutput: { schema: { type: 'array' }, errorStrategy: 'fallback', fallbackValue: ['fallback'] },
    });
    const types: string[] = [];
    for await (const chunk of output.fullStream) types.push(chunk.type);
    expect(output.status).toBe('success');
    expect(types).not.toContain('error');
    expect(await output.object).toEqual(['fallback']);
  });

  it("deep arrays under 'strict': generate() rejects with STRUCTURED_OUTPUT_INVALID, not a RangeError", async () => {
    const run = agentAnswering(deepArrays).generate('go', {
      structuredOutput: { schema: { type: 'array' } },
    });
    await expect(run).rejects.toBeInstanceOf(SluiceError);
    await expect(run).rejects.toMatchObject({
      code: 'STRUCTURED_OUTPUT_INVALID',
      message: expect.stringMatching(/the model's answer nests arrays\/objects deeper than 256 levels/),
    });
  });

  it('nesting at the bound is accepted', async () => {
    const text = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    const result = await agentAnswering(text).generate('go', {
      structuredOutput: { schema: { type: 'array' } },
    });
    expect(JSON.stringify(result.object)).toBe(text);
  });

  it("a structuring model (structuredOutput.model) answering with deep JSON: 'fallback' applies", async () => {
    const main = new ScriptedModel({ steps: [{ text: 'Oslo, 4 degrees.' }] });
    const structurer = new ScriptedModel({ steps: [{ text: chop(deepArrays) }] });
    const agent = new Agent({ id: 'deep', instructions: 'x', model: main });
    const result = await agent.generate('go', {
      structuredOutput: {
        schema: { type: 'array' },
        model: structurer,
        errorStrategy: 'fallback',
        fallbackValue: ['fallback'],
      },
    });
    expect(result.object).toEqual(['fallback']);
  });
});
