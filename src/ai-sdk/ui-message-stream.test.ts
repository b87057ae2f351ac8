import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '../agent/index.js';
import { SluiceError } from '../errors/index.js';
import type { MastraModelOutput } from '../stream/index.js';
import { ScriptedModel, type ScriptedStep } from '../test/index.js';
import { createTool } from '../tools/index.js';
import {
  toAISdkStream,
  toUIMessageStream,
  toUIMessageStreamResponse,
  type UIMessageStreamOptions,
} from './index.js';

/** Every UI chunk of a run, and the message the real `readUIMessageStream` builds from them. */
async function read(
  output: MastraModelOutput<undefined>,
  options?: UIMessageStreamOptions,
): Promise<{ chunks: UIMessageChunk[]; message: UIMessage | undefined }> {
  const [a, b] = toUIMessageStream(output, options).tee();
  const chunks: UIMessageChunk[] = [];
  const collecting = (async () => {
    for await (const chunk of a as unknown as AsyncIterable<UIMessageChunk>) chunks.push(chunk);
  })();
  let message: UIMessage | undefined;
  for await (const m of readUIMessageStream({ stream: b as unknown as ReadableStream<UIMessageChunk> }))
    message = m;
  await collecting;
  return { chunks, message };
}

/** `Array.fromAsync`, which Node 20 lacks. */
async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const value of iterable) out.push(value);
  return out;
}

function agentWith(steps: ScriptedStep[], extra: Partial<ConstructorParameters<typeof Agent>[0]> = {}) {
  return new Agent({
    id: 'ui',
    name: 'ui',
    instructions: 'Be brief.',
    model: new ScriptedModel({ steps }),
    ...extra,
  });
}

const weather = createTool({
  id: 'weather',
  description: 'Weather of a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }, context) => {
    await context.writer?.custom({ type: 'data-progress', data: { city, done: 0.5 } });
    return { city, temp: 3 };
  },
});

describe('toUIMessageStream: each run chunk kind becomes the part the AI SDK client builds', () => {
  it('reasoning, text, tool input and output, data parts, sources, files and step boundaries', async () => {
    const agent = agentWith(
      [
        {
          events: [
            { type: 'reasoning', text: 'plan' },
            'Looking',
            { type: 'tool-call', toolName: 'weather', args: { city: 'Oslo' }, toolCallId: 'call-1' },
          ],
        },
        {
          events: [
            {
              type: 'part',
              part: { type: 'source', sourceType: 'url', id: 's1', url: 'https://met.no', title: 'MET' },
            },
            {
              type: 'part',
              part: { type: 'file', mediaType: 'text/plain', data: { type: 'data', data: btoa('hi') } },
            },
            'Done',
          ],
        },
      ],
      { tools: { weather } },
    );
    const { chunks, message } = await read(await agent.stream('Weather in Oslo?'));
    const types = chunks.map((c) => c.type);
    expect(types).toContain('tool-input-start');
    expect(types).toContain('tool-input-delta');
    expect(types.filter((t) => t === 'start-step')).toHaveLength(2);
    expect(types.filter((t) => t === 'finish-step')).toHaveLength(2);
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' });
    expect(message?.parts).toEqual([
      { type: 'step-start' },
      expect.objectContaining({ type: 'reasoning', text: 'plan', state: 'done' }),
      expect.objectContaining({ type: 'text', text: 'Looking', state: 'done' }),
      expect.objectContaining({
        type: 'tool-weather',
        toolCallId: 'call-1',
        state: 'output-available',
        input: { city: 'Oslo' },
        output: { city: 'Oslo', temp: 3 },
      }),
      expect.objectContaining({ type: 'data-progress', data: { city: 'Oslo', done: 0.5 } }),
      { type: 'step-start' },
      expect.objectContaining({ type: 'source-url', sourceId: 's1', url: 'https://met.no', title: 'MET' }),
      expect.objectContaining({
        type: 'file',
        mediaType: 'text/plain',
        url: `data:text/plain;base64,${btoa('hi')}`,
      }),
      expect.objectContaining({ type: 'text', text: 'Done', state: 'done' }),
    ]);
  });

  it('the start chunk carries the run messageId (the id memory stores the answer under)', async () => {
    const output = await agentWith(['hi']).stream('x');
    const { chunks, message } = await read(output);
    expect(chunks[0]).toEqual({ type: 'start', messageId: output.messageId });
    expect(message?.id).toBe(output.messageId);
  });

  it('finish reasons are the AI SDK ones (length stays length)', async () => {
    const { chunks } = await read(await agentWith([{ text: 'cut', finishReason: 'length' }]).stream('x'));
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'length' });
  });

  it('a tool error reaches the client as a generic text unless onError says otherwise', async () => {
    const failing = createTool({
      id: 'failing',
      description: 'fails',
      inputSchema: z.object({}),
      execute: async () => {
        throw new Error('connect ECONNREFUSED 10.0.0.7:5432');
      },
    });
    const steps: ScriptedStep[] = [
      { toolCalls: [{ toolName: 'failing', args: {}, toolCallId: 't1' }] },
      'sorry',
    ];
    const plain = await read(await agentWith(steps, { tools: { failing } }).stream('x'));
    const part = plain.message?.parts.find((p) => p.type === 'tool-failing');
    expect(part).toMatchObject({ state: 'output-error', errorText: 'An error occurred.' });
    expect(JSON.stringify(plain.chunks)).not.toContain('10.0.0.7');

    const custom = await read(await agentWith(steps, { tools: { failing } }).stream('x'), {
      onError: () => 'The tool is down.',
    });
    expect(custom.message?.parts.find((p) => p.type === 'tool-failing')).toMatchObject({
      state: 'output-error',
      errorText: 'The tool is down.',
    });
  });

  it('a failed run ends with an error chunk: the generic text by default, onError text when given', async () => {
    const failing = () =>
      agentWith([{ throwBeforeStream: new Error('db.internal:5432 refused, key sk-123') }]);
    const plain = await read(await failing().stream('x'));
    expect(plain.chunks.at(-1)).toEqual({ type: 'error', errorText: 'An error occurred.' });
    expect(JSON.stringify(plain.chunks)).not.toContain('db.internal');

    const custom = await read(await failing().stream('x'), {
      onError: (error) => (error instanceof Error ? 'Provider unavailable' : 'other'),
    });
    expect(custom.chunks.at(-1)).toEqual({ type: 'error', errorText: 'Provider unavailable' });
    const throwing = await read(await failing().stream('x'), {
      onError: () => {
        throw new Error('oops');
      },
    });
    expect(throwing.chunks.at(-1)).toEqual({ type: 'error', errorText: 'An error occurred.' });
  });

  it('a tripwire becomes a data-tripwire part with reason and processor id, then finish "other"', async () => {
    const agent = agentWith(['never'], {
      inputProcessors: [
        {
          id: 'policy',
          processInput: ({ abort }) => abort('Off-topic request', { metadata: { internal: 'rule-17' } }),
        },
      ],
    });
    const { chunks, message } = await read(await agent.stream('x'));
    expect(chunks.slice(-2)).toEqual([
      { type: 'data-tripwire', data: { reason: 'Off-topic request', processorId: 'policy' } },
      { type: 'finish', finishReason: 'other' },
    ]);
    expect(message?.parts).toContainEqual(
      expect.objectContaining({
        type: 'data-tripwire',
        data: { reason: 'Off-topic request', processorId: 'policy' },
      }),
    );
    expect(JSON.stringify(chunks)).not.toContain('rule-17');
  });

  it('an aborted run ends with an abort chunk', async () => {
    const controller = new AbortController();
    const agent = agentWith([{ text: ['a', 'b', 'c', 'd'], delayMs: 20 }]);
    const output = await agent.stream('x', { abortSignal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    const { chunks } = await read(output);
    expect(chunks.at(-1)).toEqual({ type: 'abort' });
  });

  it('a step a processor rejected is reset: the client keeps only the replacement', async () => {
    const agent = agentWith(['bad answer', 'good answer'], {
      maxProcessorRetries: 1,
      outputProcessors: [
        {
          id: 'judge',
          processOutputStep: ({ text, abort }) => {
            if (text === 'bad answer') abort('try again', { retry: true });
          },
        },
      ],
    });
    const { chunks, message } = await read(await agent.stream('x'));
    expect(chunks.map((c) => c.type)).toContain('reset-step');
    expect(message?.parts.filter((p) => p.type === 'text')).toEqual([
      expect.objectContaining({ text: 'good answer' }),
    ]);
  });
});

describe('toUIMessageStream sends an allow-list of fields', () => {
  it('nothing of the prompt, the system messages or step payloads reaches the client', async () => {
    const system = 'SYSTEM-SECRET-7c1';
    const prompt = 'USER-PROMPT-b42';
    const agent = new Agent({
      id: 'leak',
      name: 'leak',
      instructions: system,
      model: new ScriptedModel({ steps: [{ text: 'answer', toolCalls: [] }] }),
    });
    const source = await agent.stream(prompt, { system: 'EXTRA-SYSTEM-9' });
    // The run's own chunks do carry the prompt (step-start payloads): the conversion must drop it.
    const raw = JSON.stringify(await collect(source.fullStream));
    expect(raw).toContain(system);
    const { chunks } = await read(await agent.stream(prompt, { system: 'EXTRA-SYSTEM-9' }));
    const sent = JSON.stringify(chunks);
    for (const secret of [system, prompt, 'EXTRA-SYSTEM-9', 'Be brief'])
      expect(sent, `${secret} reached the client`).not.toContain(secret);
    for (const chunk of chunks)
      for (const key of ['request', 'inputMessages', 'body', 'usage', 'providerMetadata', 'runId', 'payload'])
        expect(Object.keys(chunk), `${chunk.type} carries ${key}`).not.toContain(key);
  });

  it('provider metadata goes out only with sendProviderMetadata', async () => {
    const step: ScriptedStep = {
      events: [
        {
          type: 'part',
          part: {
            type: 'source',
            sourceType: 'url',
            id: 's1',
            url: 'https://a.example',
            providerMetadata: { vendor: { trace: 'x-1' } },
          },
        },
        'ok',
      ],
    };
    const plain = await read(await agentWith([step]).stream('x'));
    expect(JSON.stringify(plain.chunks)).not.toContain('x-1');
    const withMetadata = await read(await agentWith([step]).stream('x'), { sendProviderMetadata: true });
    expect(withMetadata.chunks.find((c) => c.type === 'source-url')).toMatchObject({
      providerMetadata: { vendor: { trace: 'x-1' } },
    });
  });

  it('reasoning and sources can be left out', async () => {
    const step: ScriptedStep = {
      events: [
        { type: 'reasoning', text: 'hmm' },
        { type: 'part', part: { type: 'source', sourceType: 'url', id: 's1', url: 'https://a.example' } },
        'ok',
      ],
    };
    const { chunks } = await read(await agentWith([step]).stream('x'), {
      sendReasoning: false,
      sendSources: false,
    });
    expect(chunks.map((c) => c.type)).not.toContain('reasoning-delta');
    expect(chunks.map((c) => c.type)).not.toContain('source-url');
  });

  it('what it sends has passed the output processors (text and tool-call input alike)', async () => {
    const redact = {
      id: 'redact',
      processOutputStream: ({ part }: { part: { type: string; payload?: Record<string, unknown> } }) => {
        if (part.type === 'text-delta')
          return {
            ...part,
            payload: { ...part.payload, text: String(part.payload?.text).replace('4111', '****') },
          };
        if (part.type === 'tool-call')
          return { ...part, payload: { ...part.payload, args: { city: '[redacted]' } } };
        return part;
      },
    };
    const agent = agentWith(
      [
        {
          text: 'card 4111',
          toolCalls: [{ toolName: 'weather', args: { city: 'Secretville' }, toolCallId: 'c' }],
        },
        'ok',
      ],
      { tools: { weather }, outputProcessors: [redact as never] },
    );
    const { chunks } = await read(await agent.stream('x'));
    const sent = JSON.stringify(
      chunks.filter((c) => c.type !== 'tool-input-delta' && c.type !== 'tool-output-available'),
    );
    expect(sent).not.toContain('4111');
    expect(chunks.find((c) => c.type === 'tool-input-available')).toMatchObject({
      input: { city: '[redacted]' },
    });
  });
});

describe('toUIMessageStreamResponse', () => {
  it('sends server-sent events with the protocol header and ends with [DONE]', async () => {
    const response = toUIMessageStreamResponse(await agentWith(['hi']).stream('x'), {
      headers: { 'x-extra': '1' },
      status: 201,
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('x-extra')).toBe('1');
    const text = await response.text();
    const events = text.split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    expect(JSON.parse((events[0] as string).slice('data: '.length))).toMatchObject({ type: 'start' });
  });

  it('is also a method of the stream() output, as on streamText results', async () => {
    const output = await agentWith(['hi']).stream('x');
    const text = await output.toUIMessageStreamResponse().text();
    expect(text).toContain('"delta":"hi"');
  });

  it('toAISdkStream({ from: "agent" }) is the same conversion', async () => {
    const chunks = await collect(toAISdkStream(await agentWith(['hi']).stream('x'), { from: 'agent' }));
    expect(chunks.map((c) => c.type)).toEqual([
      'start',
      'start-step',
      'text-start',
      'text-delta',
      'text-end',
      'finish-step',
      'finish',
    ]);
  });
});

describe('stream({ replayBuffer: false })', () => {
  it('one stream can be taken; a second is STREAM_NOT_REPLAYABLE', async () => {
    const output = await agentWith(['hi']).stream('x', { replayBuffer: false });
    const text = await collect(output.textStream);
    expect(text.join('')).toBe('hi');
    expect(() => output.fullStream).toThrow(expect.objectContaining({ code: 'STREAM_NOT_REPLAYABLE' }));
    let second: unknown;
    try {
      output.toUIMessageStream();
    } catch (error) {
      second = error;
    }
    expect(SluiceError.hasCode(second, 'STREAM_NOT_REPLAYABLE')).toBe(true);
    expect(await output.text).toBe('hi');
  });
});
