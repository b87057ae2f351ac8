/**
 * `StructuredOutputProcessor`, driven through the processor test kit: id
 * `structured-output`; options checked in the constructor; once per run, on the final step's
 * `step-finish`, the answer that passed it goes to the structuring model, whose JSON is parsed
 * and validated; success emits `object` + `object-result` before the `step-finish`; failures
 * follow `errorStrategy`.
 */
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ConfigurationError } from '../../errors/configuration-error.js';
import { ChunkFrom, type ChunkType } from '../../stream/chunk-types.js';
import {
  createProcessorHarness,
  finishChunk,
  stepFinishChunk,
  textDelta,
} from '../../test/processor-harness.js';
import { ScriptedModel, type ScriptedStep } from '../../test/scripted-model.js';
import { StructuredOutputProcessor, type StructuredOutputProcessorOptions } from './index.js';

const Weather = z.object({ city: z.string(), tempC: z.number() });
type Weather = z.infer<typeof Weather>;

const ANSWER = ['It is 4°C ', 'in Oslo today.'];

function structurer(...steps: ScriptedStep[]): ScriptedModel {
  return new ScriptedModel({ steps, modelId: 'structurer' });
}

function processor(
  model: ScriptedModel,
  options: Partial<StructuredOutputProcessorOptions<Weather>> = {},
): StructuredOutputProcessor<Weather> {
  return new StructuredOutputProcessor<Weather>({ schema: Weather, model, ...options });
}

/** The text of every message the structuring model received, joined. */
function promptText(call: { prompt: LanguageModelV4CallOptions['prompt'] }): string {
  return call.prompt
    .map((m) =>
      typeof m.content === 'string'
        ? m.content
        : m.content.map((p) => ('text' in p ? (p as { text: string }).text : '')).join(''),
    )
    .join('\n');
}

/** A step-finish the loop sends for a step it continues after (tools ran). */
function continuedStepFinish(): ChunkType {
  const chunk = stepFinishChunk('tool-calls') as ChunkType & { type: 'step-finish' };
  return {
    ...chunk,
    payload: { ...chunk.payload, stepResult: { reason: 'tool-calls' as const, isContinued: true } },
  };
}

const stepStart: ChunkType = {
  type: 'step-start',
  runId: 'harness',
  from: ChunkFrom.AGENT,
  payload: { messageId: 'm1', request: {} },
} as ChunkType;

describe('StructuredOutputProcessor', () => {
  it("is the 'structured-output' processor with processOutputStream and processOutputStep", () => {
    const p = processor(structurer());
    expect(p.id).toBe('structured-output');
    expect(typeof p.processOutputStream).toBe('function');
    expect(typeof p.processOutputStep).toBe('function');
  });

  describe('options are checked when it is built', () => {
    const model = structurer();
    it.each([
      ['schema', { model }, /"schema" is required/],
      ['schema', { model, schema: 'city' }, /"schema" must be a Standard Schema .* or a JSON Schema/],
      ['model', { schema: Weather }, /"model" is required/],
      [
        'errorStrategy',
        { model, schema: Weather, errorStrategy: 'ignore' },
        /'strict', 'warn' or 'fallback'/,
      ],
      ['fallbackValue', { model, schema: Weather, errorStrategy: 'fallback' }, /needs a "fallbackValue"/],
      ['logger', { model, schema: Weather, logger: {} }, /warn\(message\)/],
    ])('a bad %s is a ConfigurationError naming the processor and the fix', (option, options, message) => {
      const build = () => new StructuredOutputProcessor(options as never);
      expect(build).toThrow(ConfigurationError);
      expect(build).toThrow(message);
      expect(build).toThrow(/^StructuredOutputProcessor: /);
      try {
        build();
      } catch (error) {
        expect(error).toMatchObject({ code: 'PROCESSOR_INVALID_OPTIONS', details: { option } });
      }
    });

    it('accepts a JSON Schema and a router string model', () => {
      expect(
        () =>
          new StructuredOutputProcessor({
            schema: { type: 'object', properties: { city: { type: 'string' } } },
            model: 'openai/gpt-5-nano',
          }),
      ).not.toThrow();
    });
  });

  it('structures the final step on its step-finish: object and object-result go out just before it', async () => {
    const model = structurer('{"city":"Oslo","tempC":4}');
    const h = createProcessorHarness(processor(model));
    const run = await h.processOutputStream([stepStart, ...ANSWER, stepFinishChunk()]);

    expect(run.chunks.map((c) => c.type)).toEqual([
      'step-start',
      'text-delta',
      'text-delta',
      'object',
      'object-result',
      'step-finish',
    ]);
    const [object, result] = run.chunks.slice(3, 5) as Array<{ object: unknown }>;
    expect(object?.object).toEqual({ city: 'Oslo', tempC: 4 });
    expect(result?.object).toEqual({ city: 'Oslo', tempC: 4 });
    // The text itself passes through untouched.
    expect(run.chunks[1]).toEqual(textDelta(ANSWER[0] as string));
  });

  it('sends the answer that passed it to the structuring model, in JSON mode with the schema', async () => {
    const model = structurer('{"city":"Oslo","tempC":4}');
    const h = createProcessorHarness(processor(model, { providerOptions: { openai: { store: false } } }));
    await h.processOutputStream([...ANSWER, stepFinishChunk()]);

    expect(model.calls).toHaveLength(1);
    const call = model.lastCall;
    expect(promptText(call)).toContain('It is 4°C in Oslo today.');
    expect(call.responseFormat).toMatchObject({
      type: 'json',
      schema: { type: 'object', properties: { city: { type: 'string' }, tempC: { type: 'number' } } },
    });
    expect(call.providerOptions).toEqual({ openai: { store: false } });
    expect(call.tools ?? []).toEqual([]);
  });

  it('jsonPromptInjection asks by instruction instead: the schema is in the prompt, no responseFormat', async () => {
    const model = structurer('{"city":"Oslo","tempC":4}');
    const h = createProcessorHarness(
      processor(model, { jsonPromptInjection: true, instructions: 'Temperatures are in Celsius.' }),
    );
    await h.processOutputStream([...ANSWER, stepFinishChunk()]);

    const call = model.lastCall;
    expect(call.responseFormat === undefined || call.responseFormat.type === 'text').toBe(true);
    const system = promptText({ prompt: call.prompt.filter((m) => m.role === 'system') });
    expect(system).toContain('"tempC"');
    expect(system).toContain('Temperatures are in Celsius.');
  });

  it('instructions reach the structuring model as a system message in JSON mode too', async () => {
    const model = structurer('{"city":"Oslo","tempC":4}');
    const h = createProcessorHarness(processor(model, { instructions: 'Round temperatures.' }));
    await h.processOutputStream([...ANSWER, stepFinishChunk()]);
    const system = promptText({ prompt: model.lastCall.prompt.filter((m) => m.role === 'system') });
    expect(system).toContain('Round temperatures.');
  });

  it('is called once per run: not on a continued or retried step, and never again after the final one', async () => {
    const model = structurer('{"city":"Oslo","tempC":4}');
    const h = createProcessorHarness(processor(model));
    const retried = { ...(stepFinishChunk('retry') as ChunkType) } as ChunkType;
    const first = await h.processOutputStream(['Let me check.', continuedStepFinish(), retried]);
    expect(model.calls).toHaveLength(0);
    expect(first.chunks.map((c) => c.type)).toEqual(['text-delta', 'step-finish', 'step-finish']);

    await h.processOutputStream([stepStart, ...ANSWER, stepFinishChunk()]);
    const after = await h.processOutputStream([stepFinishChunk(), finishChunk()]);
    expect(model.calls).toHaveLength(1);
    expect(after.chunks.map((c) => c.type)).toEqual(['step-finish', 'finish']);
  });

  it("structures only the final step's text: a step-start drops earlier steps' text", async () => {
    const model = structurer('{"city":"Oslo","tempC":4}');
    const h = createProcessorHarness(processor(model));
    await h.processOutputStream(['Checking the weather tool…', continuedStepFinish()]);
    await h.processOutputStream([stepStart, ...ANSWER, stepFinishChunk()]);
    const prompt = promptText(model.lastCall);
    expect(prompt).toContain('It is 4°C in Oslo today.');
    expect(prompt).not.toContain('Checking the weather tool');
  });

  it("uses processOutputStep's text when no text deltas passed it", async () => {
    const model = structurer('{"city":"Oslo","tempC":4}');
    const h = createProcessorHarness(processor(model));
    await h.processOutputStep({ text: 'Oslo: 4 degrees.' });
    const run = await h.processOutputStream([stepFinishChunk()]);
    expect(promptText(model.lastCall)).toContain('Oslo: 4 degrees.');
    expect(run.chunks.map((c) => c.type)).toEqual(['object', 'object-result', 'step-finish']);
  });

  it('structures on finish when no final step-finish passed it, and emits before the finish chunk', async () => {
    const model = structurer('{"city":"Oslo","tempC":4}');
    const h = createProcessorHarness(processor(model));
    const run = await h.processOutputStream([...ANSWER, finishChunk()]);
    expect(run.chunks.map((c) => c.type).slice(-3)).toEqual(['object', 'object-result', 'finish']);
  });

  it('accepts JSON wrapped in a Markdown code fence', async () => {
    const model = structurer('```json\n{"city":"Oslo","tempC":4}\n```');
    const h = createProcessorHarness(processor(model));
    const run = await h.processOutputStream([...ANSWER, stepFinishChunk()]);
    expect(run.chunks.find((c) => c.type === 'object-result')).toMatchObject({
      object: { city: 'Oslo', tempC: 4 },
    });
  });

  describe('errorStrategy', () => {
    it("'strict' (default): no object chunks; the outcome carries STRUCTURED_OUTPUT_INVALID naming the issue", async () => {
      const model = structurer('{"city":"Oslo","tempC":"cold"}');
      const h = createProcessorHarness(processor(model));
      const run = await h.processOutputStream([...ANSWER, stepFinishChunk()]);
      expect(run.chunks.map((c) => c.type)).toEqual(['text-delta', 'text-delta', 'step-finish']);
      const outcome = h.state.outcome as { ok: boolean; strategy: string; error: Error & { code: string } };
      expect(outcome).toMatchObject({ ok: false, strategy: 'strict', usedFallback: false });
      expect(outcome.error.code).toBe('STRUCTURED_OUTPUT_INVALID');
      expect(outcome.error.message).toMatch(/structuring model's answer does not match the schema \(tempC: /);
    });

    it("'warn': logs to the logger, emits no object", async () => {
      const warn = vi.fn();
      const model = structurer('not json at all');
      const h = createProcessorHarness(processor(model, { errorStrategy: 'warn', logger: { warn } }));
      const run = await h.processOutputStream([...ANSWER, stepFinishChunk()]);
      expect(run.chunks.some((c) => c.type === 'object' || c.type === 'object-result')).toBe(false);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[0]).toMatch(/is not valid JSON \("not json at all"\)/);
    });

    it("'warn' without a logger writes to console.warn", async () => {
      const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        const h = createProcessorHarness(processor(structurer('[]'), { errorStrategy: 'warn' }));
        await h.processOutputStream([...ANSWER, stepFinishChunk()]);
        expect(spy).toHaveBeenCalledWith(expect.stringMatching(/does not match the schema/));
      } finally {
        spy.mockRestore();
      }
    });

    it("'fallback': the outcome holds fallbackValue", async () => {
      const fallbackValue = { city: 'unknown', tempC: 0 };
      const h = createProcessorHarness(
        processor(structurer('{"city":1}'), { errorStrategy: 'fallback', fallbackValue }),
      );
      await h.processOutputStream([...ANSWER, stepFinishChunk()]);
      expect(h.state.outcome).toMatchObject({ ok: false, usedFallback: true, fallback: fallbackValue });
    });

    it('a failed structuring call follows the strategy too, as STRUCTURED_OUTPUT_MODEL_FAILED', async () => {
      const warn = vi.fn();
      const model = structurer({ throwBeforeStream: new Error('503 overloaded') });
      const h = createProcessorHarness(processor(model, { errorStrategy: 'warn', logger: { warn } }));
      const run = await h.processOutputStream([...ANSWER, stepFinishChunk()]);
      expect(run.chunks.at(-1)?.type).toBe('step-finish');
      expect(h.state.outcome).toMatchObject({ ok: false, error: { code: 'STRUCTURED_OUTPUT_MODEL_FAILED' } });
      expect(warn.mock.calls[0]?.[0]).toMatch(
        /structuring model "scripted\/structurer" failed: 503 overloaded/,
      );
    });

    it('an error part in the structuring stream is a model failure', async () => {
      const model = structurer([
        { type: 'error', error: new Error('stream broke') },
        '{"city":"Oslo","tempC":4}',
      ]);
      const h = createProcessorHarness(processor(model));
      await h.processOutputStream([...ANSWER, stepFinishChunk()]);
      expect(h.state.outcome).toMatchObject({ ok: false, error: { code: 'STRUCTURED_OUTPUT_MODEL_FAILED' } });
    });

    it('an empty final answer is a failure without calling the model', async () => {
      const model = structurer('{"city":"Oslo","tempC":4}');
      const h = createProcessorHarness(processor(model));
      await h.processOutputStream(['  ', stepFinishChunk()]);
      expect(model.calls).toHaveLength(0);
      expect(h.state.outcome).toMatchObject({
        ok: false,
        error: { message: expect.stringMatching(/no text answer/) },
      });
    });
  });

  it('useAgent: an internal agent makes the call, so its default error processors retry a dropped connection', async () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const steps: ScriptedStep[] = [
      { text: '{"city":', errorAfterChunks: { after: 3, error: reset, mode: 'throw' } },
      '{"city":"Oslo","tempC":4}',
    ];
    const direct = structurer(...steps);
    const h1 = createProcessorHarness(processor(direct));
    await h1.processOutputStream([...ANSWER, stepFinishChunk()]);
    expect(h1.state.outcome).toMatchObject({ ok: false, error: { code: 'STRUCTURED_OUTPUT_MODEL_FAILED' } });

    const viaAgent = structurer(...steps);
    const h2 = createProcessorHarness(processor(viaAgent, { useAgent: true }));
    const run = await h2.processOutputStream([...ANSWER, stepFinishChunk()]);
    expect(viaAgent.calls).toHaveLength(2);
    expect(viaAgent.lastCall.responseFormat).toMatchObject({ type: 'json' });
    expect(promptText(viaAgent.lastCall)).toContain('It is 4°C in Oslo today.');
    expect(run.chunks.find((c) => c.type === 'object-result')).toMatchObject({
      object: { city: 'Oslo', tempC: 4 },
    });
  });

  it('useAgent: a non-matching answer fails the same way as the direct path', async () => {
    const h = createProcessorHarness(processor(structurer('{"city":2}'), { useAgent: true }));
    await h.processOutputStream([...ANSWER, stepFinishChunk()]);
    expect(h.state.outcome).toMatchObject({
      ok: false,
      error: {
        code: 'STRUCTURED_OUTPUT_INVALID',
        message: expect.stringMatching(/structuring model's answer/),
      },
    });
  });

  it('an abort during the structuring call ends the hook with the abort, not with a strategy outcome', async () => {
    const controller = new AbortController();
    const model = structurer({ text: '{"city":"Oslo","tempC":4}', delayMs: 50 });
    const h = createProcessorHarness(processor(model, { errorStrategy: 'warn', logger: { warn: vi.fn() } }), {
      abortSignal: controller.signal,
    });
    const pending = h.processOutputStream([...ANSWER, stepFinishChunk()]);
    setTimeout(() => controller.abort(new Error('user left')), 10);
    await expect(pending).rejects.toThrow('user left');
    expect(h.state.outcome).toBeUndefined();
  });
});
