/**
 * Output-lane hook rules, pinned through
 * the public API: chunks out of `fullStream`, what the scripted model received, what `generate()`
 * returned, and what the hooks were called with.
 */
import { Agent } from 'sluice/agent';
import type { MastraDBMessage } from 'sluice/memory';
import type { OutputResult, ProcessOutputStepArgs, Processor } from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel, type ScriptedStep, streamOnly } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

// ---- helpers --------------------------------------------------------------------------------

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

const deltas = (chunks: readonly ChunkType[]) =>
  chunks.flatMap((c) => (c.type === 'text-delta' ? [c.payload.text] : []));

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((p): p is { type: 'text'; text: string } => p?.type === 'text' && typeof p.text === 'string')
    .map((p) => p.text)
    .join('');
}

function messageText(message: MastraDBMessage): string {
  return message.content.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
}

/** The tool-result outputs of a prompt's tool messages. */
function toolOutputs(prompt: readonly { role: string; content: unknown }[] | undefined): unknown[] {
  return (prompt ?? [])
    .filter((m) => m.role === 'tool')
    .flatMap((m) => m.content as Array<{ type: string; output?: unknown }>)
    .filter((p) => p.type === 'tool-result')
    .map((p) => p.output);
}

const executed: string[] = [];

const weather = createTool({
  id: 'weather',
  description: 'Weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => {
    executed.push(`execute:weather:${city}`);
    return { city, tempC: 4, secret: 'token-123' };
  },
});

const TOOL_THEN_ANSWER: ScriptedStep[] = [
  { toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' }, toolCallId: 'c1' }] },
  { text: 'cold' },
];

// ---- processOutputStream --------------------------------------------------------------------

describe('processOutputStream', () => {
  it('is called per chunk, processors in array order, each seeing the previous one’s output', async () => {
    const log: string[] = [];
    const upper = {
      id: 'upper',
      processOutputStream: async ({ part }) => {
        log.push(`upper:${part.type}`);
        return part.type === 'text-delta'
          ? { ...part, payload: { ...part.payload, text: part.payload.text.toUpperCase() } }
          : part;
      },
    } satisfies Processor;
    const seenByNext: string[] = [];
    const observer = {
      id: 'observer',
      processOutputStream: async ({ part }) => {
        log.push(`observer:${part.type}`);
        if (part.type === 'text-delta') seenByNext.push(part.payload.text);
        return part;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: [{ text: ['ab', 'cd'] }] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [upper, observer] });

    const output = await agent.stream('hi');
    const chunks = await collect(output.fullStream);

    // Every step chunk the client got passed upper, then observer, one chunk at a time. (The
    // run-level start chunk is not a step chunk; the final finish chunk has its own test below.)
    const types = chunks.map((c) => c.type).filter((t) => t !== 'start' && t !== 'finish');
    expect(log.filter((l) => !l.endsWith(':finish'))).toEqual(
      types.flatMap((t) => [`upper:${t}`, `observer:${t}`]),
    );
    expect(seenByNext).toEqual(['AB', 'CD']);
    expect(deltas(chunks)).toEqual(['AB', 'CD']);
  });

  it('the run’s final finish chunk passes through processOutputStream too (seed WordCounter logs on it)', async () => {
    const seen: string[] = [];
    const processor = {
      id: 'finish-watcher',
      processOutputStream: async ({ part }) => {
        seen.push(part.type);
        return part;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['hello'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [processor] });

    const output = await agent.stream('hi');
    const chunks = await collect(output.fullStream);

    expect(chunks.at(-1)?.type).toBe('finish');
    expect(seen.at(-1)).toBe('finish');
    expect(seen).not.toContain('start');
  });

  it('streamParts holds every chunk received so far, the current one last', async () => {
    const snapshots: string[][] = [];
    const processor = {
      id: 'history',
      processOutputStream: async ({ part, streamParts }) => {
        expect(streamParts.at(-1)).toBe(part);
        snapshots.push(streamParts.map((p) => p.type));
        return part;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: [{ text: ['a'] }] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [processor] });

    await agent.generate('hi');

    expect(snapshots.slice(0, 3)).toEqual([
      ['step-start'],
      ['step-start', 'text-start'],
      ['step-start', 'text-start', 'text-delta'],
    ]);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
  ] as const)(
    'returning %s drops only that chunk: later processors and the client never see it',
    async (_label, dropped) => {
      const seenByNext: string[] = [];
      const dropper = {
        id: 'dropper',
        processOutputStream: async ({ part }) =>
          part.type === 'text-delta' && part.payload.text === 'b' ? dropped : part,
      } satisfies Processor;
      const observer = {
        id: 'observer',
        processOutputStream: async ({ part }) => {
          if (part.type === 'text-delta') seenByNext.push(part.payload.text);
          return part;
        },
      } satisfies Processor;
      const model = new ScriptedModel({ steps: [{ text: ['a', 'b', 'c'] }, { text: ['a', 'b', 'c'] }] });
      // Streamed by generate() too, so it drops the same delta.
      const agent = new Agent({
        id: 'a',
        instructions: 'sys',
        model: streamOnly(model),
        outputProcessors: [dropper, observer],
      });

      const output = await agent.stream('hi');
      const chunks = await collect(output.fullStream);

      expect(deltas(chunks)).toEqual(['a', 'c']);
      expect(seenByNext).toEqual(['a', 'c']);
      // The stream goes on and finishes normally.
      expect(chunks.map((c) => c.type)).toEqual([
        'start',
        'step-start',
        'text-start',
        'text-delta',
        'text-delta',
        'text-end',
        'step-finish',
        'finish',
      ]);
      expect(await output.finishReason).toBe('stop');

      // generate() applies the same rule to its text.
      expect((await agent.generate('hi')).text).toBe('ac');
    },
  );

  it('a returned new chunk replaces the original on fullStream, textStream and in the final text', async () => {
    const redactor = {
      id: 'redactor',
      processOutputStream: async ({ part }) =>
        part.type === 'text-delta' && part.payload.text.includes('1234')
          ? { ...part, payload: { ...part.payload, text: '[redacted]' } }
          : part,
    } satisfies Processor;
    const model = new ScriptedModel({
      steps: [{ text: ['code ', '1234', '.'] }, { text: ['code ', '1234', '.'] }],
    });
    // Streamed by generate() too, so it replaces the same delta.
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model: streamOnly(model),
      outputProcessors: [redactor],
    });

    const output = await agent.stream('hi');
    expect(deltas(await collect(output.fullStream))).toEqual(['code ', '[redacted]', '.']);
    expect((await collect(output.textStream)).join('')).toBe('code [redacted].');
    expect(await output.text).toBe('code [redacted].');

    const result = await agent.generate('hi');
    expect(result.text).toBe('code [redacted].');
    expect(JSON.stringify(result.response)).not.toContain('1234');
  });

  it('data-* chunks written with writer.custom reach only processors with processDataParts: true', async () => {
    const seen: Record<string, string[]> = { writer: [], optedIn: [], optedOut: [] };
    const writerProcessor = {
      id: 'writer',
      processOutputStream: async ({ part, writer }) => {
        seen.writer?.push(part.type);
        if (part.type === 'text-start') {
          await writer?.custom({ type: 'data-moderation', data: { level: 'warn' }, transient: true });
        }
        return part;
      },
    } satisfies Processor;
    const optedIn = {
      id: 'opted-in',
      processDataParts: true,
      processOutputStream: async ({ part }) => {
        seen.optedIn?.push(part.type);
        return part;
      },
    } satisfies Processor;
    const optedOut = {
      id: 'opted-out',
      processOutputStream: async ({ part }) => {
        seen.optedOut?.push(part.type);
        return part;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['hello'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      outputProcessors: [writerProcessor, optedIn, optedOut],
    });

    const output = await agent.stream('hi');
    const chunks = await collect(output.fullStream);

    expect(seen.optedIn).toContain('data-moderation');
    expect(seen.optedOut).not.toContain('data-moderation');
    expect(seen.writer).not.toContain('data-moderation');
    // The client reads it from fullStream, transient flag intact.
    const data = chunks.find((c) => c.type === 'data-moderation');
    expect(data).toMatchObject({ type: 'data-moderation', data: { level: 'warn' }, transient: true });
  });

  it('data-* chunks a tool writes reach only processDataParts processors, and returning null drops them', async () => {
    const progressTool = createTool({
      id: 'progress',
      description: 'Reports progress',
      inputSchema: z.object({}),
      execute: async (_input, { writer }) => {
        await writer?.custom({ type: 'data-progress', data: { pct: 50 } });
        await writer?.custom({ type: 'data-progress', data: { pct: 100 } });
        return { done: true };
      },
    });
    const seenData: unknown[] = [];
    const optedIn = {
      id: 'opted-in',
      processDataParts: true,
      processOutputStream: async ({ part }) => {
        if (part.type === 'data-progress') {
          seenData.push(part.data);
          // Drop the 50% update; keep the rest.
          return (part.data as { pct: number }).pct === 50 ? null : part;
        }
        return part;
      },
    } satisfies Processor;
    const optedOutTypes: string[] = [];
    const optedOut = {
      id: 'opted-out',
      processOutputStream: async ({ part }) => {
        optedOutTypes.push(part.type);
        return part;
      },
    } satisfies Processor;
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'progress', args: {}, toolCallId: 'p1' }] }, 'done'],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { progress: progressTool },
      outputProcessors: [optedIn, optedOut],
    });

    const output = await agent.stream('go');
    const chunks = await collect(output.fullStream);

    expect(seenData).toEqual([{ pct: 50 }, { pct: 100 }]);
    expect(optedOutTypes.filter((t) => t.startsWith('data-'))).toEqual([]);
    expect(
      chunks.filter((c) => c.type === 'data-progress').map((c) => (c as { data: unknown }).data),
    ).toEqual([{ pct: 100 }]);
  });

  it('a processDataParts processor writing a data chunk from its own processOutputStream still emits the part it was called with', async () => {
    const dataSeen: unknown[] = [];
    const processor = {
      id: 'self-writer',
      processDataParts: true,
      // Reads `args.part` after awaiting writer.custom(): its own arguments must not change under it.
      processOutputStream: async (args) => {
        if (args.part.type === 'data-note') {
          dataSeen.push(args.part.data);
          return args.part;
        }
        if (args.part.type === 'text-start') await args.writer?.custom({ type: 'data-note', data: { n: 1 } });
        return args.part;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: [{ text: ['a', 'b'] }] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [processor] });

    const output = await agent.stream('hi');
    const types = (await collect(output.fullStream)).map((c) => c.type);

    expect(dataSeen).toEqual([{ n: 1 }]);
    expect(types).toEqual([
      'start',
      'step-start',
      'data-note',
      'text-start',
      'text-delta',
      'text-delta',
      'text-end',
      'step-finish',
      'finish',
    ]);
  });

  it('data-* chunks two tools write concurrently each reach the client once, unchanged', async () => {
    const reporter = (name: string) =>
      createTool({
        id: name,
        description: name,
        inputSchema: z.object({}),
        execute: async (_input, { writer }) => {
          await writer?.custom({ type: 'data-progress', data: { from: name } });
          return { ok: name };
        },
      });
    const processor = {
      id: 'async-inspector',
      processDataParts: true,
      // An async hook that reads its `part` argument after awaiting something.
      processOutputStream: async (args) => {
        await Promise.resolve();
        await Promise.resolve();
        return args.part;
      },
    } satisfies Processor;
    const model = new ScriptedModel({
      steps: [
        {
          toolCalls: [
            { toolName: 'first', args: {}, toolCallId: 't1' },
            { toolName: 'second', args: {}, toolCallId: 't2' },
          ],
        },
        'done',
      ],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { first: reporter('first'), second: reporter('second') },
      outputProcessors: [processor],
    });

    const output = await agent.stream('go');
    const chunks = await collect(output.fullStream);

    const progress = chunks
      .filter((c) => c.type === 'data-progress')
      .map((c) => (c as { data: unknown }).data);
    expect(progress).toHaveLength(2);
    expect(progress).toEqual(expect.arrayContaining([{ from: 'first' }, { from: 'second' }]));
  });

  it('data-* chunks written from processInput and processOutputResult reach the client in place (the latter before finish)', async () => {
    const optedInSaw: string[] = [];
    const input = {
      id: 'announcer',
      processInput: async ({ writer, messageList }) => {
        await writer?.custom({ type: 'data-status', data: { phase: 'input' } });
        return messageList;
      },
    } satisfies Processor;
    const output = {
      id: 'summary',
      processDataParts: true,
      processOutputStream: async ({ part }) => {
        if (part.type.startsWith('data-')) optedInSaw.push(part.type);
        return part;
      },
      processOutputResult: async ({ writer, messageList }) => {
        await writer?.custom({ type: 'data-summary', data: { words: 1 } });
        return messageList;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['hello'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      inputProcessors: [input],
      outputProcessors: [output],
    });

    const streamed = await agent.stream('hi');
    const types = (await collect(streamed.fullStream)).map((c) => c.type);

    expect(types.indexOf('data-status')).toBeGreaterThan(types.indexOf('start'));
    expect(types.indexOf('data-status')).toBeLessThan(types.indexOf('step-start'));
    expect(types.indexOf('data-summary')).toBeGreaterThan(types.lastIndexOf('step-finish'));
    expect(types.indexOf('data-summary')).toBeLessThan(types.indexOf('finish'));
    expect(optedInSaw).toEqual(['data-status', 'data-summary']);
  });

  it('the writer is provided during generate() too', async () => {
    const writers: unknown[] = [];
    const processor = {
      id: 'writer-check',
      processOutputStream: async ({ part, writer }) => {
        writers.push(writer);
        return part;
      },
      processOutputResult: ({ writer, messageList }) => {
        writers.push(writer);
        return messageList;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['hello'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [processor] });

    await agent.generate('hi');

    expect(writers.length).toBeGreaterThan(1);
    for (const writer of writers) expect(typeof (writer as { custom?: unknown })?.custom).toBe('function');
  });

  it('writer.custom with a type not starting with "data-" fails with an error that says so', async () => {
    let failure: unknown;
    const processor = {
      id: 'bad-writer',
      processOutputStream: async ({ part, writer }) => {
        if (part.type === 'text-start') {
          try {
            await writer?.custom({ type: 'moderation', data: { level: 'warn' } });
          } catch (error) {
            failure = error;
          }
        }
        return part;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['hello'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [processor] });

    const output = await agent.stream('hi');
    const chunks = await collect(output.fullStream);

    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toContain('"moderation"');
    expect((failure as Error).message).toContain('data-');
    // Nothing malformed reached the client.
    expect(chunks.some((c) => c.type === ('moderation' as string))).toBe(false);
  });
});

describe('processOutputStream results', () => {
  it('an uncaught writer.custom failure (type without "data-") rejects generate(), naming the processor and the rule', async () => {
    const processor = {
      id: 'careless-writer',
      processOutputResult: async ({ writer, messageList }) => {
        await writer?.custom({ type: 'summary', data: {} });
        return messageList;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['hello'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [processor] });

    const error = await agent.generate('hi').then(
      () => undefined,
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('careless-writer');
    expect((error as Error).message).toContain('data-');
  });

  it('returning something that is not a chunk rejects with a ProcessorError naming the processor', async () => {
    const processor = {
      id: 'stringly',
      processOutputStream: async ({ part }) => (part.type === 'text-delta' ? ('oops' as never) : part),
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['hello'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [processor] });

    const error = await agent.generate('hi').then(
      () => undefined,
      (e: unknown) => e,
    );

    expect(error).toMatchObject({
      name: 'ProcessorError',
      code: 'PROCESSOR_INVALID_RESULT',
      processorId: 'stringly',
      hook: 'processOutputStream',
    });
  });
});

// ---- processOutputStep ----------------------------------------------------------------------

describe('processOutputStep', () => {
  it('runs after each LLM step, before that step’s tools execute', async () => {
    executed.length = 0;
    const log = executed;
    const processor = {
      id: 'step-check',
      processOutputStep: ({ stepNumber, messageList }) => {
        log.push(`processOutputStep#${stepNumber}`);
        return messageList;
      },
      processToolResult: ({ toolName, messageList }) => {
        log.push(`processToolResult:${toolName}`);
        return messageList;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: TOOL_THEN_ANSWER });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { weather },
      outputProcessors: [processor],
    });

    await agent.generate('weather?');

    expect(log).toEqual([
      'processOutputStep#0',
      'execute:weather:Oslo',
      'processToolResult:weather',
      'processOutputStep#1',
    ]);
  });

  it('receives the step’s text, toolCalls, finishReason, usage, systemMessages and steps including this step', async () => {
    const seen: Array<Record<string, unknown>> = [];
    const processor = {
      id: 'step-args',
      processOutputStep: (args: ProcessOutputStepArgs) => {
        seen.push({
          stepNumber: args.stepNumber,
          text: args.text,
          toolCalls: args.toolCalls,
          finishReason: args.finishReason,
          usage: args.usage,
          systemMessages: args.systemMessages.map((m) => contentText(m.content)),
          steps: args.steps.map((s) => s.text),
          lastMessage: messageText(args.messages.at(-1) as MastraDBMessage),
        });
        return args.messageList;
      },
    } satisfies Processor;
    const model = new ScriptedModel({
      steps: [
        {
          text: 'Checking.',
          toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' }, toolCallId: 'c1' }],
          usage: { inputTokens: 10, outputTokens: 5 },
        },
        { text: 'cold', usage: { inputTokens: 20, outputTokens: 1 } },
      ],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { weather },
      outputProcessors: [processor],
    });

    await agent.generate('weather?');

    expect(seen).toEqual([
      {
        stepNumber: 0,
        text: 'Checking.',
        toolCalls: [{ toolName: 'weather', toolCallId: 'c1', args: { city: 'Oslo' } }],
        finishReason: 'tool-calls',
        usage: expect.objectContaining({ inputTokens: 10, outputTokens: 5, totalTokens: 15 }),
        systemMessages: ['sys'],
        steps: ['Checking.'],
        lastMessage: 'Checking.',
      },
      {
        stepNumber: 1,
        text: 'cold',
        toolCalls: [],
        finishReason: 'stop',
        usage: expect.objectContaining({ inputTokens: 20, outputTokens: 1, totalTokens: 21 }),
        systemMessages: ['sys'],
        steps: ['Checking.', 'cold'],
        lastMessage: expect.stringContaining('cold'),
      },
    ]);
  });
});

// ---- processToolResult ----------------------------------------------------------------------

describe('processToolResult', () => {
  it('runs once per tool call after execute() succeeded, with toolName, toolCallId, args and result', async () => {
    executed.length = 0;
    const calls: Array<Record<string, unknown>> = [];
    const processor = {
      id: 'tool-audit',
      processToolResult: ({ toolName, toolCallId, args, result, stepNumber, messageList }) => {
        executed.push(`processToolResult:${toolCallId}`);
        calls.push({ toolName, toolCallId, args, result, stepNumber });
        return messageList;
      },
    } satisfies Processor;
    const model = new ScriptedModel({
      steps: [
        {
          toolCalls: [
            { toolName: 'weather', args: { city: 'Oslo' }, toolCallId: 'c1' },
            { toolName: 'weather', args: { city: 'Rome' }, toolCallId: 'c2' },
          ],
        },
        'done',
      ],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { weather },
      outputProcessors: [processor],
    });

    await agent.generate('weather?');

    expect(calls).toEqual([
      {
        toolName: 'weather',
        toolCallId: 'c1',
        args: { city: 'Oslo' },
        result: { city: 'Oslo', tempC: 4, secret: 'token-123' },
        stepNumber: 0,
      },
      {
        toolName: 'weather',
        toolCallId: 'c2',
        args: { city: 'Rome' },
        result: { city: 'Rome', tempC: 4, secret: 'token-123' },
        stepNumber: 0,
      },
    ]);
    // Each call ran after its tool's execute().
    for (const id of ['c1', 'c2']) {
      const city = id === 'c1' ? 'Oslo' : 'Rome';
      expect(executed.indexOf(`processToolResult:${id}`)).toBeGreaterThan(
        executed.indexOf(`execute:weather:${city}`),
      );
    }
  });

  it('a result replaced with messageList.updateToolInvocation reaches the next prompt and the tool-result chunk', async () => {
    const redact = {
      id: 'redact-tool-result',
      processToolResult: async ({ toolName, toolCallId, args, result, messageList }) => {
        messageList.updateToolInvocation({
          type: 'tool-invocation',
          toolInvocation: {
            state: 'result',
            toolCallId,
            toolName,
            args,
            result: { ...(result as Record<string, unknown>), secret: '[REDACTED]' },
          },
        });
      },
    } satisfies Processor;
    const redacted = { city: 'Oslo', tempC: 4, secret: '[REDACTED]' };

    const model = new ScriptedModel({ steps: TOOL_THEN_ANSWER });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { weather },
      outputProcessors: [redact],
    });
    const output = await agent.stream('weather?');
    const chunks = await collect(output.fullStream);

    const toolResult = chunks.find((c) => c.type === 'tool-result');
    expect(toolResult).toMatchObject({ payload: { toolCallId: 'c1', result: redacted } });
    expect(JSON.stringify(toolOutputs(model.calls[1]?.prompt))).toContain('[REDACTED]');
    expect(JSON.stringify(model.calls[1]?.prompt)).not.toContain('token-123');

    const genModel = new ScriptedModel({ steps: TOOL_THEN_ANSWER });
    const genAgent = new Agent({
      id: 'a',
      instructions: 'sys',
      model: genModel,
      tools: { weather },
      outputProcessors: [redact],
    });
    const result = await genAgent.generate('weather?');
    expect(result.toolResults.map((r) => r.payload.result)).toEqual([redacted]);
    expect(JSON.stringify(genModel.calls[1]?.prompt)).not.toContain('token-123');
    // The stored conversation holds the processed value too (what memory would persist).
    expect(JSON.stringify(result.messages)).not.toContain('token-123');
    expect(JSON.stringify(result.response.uiMessages)).toContain('[REDACTED]');
  });

  it('is not called when the tool throws', async () => {
    let calls = 0;
    const failing = createTool({
      id: 'failing',
      description: 'Always fails',
      inputSchema: z.object({}),
      execute: async () => {
        throw new Error('tool exploded');
      },
    });
    const processor = {
      id: 'tool-audit',
      processToolResult: ({ messageList }) => {
        calls++;
        return messageList;
      },
    } satisfies Processor;
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'failing', args: {}, toolCallId: 'f1' }] }, 'sorry'],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { failing },
      outputProcessors: [processor],
    });

    const output = await agent.stream('go');
    const chunks = await collect(output.fullStream);

    expect(chunks.some((c) => c.type === 'tool-error')).toBe(true);
    expect(calls).toBe(0);
  });
});

// ---- processOutputResult --------------------------------------------------------------------

describe('processToolResult for provider-executed tools', () => {
  it('sees the raw provider result with providerExecuted: true, and its replacement reaches the next prompt', async () => {
    const seen: Array<{ toolName: string; args: unknown; result: unknown; providerExecuted?: boolean }> = [];
    const model = new ScriptedModel({
      steps: [
        {
          parts: [
            { type: 'stream-start', warnings: [] },
            {
              type: 'tool-call',
              toolCallId: 'ws-1',
              toolName: 'web_search',
              input: '{"query":"weather"}',
              providerExecuted: true,
            },
            {
              type: 'tool-result',
              toolCallId: 'ws-1',
              toolName: 'web_search',
              result: { hits: ['secret-url'] },
            },
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: 'Found it.' },
            { type: 'text-end', id: 't' },
            {
              type: 'finish',
              finishReason: { unified: 'stop', raw: 'stop' },
              usage: {
                inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
                outputTokens: { total: 1, text: 1, reasoning: 0 },
              },
            },
          ],
        },
      ],
    });
    const redactor = {
      id: 'redactor',
      processToolResult: async ({ toolName, toolCallId, args, result, providerExecuted, messageList }) => {
        seen.push({ toolName, args, result, providerExecuted });
        messageList.updateToolInvocation({
          type: 'tool-invocation',
          toolInvocation: { state: 'result', toolCallId, toolName, args, result: { hits: ['[redacted]'] } },
        });
      },
    } satisfies Processor;
    const agent = new Agent({ id: 'a', instructions: 'x', model, outputProcessors: [redactor] });
    const result = await agent.generate('search');
    expect(seen).toEqual([
      {
        toolName: 'web_search',
        args: { query: 'weather' },
        result: { hits: ['secret-url'] },
        providerExecuted: true,
      },
    ]);
    expect(JSON.stringify(result.response.dbMessages)).toContain('[redacted]');
    expect(JSON.stringify(result.response.dbMessages)).not.toContain('secret-url');
  });
});

describe('processOutputResult', () => {
  it('runs once at the end with the final text, cumulative usage, finishReason and every step', async () => {
    const results: OutputResult[] = [];
    let responseRoles: string[] = [];
    const processor = {
      id: 'final',
      processOutputResult: ({ result, messages, messageList }) => {
        results.push(result);
        responseRoles = messages.map((m) => m.role);
        return messageList;
      },
    } satisfies Processor;
    const model = new ScriptedModel({
      steps: [
        {
          text: 'Checking. ',
          toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' }, toolCallId: 'c1' }],
          usage: { inputTokens: 10, outputTokens: 5 },
        },
        { text: 'cold', usage: { inputTokens: 20, outputTokens: 1 } },
      ],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { weather },
      outputProcessors: [processor],
    });

    await agent.generate('weather?');

    expect(results).toHaveLength(1);
    const result = results[0] as OutputResult;
    expect(result.text).toBe('Checking. cold');
    expect(result.usage).toMatchObject({ inputTokens: 30, outputTokens: 6, totalTokens: 36 });
    expect(result.finishReason).toBe('stop');
    expect(result.steps.map((s) => s.text)).toEqual(['Checking. ', 'cold']);
    // `messages` are the generated response messages only.
    expect(responseRoles.length).toBeGreaterThan(0);
    expect(responseRoles.every((r) => r === 'assistant')).toBe(true);
  });

  const metadataProcessor = {
    id: 'metadata-processor',
    processOutputResult: async ({ messages }) =>
      messages.map((msg) =>
        msg.role === 'assistant'
          ? {
              ...msg,
              content: { ...msg.content, metadata: { ...msg.content.metadata, customData: 'stamped' } },
            }
          : msg,
      ),
  } satisfies Processor;

  it('metadata added to the assistant message reaches result.response.uiMessages[i].metadata', async () => {
    const model = new ScriptedModel({ steps: ['Hi there'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [metadataProcessor] });

    const result = await agent.generate('hello');

    const assistant = result.response.uiMessages.filter((m) => m.role === 'assistant');
    expect(assistant).toHaveLength(1);
    expect(assistant[0]?.metadata).toMatchObject({ customData: 'stamped' });
    expect(result.text).toBe('Hi there');
  });

  it('metadata added to the assistant message reaches the finish chunk’s payload.response.uiMessages', async () => {
    const model = new ScriptedModel({ steps: ['Hi there'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [metadataProcessor] });

    const output = await agent.stream('hello');
    const finish = (await collect(output.fullStream)).at(-1);

    expect(finish?.type).toBe('finish');
    const uiMessages = ((finish as Extract<ChunkType, { type: 'finish' }>).payload.response?.uiMessages ??
      []) as Array<{ role: string; metadata?: unknown }>;
    expect(uiMessages.find((m) => m.role === 'assistant')?.metadata).toMatchObject({ customData: 'stamped' });
    const response = await output.response;
    expect(response.uiMessages?.find((m) => m.role === 'assistant')?.metadata).toMatchObject({
      customData: 'stamped',
    });
  });

  it('metadata set in place on messages[i].content (returning the messageList) reaches uiMessages too', async () => {
    const inPlace = {
      id: 'in-place-metadata',
      processOutputResult: ({ messages, messageList }) => {
        for (const msg of messages) {
          if (msg.role === 'assistant') msg.content.metadata = { ...msg.content.metadata, reviewed: true };
        }
        return messageList;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['Hi there'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [inPlace] });

    const result = await agent.generate('hello');

    expect(result.response.uiMessages.find((m) => m.role === 'assistant')?.metadata).toMatchObject({
      reviewed: true,
    });
  });
});
