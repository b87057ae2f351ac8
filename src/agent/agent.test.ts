import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RequestContext } from '../request-context/index.js';
import type { ChunkType } from '../stream/index.js';
import { ScriptedModel, scriptedModelV2, scriptedModelV3 } from '../test/index.js';
import { createTool } from '../tools/index.js';
import { Agent } from './agent.js';

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

const types = (chunks: ChunkType[]) => chunks.map((c) => c.type);

/** Text of every message of a prompt, flattened: what the model "read". */
function promptText(prompt: unknown): string {
  return JSON.stringify(prompt);
}

const weather = createTool({
  id: 'weather',
  description: 'Weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, tempC: 21 }),
});

describe('Agent: the documented chunk order', () => {
  it('a plain answer streams start, step-start, text-start, text-delta…, text-end, step-finish, finish', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'Be brief.',
      model: new ScriptedModel({ steps: [{ text: ['Hel', 'lo'] }] }),
    });
    const output = await agent.stream('hi');
    const chunks = await collect(output.fullStream);
    expect(types(chunks)).toEqual([
      'start',
      'step-start',
      'text-start',
      'text-delta',
      'text-delta',
      'text-end',
      'step-finish',
      'finish',
    ]);
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({ runId: output.runId, from: 'AGENT' });
    }
    expect(await output.text).toBe('Hello');
  });

  it('every promise settles without anyone reading the stream', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: 'ok' }] }),
    });
    const output = await agent.stream('hi');
    const [text, usage, finishReason, steps, response] = await Promise.all([
      output.text,
      output.usage,
      output.finishReason,
      output.steps,
      output.response,
    ]);
    expect(text).toBe('ok');
    expect(finishReason).toBe('stop');
    expect(steps).toHaveLength(1);
    expect(usage).toHaveProperty('inputTokens');
    expect(response.uiMessages.at(-1)?.role).toBe('assistant');
    // A stream read after the fact still replays every chunk from the start.
    expect(types(await collect(output.fullStream))[0]).toBe('start');
    expect((await collect(output.textStream)).join('')).toBe('ok');
  });

  it('the model receives the instructions as system message, then the user input', async () => {
    const model = new ScriptedModel({ steps: [{ text: 'ok' }] });
    const agent = new Agent({ id: 'a', instructions: ['Rule one.', 'Rule two.'], model });
    await agent.generate('hello there');
    const prompt = model.calls[0]?.prompt ?? [];
    expect(prompt.slice(0, 2)).toEqual([
      { role: 'system', content: 'Rule one.' },
      { role: 'system', content: 'Rule two.' },
    ]);
    expect(prompt.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'hello there' }] });
  });
});

describe('Agent: models of every spec version', () => {
  for (const [label, make] of [
    [
      'V2',
      () => scriptedModelV2({ steps: [{ text: ['a', 'b'], usage: { inputTokens: 3, outputTokens: 2 } }] }),
    ],
    [
      'V3',
      () => scriptedModelV3({ steps: [{ text: ['a', 'b'], usage: { inputTokens: 3, outputTokens: 2 } }] }),
    ],
    [
      'V4',
      () => new ScriptedModel({ steps: [{ text: ['a', 'b'], usage: { inputTokens: 3, outputTokens: 2 } }] }),
    ],
  ] as const) {
    it(`a spec ${label} model object answers through generate()`, async () => {
      const agent = new Agent({ id: 'a', instructions: 'x', model: make() });
      const result = await agent.generate('hi');
      expect(result.text).toBe('ab');
      expect(result.finishReason).toBe('stop');
      expect(result.usage).toMatchObject({ inputTokens: 3, outputTokens: 2, totalTokens: 5 });
    });
  }
});

describe('Agent: the tool loop', () => {
  it('runs two tool calls of one step concurrently and sends both results to the next step', async () => {
    const events: string[] = [];
    const slow = (name: string) =>
      createTool({
        id: name,
        description: name,
        inputSchema: z.object({ n: z.number() }),
        execute: async ({ n }) => {
          events.push(`start:${name}`);
          await new Promise((r) => setTimeout(r, 150));
          events.push(`end:${name}`);
          return { name, doubled: n * 2 };
        },
      });
    const model = new ScriptedModel({
      steps: [
        {
          toolCalls: [
            { toolName: 'first', args: { n: 1 }, toolCallId: 'c1' },
            { toolName: 'second', args: { n: 2 }, toolCallId: 'c2' },
          ],
        },
        { text: 'both done' },
      ],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { first: slow('first'), second: slow('second') },
    });
    const result = await agent.generate('go');

    expect(result.text).toBe('both done');
    expect(result.steps).toHaveLength(2);
    expect(result.toolResults.map((r) => r.payload.result)).toEqual([
      { name: 'first', doubled: 2 },
      { name: 'second', doubled: 4 },
    ]);
    // Concurrent: the second tool starts before the first one ends.
    expect(events.slice(0, 2).sort()).toEqual(['start:first', 'start:second']);

    const second = model.calls[1]?.prompt ?? [];
    const toolMessage = second.find((m) => m.role === 'tool');
    expect(toolMessage?.content).toHaveLength(2);
    expect(promptText(toolMessage)).toContain('"doubled":2');
    expect(promptText(toolMessage)).toContain('"doubled":4');
    expect(model.calls[0]?.tools?.map((t) => t.name).sort()).toEqual(['first', 'second']);
  });

  it('a multi-step stream has tool-call, tool-result and step-finish before the next step-start', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({
        steps: [{ toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' } }] }, { text: 'cold' }],
      }),
      tools: { weather },
    });
    const chunks = await collect((await agent.stream('weather?')).fullStream);
    const order = types(chunks).filter((t) => !t.startsWith('tool-call-') && !t.startsWith('text-'));
    expect(order).toEqual([
      'start',
      'step-start',
      'tool-call',
      'tool-result',
      'step-finish',
      'step-start',
      'step-finish',
      'finish',
    ]);
  });

  it('invalid tool arguments become a tool-error chunk and an error result the model sees', async () => {
    const model = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'weather', args: '{"city": 42', toolCallId: 'bad' }] },
        { text: 'sorry' },
      ],
    });
    const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { weather } });
    const output = await agent.stream('go');
    const chunks = await collect(output.fullStream);
    const toolError = chunks.find((c) => c.type === 'tool-error');
    expect(toolError).toMatchObject({ payload: { toolCallId: 'bad', toolName: 'weather' } });
    expect(await output.text).toBe('sorry');
    const toolMessage = model.calls[1]?.prompt.find((m) => m.role === 'tool');
    expect(toolMessage?.content[0]).toMatchObject({ type: 'tool-result', toolCallId: 'bad' });
    expect(promptText(toolMessage)).toMatch(/error/);
    expect(promptText(toolMessage)).toContain('weather');
  });

  it('a schema-failing argument reaches the model as an error naming the field', async () => {
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'weather', args: { city: 42 } }] }, { text: 'retrying later' }],
    });
    const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { weather } });
    const result = await agent.generate('go');
    expect(result.text).toBe('retrying later');
    expect(promptText(model.calls[1]?.prompt.find((m) => m.role === 'tool'))).toContain('city');
  });

  it('a throwing tool becomes a tool-error chunk and the model sees its message', async () => {
    const broken = createTool({
      id: 'broken',
      description: 'always fails',
      inputSchema: z.object({}),
      execute: async () => {
        throw new Error('database is down');
      },
    });
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'broken', args: {} }] }, { text: 'it failed' }],
    });
    const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { broken } });
    const output = await agent.stream('go');
    const chunks = await collect(output.fullStream);
    const toolError = chunks.find((c) => c.type === 'tool-error');
    expect(
      toolError && 'payload' in toolError && String((toolError.payload as { error: Error }).error.message),
    ).toContain('database is down');
    expect(types(chunks).at(-1)).toBe('finish');
    expect(promptText(model.calls[1]?.prompt)).toContain('database is down');
  });

  it('an unknown tool name becomes an error listing the available tools', async () => {
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'nope', args: {} }] }, { text: 'ok' }],
    });
    const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { weather } });
    await agent.generate('go');
    expect(promptText(model.calls[1]?.prompt)).toContain('weather');
  });

  it('maxSteps caps the number of model calls', async () => {
    const model = new ScriptedModel({
      steps: () => ({ toolCalls: [{ toolName: 'weather', args: { city: 'Rome' } }] }),
    });
    const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { weather }, maxSteps: 3 });
    const result = await agent.generate('loop forever');
    expect(model.calls).toHaveLength(3);
    expect(result.steps).toHaveLength(3);
  });

  it('tools given as a function of requestContext see the call context', async () => {
    const model = new ScriptedModel({ steps: [{ text: 'ok' }] });
    const agent = new Agent({
      id: 'a',
      instructions: ({ requestContext }) => `tier=${String(requestContext.get('tier'))}`,
      model: () => model,
      tools: ({ requestContext }) => (requestContext.get('tier') === 'gold' ? { weather } : {}),
    });
    await agent.generate('hi', { requestContext: new RequestContext([['tier', 'gold']]) });
    expect(model.calls[0]?.tools?.map((t) => t.name)).toEqual(['weather']);
    expect(model.calls[0]?.prompt[0]).toEqual({ role: 'system', content: 'tier=gold' });
  });
});

describe('Agent: call options', () => {
  it("toolChoice 'none' still sends the tool definitions", async () => {
    const model = new ScriptedModel({ steps: [{ text: 'no tools' }] });
    const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { weather } });
    await agent.generate('hi', { toolChoice: 'none' });
    expect(model.calls[0]?.tools?.map((t) => t.name)).toEqual(['weather']);
    expect(model.calls[0]?.toolChoice).toEqual({ type: 'none' });
  });

  it("toolChoice 'none' drops the tool definitions when the step sends a structured-output schema", async () => {
    const model = new ScriptedModel({ steps: [{ text: '{"n":1}' }] });
    const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { weather } });
    await agent.generate('hi', {
      toolChoice: 'none',
      structuredOutput: { schema: z.object({ n: z.number() }) },
    });
    expect(model.calls[0]?.tools ?? []).toEqual([]);
    expect(model.calls[0]?.responseFormat).toMatchObject({ type: 'json' });
  });

  it('activeTools restricts which tools are sent', async () => {
    const model = new ScriptedModel({ steps: [{ text: 'ok' }] });
    const other = createTool({
      id: 'other',
      description: 'other',
      inputSchema: z.object({}),
      execute: async () => 1,
    });
    const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { weather, other } });
    await agent.generate('hi', { activeTools: ['other'] });
    expect(model.calls[0]?.tools?.map((t) => t.name)).toEqual(['other']);
  });

  it('modelSettings and providerOptions reach the provider call', async () => {
    const model = new ScriptedModel({ steps: [{ text: 'ok' }] });
    const agent = new Agent({ id: 'a', instructions: 'x', model });
    await agent.generate('hi', {
      modelSettings: { temperature: 0.2, maxOutputTokens: 50 },
      providerOptions: { openai: { reasoningEffort: 'low' } },
    });
    expect(model.calls[0]?.settings).toMatchObject({ temperature: 0.2, maxOutputTokens: 50 });
    expect(model.calls[0]?.providerOptions).toEqual({ openai: { reasoningEffort: 'low' } });
  });

  it('structured output returns a typed, validated object', async () => {
    const model = new ScriptedModel({ steps: [{ text: ['{"city":"Oslo",', '"tempC":4}'] }] });
    const agent = new Agent({ id: 'a', instructions: 'x', model });
    const result = await agent.generate('weather as JSON', {
      structuredOutput: { schema: z.object({ city: z.string(), tempC: z.number() }) },
    });
    const city: string = result.object.city;
    expect(city).toBe('Oslo');
    expect(result.object.tempC).toBe(4);
    expect(model.calls[0]?.responseFormat).toMatchObject({ type: 'json', schema: { type: 'object' } });
  });

  it('structured output streams partial objects, then the final object-result', async () => {
    const model = new ScriptedModel({ steps: [{ text: ['{"city":"Os', 'lo","tempC":', '4}'] }] });
    const agent = new Agent({ id: 'a', instructions: 'x', model });
    const output = await agent.stream('weather as JSON', {
      structuredOutput: { schema: z.object({ city: z.string(), tempC: z.number() }) },
    });
    const chunks = await collect(output.fullStream);
    const objects = chunks.filter((c) => c.type === 'object').map((c) => (c as { object: unknown }).object);
    expect(objects).toEqual([{ city: 'Os' }, { city: 'Oslo' }, { city: 'Oslo', tempC: 4 }]);
    expect(types(chunks).filter((t) => t.startsWith('object') || t === 'step-finish')).toEqual([
      'object',
      'object',
      'object',
      'object-result',
      'step-finish',
    ]);
    expect(await collect(output.objectStream)).toHaveLength(4);
    expect(await output.object).toEqual({ city: 'Oslo', tempC: 4 });
  });

  it('structured output that does not match rejects generate() with a clear error', async () => {
    const model = new ScriptedModel({ steps: [{ text: '{"city":5}' }] });
    const agent = new Agent({ id: 'a', instructions: 'x', model });
    await expect(
      agent.generate('x', { structuredOutput: { schema: z.object({ city: z.string() }) } }),
    ).rejects.toMatchObject({ code: 'STRUCTURED_OUTPUT_INVALID' });
  });

  it('prepareStep can switch the model and tool choice for one step', async () => {
    const first = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'weather', args: { city: 'Rome' } }] }],
    });
    const second = new ScriptedModel({ steps: [{ text: 'from second' }], modelId: 'second' });
    const agent = new Agent({ id: 'a', instructions: 'x', model: first, tools: { weather } });
    const result = await agent.generate('go', {
      prepareStep: ({ stepNumber }) => (stepNumber === 1 ? { model: second, toolChoice: 'none' } : undefined),
    });
    expect(result.text).toBe('from second');
    expect(first.calls).toHaveLength(1);
    expect(second.calls[0]?.toolChoice).toEqual({ type: 'none' });
  });

  it('onStepFinish runs once per step and onFinish once with all steps', async () => {
    const seen: number[] = [];
    let finished = 0;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({
        steps: [{ toolCalls: [{ toolName: 'weather', args: { city: 'Rome' } }] }, { text: 'ok' }],
      }),
      tools: { weather },
    });
    await agent.generate('go', {
      onStepFinish: (step) => {
        seen.push(step.stepNumber);
      },
      onFinish: (event) => {
        finished = event.steps.length;
      },
    });
    expect(seen).toEqual([0, 1]);
    expect(finished).toBe(2);
  });
});

describe('Agent: errors and abort', () => {
  it('a provider rejection is an error chunk from stream() and a thrown APICallError from generate()', async () => {
    const apiError = () =>
      new APICallError({
        message: 'Bad request: unknown parameter',
        url: 'http://127.0.0.1/v1/chat/completions',
        requestBodyValues: {},
        statusCode: 400,
      });
    const streaming = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ throwBeforeStream: apiError() }] }),
    });
    const chunks = await collect((await streaming.stream('hi')).fullStream);
    expect(types(chunks)).toEqual(['start', 'error']);

    const generating = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ throwBeforeStream: apiError() }] }),
    });
    const error = await generating.generate('hi').catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(400);
    expect(APICallError.isInstance((error as Error).cause)).toBe(true);
    expect((error as Error).message).toContain('scripted');
  });

  it('an error in the middle of the stream ends it with an error chunk', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({
        steps: [
          {
            text: ['a', 'b', 'c', 'd'],
            errorAfterChunks: { after: 4, error: new Error('invalid JSON in frame') },
          },
        ],
      }),
    });
    const output = await agent.stream('hi');
    const chunks = await collect(output.fullStream);
    expect(types(chunks).at(-1)).toBe('error');
    expect(output.status).toBe('failed');
    expect(output.error?.message).toContain('invalid JSON in frame');
  });

  it('an aborted abortSignal ends the stream with an abort chunk', async () => {
    const controller = new AbortController();
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: Array.from({ length: 50 }, () => 'x'), delayMs: 10 }] }),
    });
    const output = await agent.stream('hi', { abortSignal: controller.signal });
    const chunks: ChunkType[] = [];
    for await (const chunk of output.fullStream) {
      chunks.push(chunk);
      if (chunk.type === 'text-delta' && chunks.length === 5) controller.abort();
    }
    expect(types(chunks).at(-1)).toBe('abort');
    expect(chunks.filter((c) => c.type === 'text-delta').length).toBeLessThan(50);
    expect(await output.finishReason).toBe('abort');
  });

  it('generate() with an aborted signal rejects with an AbortError', async () => {
    const controller = new AbortController();
    controller.abort();
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: 'x' }] }),
    });
    await expect(agent.generate('hi', { abortSignal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('a router string with no API key fails before any network call, naming the variable', async () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const agent = new Agent({ id: 'a', instructions: 'x', model: 'openai/gpt-5-mini' });
      await expect(agent.generate('hi')).rejects.toThrow(/OPENAI_API_KEY/);
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });

  it('a misconfigured agent fails at construction with the fix in the message', () => {
    expect(() => new Agent({ id: '', instructions: 'x', model: 'openai/gpt-5-mini' })).toThrow(
      /"id" must be/,
    );
    // @ts-expect-error model is required
    expect(() => new Agent({ id: 'a', instructions: 'x' })).toThrow(/"model" is required/);
  });
});

describe('Agent: tool writers', () => {
  it('a tool streams custom data-* chunks and tool-output through its writer', async () => {
    const progress = createTool({
      id: 'progress',
      description: 'reports progress',
      inputSchema: z.object({}),
      execute: async (_input, { writer }) => {
        await writer?.custom({ type: 'data-progress', data: { pct: 50 }, transient: true });
        await writer?.write({ note: 'halfway' });
        return 'done';
      },
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({
        steps: [{ toolCalls: [{ toolName: 'progress', args: {} }] }, { text: 'ok' }],
      }),
      tools: { progress },
    });
    const chunks = await collect((await agent.stream('go')).fullStream);
    const sequence = types(chunks).filter(
      (t) => t.startsWith('data-') || (t.startsWith('tool-') && !t.startsWith('tool-call-')),
    );
    expect(sequence).toEqual(['tool-call', 'data-progress', 'tool-output', 'tool-result']);
    expect(chunks.find((c) => c.type === 'data-progress')).toEqual({
      type: 'data-progress',
      data: { pct: 50 },
      transient: true,
    });
  });

  it('accepts AI SDK model messages and UI messages as input', async () => {
    const model = new ScriptedModel({ steps: [{ text: 'a' }, { text: 'b' }] });
    const agent = new Agent({ id: 'a', instructions: 'x', model });
    await agent.generate([
      { role: 'user', content: 'first' },
      { role: 'assistant', content: [{ type: 'text', text: 'reply' }] },
      { role: 'user', content: [{ type: 'text', text: 'second' }] },
    ]);
    expect(model.calls[0]?.prompt.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    await agent.generate([{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'from ui' }] }]);
    expect(JSON.stringify(model.calls[1]?.prompt)).toContain('from ui');
  });
});

describe('Agent: toModelOutput', () => {
  it("the model sees toModelOutput's value while results keep the raw output", async () => {
    const search = createTool({
      id: 'search',
      description: 'search',
      inputSchema: z.object({}),
      execute: async () => ({ hits: ['a', 'b', 'c'], raw: 'x'.repeat(50) }),
      toModelOutput: (output) => `${output.hits.length} hits`,
    });
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'search', args: {} }] }, { text: 'ok' }],
    });
    const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { search } });
    const result = await agent.generate('go');
    expect(result.toolResults[0]?.payload.result).toMatchObject({ hits: ['a', 'b', 'c'] });
    const toolMessage = model.calls[1]?.prompt.find((m) => m.role === 'tool');
    expect(toolMessage?.content[0]).toMatchObject({ output: { type: 'text', value: '3 hits' } });
  });
});
