/**
 * `structuredOutput: { schema, model }` through a real `Agent` (README "Structured output
 * with a second model"): the agent appends a `StructuredOutputProcessor` after the call's output
 * processors; the agent's model answers freely (tools included, no JSON mode); the second model
 * structures the final answer once per run; the object reaches `result.object`, the stream's
 * `object-result` chunk and the assistant UI message's `metadata.structuredOutput`.
 */
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Agent } from '../../agent/agent.js';
import type { Processor } from '../../pipeline/types.js';
import type { ChunkType } from '../../stream/index.js';
import { ScriptedModel } from '../../test/index.js';
import { createTool } from '../../tools/index.js';
import { StructuredOutputProcessor } from './index.js';

const Weather = z.object({ city: z.string(), tempC: z.number() });

const weather = createTool({
  id: 'weather',
  description: 'Weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, tempC: 4 }),
});

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

/** A main model that calls the weather tool, then answers in prose. */
function mainModel(): ScriptedModel {
  return new ScriptedModel({
    modelId: 'main',
    steps: [
      {
        toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' } }],
        usage: { inputTokens: 10, outputTokens: 5 },
      },
      { text: ['It is 4°C ', 'in Oslo.'], usage: { inputTokens: 20, outputTokens: 6 } },
    ],
  });
}

function structurer(
  ...steps: ConstructorParameters<typeof ScriptedModel>[0]['steps'] & unknown[]
): ScriptedModel {
  return new ScriptedModel({ modelId: 'structurer', steps });
}

const OSLO = '{"city":"Oslo","tempC":4}';

function agent(model = mainModel(), outputProcessors?: Processor[]): Agent {
  return new Agent({
    id: 'weather-agent',
    instructions: 'Answer weather questions.',
    model,
    tools: { weather },
    outputProcessors: outputProcessors as never,
  });
}

describe('structuredOutput with a structuring model', () => {
  it('the main model answers freely with tools; the structurer gets its final answer once; generate() returns the object', async () => {
    const main = mainModel();
    const second = structurer({ text: OSLO, usage: { inputTokens: 30, outputTokens: 8 } });
    const onFinish = vi.fn();
    const result = await agent(main).generate('Weather in Oslo?', {
      structuredOutput: { schema: Weather, model: second },
      onFinish,
    });

    expect(result.object).toEqual({ city: 'Oslo', tempC: 4 });
    expect(onFinish.mock.calls[0]?.[0]).toMatchObject({ object: { city: 'Oslo', tempC: 4 } });
    expect(result.text).toBe('It is 4°C in Oslo.');
    // The main model was never put in JSON mode, and kept its tools.
    expect(main.calls).toHaveLength(2);
    for (const call of main.calls) expect(call.responseFormat?.type).not.toBe('json');
    expect(main.calls[1]?.tools?.map((t) => t.name)).toEqual(['weather']);
    // One structuring call, carrying the final step's answer (not the tool step's).
    expect(second.calls).toHaveLength(1);
    const prompt = JSON.stringify(second.lastCall.prompt);
    expect(prompt).toContain('It is 4°C in Oslo.');
    expect(second.lastCall.responseFormat).toMatchObject({ type: 'json', schema: { type: 'object' } });
    expect(result.usedFallbackValue).toBe(false);
  });

  it('stream(): object and object-result arrive before the final step-finish and finish; output.object resolves', async () => {
    const second = structurer(OSLO);
    const output = await agent().stream('Weather in Oslo?', {
      structuredOutput: { schema: Weather, model: second },
    });
    const chunks = await collect(output.fullStream);
    const order = chunks.map((c) => c.type).filter((t) => /^(object|step-finish|finish)/.test(t));
    expect(order).toEqual(['step-finish', 'object', 'object-result', 'step-finish', 'finish']);
    const result = chunks.find((c) => c.type === 'object-result') as ChunkType & { object: unknown };
    expect(result.object).toEqual({ city: 'Oslo', tempC: 4 });
    expect(result.runId).toBe(output.runId);
    expect(await output.object).toEqual({ city: 'Oslo', tempC: 4 });
    expect(await collect(output.objectStream)).toEqual([
      { city: 'Oslo', tempC: 4 },
      { city: 'Oslo', tempC: 4 },
    ]);
    expect(second.calls).toHaveLength(1);
  });

  it('the object is the assistant UI message metadata.structuredOutput (and the stored message content.metadata)', async () => {
    const result = await agent().generate('Weather in Oslo?', {
      structuredOutput: { schema: Weather, model: structurer(OSLO) },
    });
    const ui = result.response.uiMessages.filter((m) => m.role === 'assistant').at(-1);
    expect(ui?.metadata).toMatchObject({ structuredOutput: { city: 'Oslo', tempC: 4 } });
    const stored = result.response.dbMessages.filter((m) => m.role === 'assistant').at(-1);
    expect(stored?.content.metadata?.structuredOutput).toEqual({ city: 'Oslo', tempC: 4 });
  });

  it("the structurer's tokens count in totalUsage, not in usage", async () => {
    const result = await agent().generate('Weather in Oslo?', {
      structuredOutput: {
        schema: Weather,
        model: structurer({ text: OSLO, usage: { inputTokens: 30, outputTokens: 8 } }),
      },
    });
    expect(result.usage).toMatchObject({ inputTokens: 30, outputTokens: 11 });
    expect(result.totalUsage).toMatchObject({ inputTokens: 60, outputTokens: 19 });
  });

  it("runs after the call's own output processors, which never see the object chunks", async () => {
    const seen: string[] = [];
    const spy: Processor = {
      id: 'spy',
      processOutputStream: async ({ part }) => {
        seen.push(part.type);
        return part;
      },
    };
    const output = await agent(mainModel(), [spy]).stream('Weather in Oslo?', {
      structuredOutput: { schema: Weather, model: structurer(OSLO) },
    });
    const chunks = await collect(output.fullStream);
    expect(chunks.some((c) => c.type === 'object-result')).toBe(true);
    expect(seen).toContain('step-finish');
    expect(seen.some((t) => t.startsWith('object'))).toBe(false);
  });

  it("does not add itself to the agent's configured output processors", async () => {
    const spy: Processor = { id: 'spy', processOutputStream: async ({ part }) => part };
    const configured = [spy];
    await agent(mainModel(), configured).generate('Weather in Oslo?', {
      structuredOutput: { schema: Weather, model: structurer(OSLO) },
    });
    expect(configured).toEqual([spy]);
    expect(await agent(mainModel(), configured).listOutputProcessors()).toEqual([spy]);
  });

  describe('errorStrategy', () => {
    it("'strict' (default): generate() rejects with STRUCTURED_OUTPUT_INVALID naming the schema issue", async () => {
      await expect(
        agent().generate('Weather in Oslo?', {
          structuredOutput: { schema: Weather, model: structurer('{"city":"Oslo","tempC":"cold"}') },
        }),
      ).rejects.toMatchObject({
        code: 'STRUCTURED_OUTPUT_INVALID',
        message: expect.stringMatching(/does not match the schema \(tempC: /),
      });
    });

    it("'strict' in stream(): the text still arrives, no object-result, output.object rejects", async () => {
      const output = await agent().stream('Weather in Oslo?', {
        structuredOutput: { schema: Weather, model: structurer('nope') },
      });
      const chunks = await collect(output.fullStream);
      expect(chunks.some((c) => c.type === 'object-result')).toBe(false);
      expect(chunks.at(-1)?.type).toBe('finish');
      expect(await output.text).toBe('It is 4°C in Oslo.');
      await expect(output.object).rejects.toMatchObject({ code: 'STRUCTURED_OUTPUT_INVALID' });
    });

    it("'warn': the logger gets the problem, object is undefined, generate() resolves", async () => {
      const warn = vi.fn();
      const result = await agent().generate('Weather in Oslo?', {
        structuredOutput: {
          schema: Weather,
          model: structurer('{"city":3}'),
          errorStrategy: 'warn',
          logger: { warn },
        },
      });
      expect(result.object).toBeUndefined();
      expect(result.text).toBe('It is 4°C in Oslo.');
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(/STRUCTURED|does not match the schema \(city: /),
      );
    });

    it("'fallback': object is fallbackValue and usedFallbackValue is true", async () => {
      const fallbackValue = { city: 'unknown', tempC: 0 };
      const result = await agent().generate('Weather in Oslo?', {
        structuredOutput: {
          schema: Weather,
          model: structurer('{}'),
          errorStrategy: 'fallback',
          fallbackValue,
        },
      });
      expect(result.object).toEqual(fallbackValue);
      expect(result.usedFallbackValue).toBe(true);
    });

    it('a failing structuring model follows the strategy: strict rejects with STRUCTURED_OUTPUT_MODEL_FAILED, fallback falls back', async () => {
      const failing = () => structurer({ throwBeforeStream: new Error('503 overloaded') });
      await expect(
        agent().generate('Weather in Oslo?', { structuredOutput: { schema: Weather, model: failing() } }),
      ).rejects.toMatchObject({
        code: 'STRUCTURED_OUTPUT_MODEL_FAILED',
        message: expect.stringMatching(/503 overloaded/),
      });

      const fallbackValue = { city: '?', tempC: 0 };
      const result = await agent().generate('Weather in Oslo?', {
        structuredOutput: { schema: Weather, model: failing(), errorStrategy: 'fallback', fallbackValue },
      });
      expect(result.object).toEqual(fallbackValue);
    });
  });

  it('without model the agent model itself still answers in JSON (native structured output)', async () => {
    const main = new ScriptedModel({ steps: [OSLO] });
    const result = await new Agent({ id: 'a', instructions: 'x', model: main }).generate('Weather?', {
      structuredOutput: { schema: Weather },
    });
    expect(result.object).toEqual({ city: 'Oslo', tempC: 4 });
    expect(main.lastCall.responseFormat).toMatchObject({ type: 'json' });
  });

  it('a structuring model given as a bad router string fails the call at setup', async () => {
    await expect(
      agent().stream('Weather?', { structuredOutput: { schema: Weather, model: 'nosuchprovider/x' } }),
    ).rejects.toMatchObject({ name: 'ConfigurationError' });
  });

  it('a step override that sets structuredOutput.model is a ConfigurationError', async () => {
    await expect(
      agent().generate('Weather?', {
        prepareStep: () => ({ structuredOutput: { schema: Weather, model: structurer(OSLO) } }),
      }),
    ).rejects.toMatchObject({ code: 'STRUCTURED_OUTPUT_MODEL_IN_STEP' });
  });
});

describe('StructuredOutputProcessor placed in outputProcessors directly', () => {
  it("structures the run's answer without structuredOutput on the call", async () => {
    const second = structurer(OSLO);
    const main = mainModel();
    const result = await agent(main, [
      new StructuredOutputProcessor({ schema: Weather, model: second }),
    ]).generate('Weather in Oslo?');
    expect(result.object).toEqual({ city: 'Oslo', tempC: 4 });
    expect(second.calls).toHaveLength(1);
    for (const call of main.calls) expect(call.responseFormat?.type).not.toBe('json');
  });

  it('one instance shared by concurrent runs structures each run once, with its own answer', async () => {
    const second = new ScriptedModel({
      modelId: 'structurer',
      steps: (call) => (JSON.stringify(call.prompt).includes('Rome') ? '{"city":"Rome","tempC":20}' : OSLO),
    });
    const shared = new StructuredOutputProcessor({ schema: Weather, model: second });
    const answer = (text: string) => new ScriptedModel({ steps: [text] });
    const [oslo, rome] = await Promise.all([
      agent(answer('Oslo is at 4°C.'), [shared]).generate('Oslo?'),
      agent(answer('Rome is at 20°C.'), [shared]).generate('Rome?'),
    ]);
    expect(oslo.object).toEqual({ city: 'Oslo', tempC: 4 });
    expect(rome.object).toEqual({ city: 'Rome', tempC: 20 });
    expect(second.calls).toHaveLength(2);
  });
});
