import { Agent } from 'sluice/agent';
import {
  BackgroundTaskManager,
  type BackgroundTaskRecord,
  InMemoryBackgroundTaskStore,
  InProcessBackgroundTaskQueue,
} from 'sluice/background';
import { InMemoryStore, Memory } from 'sluice/memory';
import {
  type BackgroundWorkDisposition,
  type BackgroundWorkInvocationKind,
  type BackgroundWorkLifecyclePayload,
  type BackgroundWorkTerminalStatus,
  createBackgroundWorkSignalProcessor,
  type InputProcessor,
} from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The tool messages of a prompt, as JSON text (what the model read as tool results). */
function toolResultsText(prompt: readonly { role: string }[] | undefined): string {
  return JSON.stringify((prompt ?? []).filter((m) => m.role === 'tool'));
}

function promptText(prompt: unknown): string {
  return JSON.stringify(prompt);
}

/** A slow tool: sleeps `ms`, writes progress, records what `execute` received. */
function slowTool(
  options: {
    ms?: number;
    /** Then also wait until this holds (a task finishes only after the model saw its acknowledgement). */
    until?: () => boolean;
    background?: Parameters<typeof createTool>[0]['background'];
  } = {},
) {
  const received: unknown[] = [];
  const aborted: boolean[] = [];
  const tool = createTool({
    id: 'research',
    description: 'Slow research',
    inputSchema: z.object({ topic: z.string() }).strict(),
    background: options.background ?? { enabled: true },
    execute: async (input, { writer, abortSignal }) => {
      received.push(input);
      await writer?.write({ progress: 'halfway' });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, options.ms ?? 40);
        abortSignal?.addEventListener('abort', () => {
          clearTimeout(timer);
          aborted.push(true);
          reject(new Error('stopped'));
        });
      });
      while (options.until && !options.until()) await new Promise((resolve) => setTimeout(resolve, 2));
      return { summary: `notes on ${input.topic}` };
    },
  });
  return { tool, received, aborted };
}

async function collect(stream: { fullStream: AsyncIterable<ChunkType> }): Promise<ChunkType[]> {
  const chunks: ChunkType[] = [];
  for await (const chunk of stream.fullStream) chunks.push(chunk);
  return chunks;
}

describe('eligibility: `_background` in the schema and in the arguments', () => {
  it('only eligible tools describe `_background` to the model; it is stripped before execute', async () => {
    const { tool, received } = slowTool({ background: { enabled: true, defaultDisposition: 'foreground' } });
    const plain = createTool({
      id: 'plain',
      description: 'Plain',
      inputSchema: z.object({ q: z.string() }).strict(),
      execute: async (input) => ({ echoed: input }),
    });
    const model = new ScriptedModel({
      steps: [
        {
          toolCalls: [
            {
              toolName: 'research',
              args: { topic: 'owls', _background: { disposition: 'foreground' } },
              toolCallId: 'c1',
            },
            {
              toolName: 'plain',
              args: { q: 'x', _background: { disposition: 'deferred' } },
              toolCallId: 'c2',
            },
          ],
        },
        'done',
      ],
    });
    const manager = new BackgroundTaskManager();
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { research: tool, plain },
      backgroundTasks: { manager },
    });
    const result = await agent.generate('go');
    const tools = model.calls[0]?.tools ?? [];
    const schemaOf = (name: string) =>
      (tools.find((t) => t.name === name) as { inputSchema: { properties: Record<string, unknown> } })
        .inputSchema;
    expect(Object.keys(schemaOf('research').properties)).toEqual(['topic', '_background']);
    expect(Object.keys(schemaOf('plain').properties)).toEqual(['q']);
    // Stripped before input validation (the schemas are strict) and before execute.
    expect(received).toEqual([{ topic: 'owls' }]);
    expect(result.toolResults.map((r) => r.payload.result)).toEqual([
      { summary: 'notes on owls' },
      { echoed: { q: 'x' } },
    ]);
    // The ineligible tool's `deferred` request had no effect: nothing ran in the background.
    expect(await manager.list()).toEqual([]);
  });

  it('an agent without backgroundTasks and without opted-in tools sends schemas unchanged', async () => {
    const plain = createTool({
      id: 'plain',
      description: 'Plain',
      inputSchema: z.object({ q: z.string() }),
      execute: async () => 'ok',
    });
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'plain', args: { q: 'a' } }] }, 'done'],
    });
    await new Agent({ id: 'a', instructions: 'x', model, tools: { plain } }).generate('go');
    const sent = model.calls[0]?.tools?.at(0) as unknown as
      | { inputSchema: { properties: object } }
      | undefined;
    const schema = sent?.inputSchema ?? { properties: {} };
    expect(Object.keys(schema.properties)).toEqual(['q']);
  });

  it('backgroundTasks.tools[name] = false and disabled: true keep an opted-in tool in the foreground', async () => {
    for (const backgroundTasks of [{ tools: { research: false as const } }, { disabled: true }]) {
      const { tool, received } = slowTool();
      const manager = new BackgroundTaskManager();
      const model = new ScriptedModel({
        steps: [
          {
            toolCalls: [
              { toolName: 'research', args: { topic: 'moss', _background: { disposition: 'deferred' } } },
            ],
          },
          'ok',
        ],
      });
      const agent = new Agent({
        id: 'a',
        instructions: 'x',
        model,
        tools: { research: tool },
        backgroundTasks: { ...backgroundTasks, manager },
      });
      const result = await agent.generate('go');
      expect(result.toolResults[0]?.payload.result).toEqual({ summary: 'notes on moss' });
      expect(received).toEqual([{ topic: 'moss' }]);
      expect(await manager.list()).toEqual([]);
    }
  });

  it('a bad `_background` on an eligible call is an error result naming the field', async () => {
    const { tool, received } = slowTool();
    const model = new ScriptedModel({
      steps: [
        {
          toolCalls: [{ toolName: 'research', args: { topic: 'x', _background: { disposition: 'later' } } }],
        },
        'ok',
      ],
    });
    await new Agent({ id: 'a', instructions: 'x', model, tools: { research: tool } }).generate('go');
    expect(received).toEqual([]);
    expect(toolResultsText(model.calls[1]?.prompt)).toContain('_background.disposition');
  });

  it('a deferred call with invalid arguments is an error result at once; no task is created', async () => {
    const { tool, received } = slowTool();
    const manager = new BackgroundTaskManager();
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'research', args: { topic: 5 } }] }, 'ok'],
    });
    await new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { research: tool },
      backgroundTasks: { manager },
    }).generate('go', { untilIdle: true });
    expect(received).toEqual([]);
    expect(await manager.list()).toEqual([]);
    const results = toolResultsText(model.calls[1]?.prompt);
    expect(results).toContain('topic');
    expect(results).not.toContain('taskId');
  });

  it('bad options are configuration errors naming the option', () => {
    expect(
      () =>
        new Agent({
          id: 'a',
          instructions: 'x',
          model: new ScriptedModel({ steps: [] }),
          backgroundTasks: { tools: 'some' as never },
        }),
    ).toThrow(/"backgroundTasks" "tools" must be 'all'/);
    expect(() =>
      createTool({ id: 't', description: 'd', background: { defaultDisposition: 'awaited' as never } }),
    ).toThrow(/`background` option that "defaultDisposition" must be 'deferred' or 'foreground'/);
  });
});

describe('deferred calls: acknowledgement now, reconciled result later, untilIdle follow-up', () => {
  it('the model gets { taskId, status } at once; with untilIdle the follow-up turn reads the real result', async () => {
    const { tool, received } = slowTool({ ms: 60, until: () => model.calls.length >= 2 });
    const manager = new BackgroundTaskManager();
    const model = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'research', args: { topic: 'bees' }, toolCallId: 'call-bees' }] },
        'I started the research.',
        'The research says: notes on bees.',
      ],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { research: tool },
      backgroundTasks: { manager },
    });
    const started = Date.now();
    const output = await agent.stream('research bees', { untilIdle: true });
    const chunks = await collect(output);
    const [task] = await manager.list();
    expect(task).toMatchObject({
      status: 'completed',
      toolCallId: 'call-bees',
      result: { summary: 'notes on bees' },
    });
    expect(received).toEqual([{ topic: 'bees' }]);

    // Step 2 read the acknowledgement (the tool had not finished).
    const ack = toolResultsText(model.calls[1]?.prompt);
    expect(ack).toContain(`"taskId":"${task?.id}"`);
    expect(ack).toContain('"status":"running"');
    expect(ack).not.toContain('notes on bees');
    // The follow-up turn read the reconciled result and a notice naming the task.
    expect(model.calls).toHaveLength(3);
    expect(toolResultsText(model.calls[2]?.prompt)).toContain('notes on bees');
    expect(toolResultsText(model.calls[2]?.prompt)).not.toContain('"status":"running"');
    expect(promptText(model.calls[2]?.prompt)).toContain(`Background task ${task?.id}`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);

    const types = chunks.map((c) => c.type);
    expect(types).toContain('background-task-started');
    expect(types).toContain('background-task-progress');
    const startedChunk = chunks.find((c) => c.type === 'background-task-started') as Extract<
      ChunkType,
      { type: 'background-task-started' }
    >;
    expect(startedChunk.payload).toEqual({
      taskId: task?.id,
      toolCallId: 'call-bees',
      toolName: 'research',
      disposition: 'deferred',
    });
    const progress = chunks.find((c) => c.type === 'background-task-progress') as Extract<
      ChunkType,
      { type: 'background-task-progress' }
    >;
    expect(progress.payload.data).toEqual({ progress: 'halfway' });
    // Follow-up chunks go out on the same stream, before its finish.
    expect(types.at(-1)).toBe('finish');
    expect(await output.text).toContain('The research says: notes on bees.');
  });

  it('without untilIdle the run ends after its steps; the result is reconciled into memory', async () => {
    let runEnded = false;
    const { tool } = slowTool({ ms: 1, until: () => runEnded });
    const storage = new InMemoryStore();
    const memory = new Memory({ storage });
    const manager = new BackgroundTaskManager();
    const model = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'research', args: { topic: 'ants' }, toolCallId: 'call-ants' }] },
        'Started.',
      ],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { research: tool },
      memory,
      backgroundTasks: { manager },
    });
    const conversation = { thread: 'thread-1', resource: 'user-1' };
    const result = await agent.generate('research ants', { memory: conversation });
    runEnded = true;
    expect(result.text).toBe('Started.');
    expect(model.calls).toHaveLength(2);
    const stored = async () =>
      JSON.stringify((await memory.recall({ threadId: 'thread-1', perPage: false })).messages);
    expect(await stored()).toContain('"status":"running"');
    const [task] = await manager.list();
    await manager.waitFor(task?.id as string);
    await vi.waitFor(async () => expect(await stored()).toContain('notes on ants'), {
      timeout: 1000,
      interval: 10,
    });
    expect(await stored()).not.toContain('"status":"running"');
  });

  it('results of one step that settle at the same moment after the run are all reconciled into memory (none drops another)', async () => {
    let release = false;
    const { tool } = slowTool({ ms: 1, until: () => release });
    // A store whose reads take a while (as over a network): every reconciliation reads the
    // shared message before any of them has written it back.
    class SlowReads extends InMemoryStore {
      override async listMessages(...args: Parameters<InMemoryStore['listMessages']>) {
        const page = await super.listMessages(...args);
        await wait(20);
        return page;
      }
    }
    const storage = new SlowReads();
    const memory = new Memory({ storage });
    const manager = new BackgroundTaskManager();
    const topics = ['ants', 'bees', 'crows', 'doves'];
    const model = new ScriptedModel({
      steps: [
        {
          toolCalls: topics.map((topic) => ({
            toolName: 'research',
            args: { topic },
            toolCallId: `call-${topic}`,
          })),
        },
        'Started.',
      ],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { research: tool },
      memory,
      backgroundTasks: { manager },
    });
    await agent.generate('research four animals', { memory: { thread: 'thread-4', resource: 'user-1' } });
    // All four finish together (as when recovery settles a dead worker's tasks at once).
    release = true;
    await Promise.all((await manager.list()).map((task) => manager.waitFor(task.id)));
    const stored = async () =>
      JSON.stringify((await memory.recall({ threadId: 'thread-4', perPage: false })).messages);
    await vi.waitFor(
      async () => {
        const text = await stored();
        for (const topic of topics) expect(text).toContain(`notes on ${topic}`);
      },
      { timeout: 1000, interval: 10 },
    );
    expect(await stored()).not.toContain('"status":"running"');
  });

  it('after the run, the result is reconciled into memory even when the thread moved on by more than a page', async () => {
    let release = false;
    const { tool } = slowTool({ ms: 1, until: () => release });
    const storage = new InMemoryStore();
    const memory = new Memory({ storage });
    const manager = new BackgroundTaskManager();
    const model = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'research', args: { topic: 'owls' }, toolCallId: 'call-owls' }] },
        'Started.',
      ],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { research: tool },
      memory,
      backgroundTasks: { manager },
    });
    await agent.generate('research owls', { memory: { thread: 'busy', resource: 'user-1' } });
    // 150 later messages on the thread while the task still runs.
    const later = Date.now() + 60_000;
    await memory.saveMessages({
      messages: Array.from({ length: 150 }, (_, i) => ({
        id: `later-${i}`,
        role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
        createdAt: new Date(later + i),
        threadId: 'busy',
        resourceId: 'user-1',
        content: { format: 2 as const, parts: [{ type: 'text' as const, text: `chat ${i}` }] },
      })),
    });
    release = true;
    const [task] = await manager.list();
    await manager.waitFor(task?.id as string);
    const stored = async () =>
      JSON.stringify((await memory.recall({ threadId: 'busy', perPage: false })).messages);
    await vi.waitFor(async () => expect(await stored()).toContain('notes on owls'), {
      timeout: 2000,
      interval: 10,
    });
    expect(await stored()).not.toContain('"status":"running"');
  });

  it('untilIdle { maxIdleMs } stops waiting when no result comes in time', async () => {
    // The task finishes only when the test says so: the run can only end through maxIdleMs
    // (without it this test would hang), whatever the machine's load.
    let release = false;
    const { tool } = slowTool({ ms: 1, until: () => release });
    const manager = new BackgroundTaskManager();
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'research', args: { topic: 'slow' } }] }, 'Started.', 'never'],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { research: tool },
      backgroundTasks: { manager },
    });
    const result = await agent.generate('go', { untilIdle: { maxIdleMs: 30 } });
    expect(result.text).toBe('Started.');
    expect(model.calls).toHaveLength(2);
    const [task] = await manager.list();
    expect(task?.status).toBe('running');
    release = true;
    expect((await manager.waitFor(task?.id as string))?.status).toBe('completed');
    expect(model.calls).toHaveLength(2);
  });

  it('a follow-up turn counts against maxSteps: with no step left the run ends without waiting', async () => {
    let release = false;
    const { tool } = slowTool({ ms: 1, until: () => release });
    const manager = new BackgroundTaskManager();
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'research', args: { topic: 'x' } }] }, 'Started.', 'never'],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { research: tool },
      backgroundTasks: { manager },
    });
    // untilIdle without maxIdleMs: had the run waited, it would never end (the task is held).
    await agent.generate('go', { untilIdle: true, maxSteps: 2 });
    expect(model.calls).toHaveLength(2);
    const [task] = await manager.list();
    expect(task?.status).toBe('running');
    release = true;
    await manager.waitFor(task?.id as string);
  });

  it("the run's abortSignal ends the untilIdle wait but does not cancel the task", async () => {
    let release = false;
    const { tool, aborted } = slowTool({ ms: 1, until: () => release });
    const manager = new BackgroundTaskManager();
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'research', args: { topic: 'x' } }] }, 'Started.', 'never'],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { research: tool },
      backgroundTasks: { manager },
    });
    const controller = new AbortController();
    // Abort once the run is past its last step (held in the untilIdle wait: the task is held).
    const run = agent
      .generate('go', {
        untilIdle: true,
        abortSignal: controller.signal,
        onStepFinish: () => {
          if (model.calls.length === 2) setTimeout(() => controller.abort(), 0);
        },
      })
      .then(
        () => 'resolved',
        () => 'rejected',
      );
    await run;
    expect(model.calls).toHaveLength(2);
    const [task] = await manager.list();
    expect(task?.status).toBe('running');
    release = true;
    const final = await manager.waitFor(task?.id as string);
    expect(final).toMatchObject({ status: 'completed', result: { summary: 'notes on x' } });
    expect(aborted).toEqual([]);
  });

  it('a bad untilIdle is AGENT_INVALID_OPTIONS', async () => {
    const agent = new Agent({ id: 'a', instructions: 'x', model: new ScriptedModel({ steps: ['x'] }) });
    await expect(agent.generate('go', { untilIdle: { maxIdleMs: -1 } })).rejects.toThrow(/"untilIdle"/);
  });
});

describe('awaited calls', () => {
  it('the step waits for the reconciled result within waitTimeoutMs', async () => {
    const { tool } = slowTool({ ms: 30 });
    const manager = new BackgroundTaskManager();
    const model = new ScriptedModel({
      steps: [
        {
          toolCalls: [
            { toolName: 'research', args: { topic: 'frogs', _background: { disposition: 'awaited' } } },
          ],
        },
        'Frogs noted.',
      ],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { research: tool },
      backgroundTasks: { manager, waitTimeoutMs: 30_000 },
    });
    const result = await agent.generate('go');
    expect(toolResultsText(model.calls[1]?.prompt)).toContain('notes on frogs');
    expect(result.toolResults[0]?.payload.result).toEqual({ summary: 'notes on frogs' });
    const [task] = await manager.list();
    expect(task).toMatchObject({ status: 'completed', disposition: 'awaited' });
  });

  it('past waitTimeoutMs it becomes deferred: the acknowledgement now, the result in the untilIdle follow-up', async () => {
    const { tool } = slowTool({
      ms: 1,
      until: () => model.calls.length >= 2,
      background: { enabled: true, waitTimeoutMs: 20 },
    });
    const manager = new BackgroundTaskManager();
    const model = new ScriptedModel({
      steps: [
        {
          toolCalls: [
            { toolName: 'research', args: { topic: 'newts', _background: { disposition: 'awaited' } } },
          ],
        },
        'Still running.',
        'Done now.',
      ],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { research: tool },
      backgroundTasks: { manager },
    });
    await agent.generate('go', { untilIdle: true });
    expect(toolResultsText(model.calls[1]?.prompt)).toContain('"status":"running"');
    expect(toolResultsText(model.calls[2]?.prompt)).toContain('notes on newts');
  });
});

describe('failures, cancellation, backpressure and callbacks through the agent', () => {
  it('task timeout: the follow-up reads a timed_out error result; onFailed and onTaskFailed run', async () => {
    const onFailed = vi.fn();
    const onTaskFailed = vi.fn();
    const { tool, aborted } = slowTool({
      ms: 60_000,
      background: { enabled: true, timeoutMs: 30, onFailed },
    });
    const manager = new BackgroundTaskManager();
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'research', args: { topic: 'x' } }] }, 'Started.', 'It timed out.'],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { research: tool },
      backgroundTasks: { manager, onTaskFailed },
    });
    await agent.generate('go', { untilIdle: true });
    expect(toolResultsText(model.calls.at(-1)?.prompt)).toContain('ended timed_out');
    expect(aborted).toEqual([true]);
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect((onFailed.mock.calls.at(0)?.at(0) as BackgroundTaskRecord | undefined)?.status).toBe('timed_out');
    expect(onTaskFailed).toHaveBeenCalledTimes(1);
  });

  it('retries: a flaky tool is attempted maxRetries + 1 times and the model reads the final result', async () => {
    let attempts = 0;
    const flaky = createTool({
      id: 'flaky',
      description: 'flaky',
      inputSchema: z.object({}),
      background: { enabled: true, maxRetries: 2 },
      execute: async () => {
        attempts++;
        if (attempts < 3) throw new Error(`attempt ${attempts} failed`);
        return { ok: attempts };
      },
    });
    const manager = new BackgroundTaskManager({ retryBackoffMs: 5 });
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'flaky', args: {} }] }, 'Started.', 'Fine.'],
    });
    await new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { flaky },
      backgroundTasks: { manager },
    }).generate('go', {
      untilIdle: true,
    });
    expect(attempts).toBe(3);
    expect(toolResultsText(model.calls.at(-1)?.prompt)).toContain('"ok":3');
    expect((await manager.list())[0]).toMatchObject({ status: 'completed', retryCount: 2 });
  });

  it('cancel: the tool sees the abort, the record is cancelled, the follow-up reads the cancellation', async () => {
    const { tool, aborted } = slowTool({ ms: 60_000 });
    const manager = new BackgroundTaskManager();
    manager.subscribe((event) => {
      if (event.type === 'running') setTimeout(() => void manager.cancel(event.task.id, 'user asked'), 20);
    });
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'research', args: { topic: 'x' } }] }, 'Started.', 'Cancelled, ok.'],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { research: tool },
      backgroundTasks: { manager },
    });
    await agent.generate('go', { untilIdle: true });
    const [task] = await manager.list();
    expect(task?.status).toBe('cancelled');
    expect(aborted).toEqual([true]);
    expect(toolResultsText(model.calls.at(-1)?.prompt)).toContain('ended cancelled');
    await wait(20);
    expect((await manager.get(task?.id as string))?.status).toBe('cancelled');
  });

  it("backpressure 'reject' gives the model an error result; 'fallback-sync' runs the call inline", async () => {
    for (const backpressure of ['reject', 'fallback-sync'] as const) {
      // "one" holds the only slot until the model has read the step's results, so "two" always
      // finds the manager full; "two" itself never waits (it may run inline).
      const tool = createTool({
        id: 'research',
        description: 'Slow research',
        inputSchema: z.object({ topic: z.string() }),
        background: { enabled: true },
        execute: async ({ topic }) => {
          while (topic === 'one' && model.calls.length < 2) await wait(2);
          return { summary: `notes on ${topic}` };
        },
      });
      const manager = new BackgroundTaskManager({ concurrency: 1, backpressure });
      const model = new ScriptedModel({
        steps: [
          {
            toolCalls: [
              { toolName: 'research', args: { topic: 'one' }, toolCallId: 'c1' },
              { toolName: 'research', args: { topic: 'two' }, toolCallId: 'c2' },
            ],
          },
          'ok',
          'ok',
        ],
      });
      const agent = new Agent({
        id: 'a',
        instructions: 'x',
        model,
        tools: { research: tool },
        backgroundTasks: { manager },
      });
      await agent.generate('go', { untilIdle: true });
      const second = toolResultsText(model.calls[1]?.prompt);
      if (backpressure === 'reject') {
        expect(second).toContain('could not start in the background');
        expect(second).toContain('concurrency limit');
      } else {
        expect(second).toContain('notes on two');
      }
      expect(await manager.list()).toHaveLength(1);
    }
  });

  it('a throwing onComplete is a warning; the record stays completed and onTaskComplete still runs', async () => {
    const warnings: string[] = [];
    const spy = vi
      .spyOn(console, 'warn')
      .mockImplementation((message: string) => void warnings.push(message));
    try {
      const onTaskComplete = vi.fn();
      const { tool } = slowTool({
        ms: 5,
        background: {
          enabled: true,
          onComplete: () => {
            throw new Error('callback bug');
          },
        },
      });
      const manager = new BackgroundTaskManager();
      const model = new ScriptedModel({
        steps: [{ toolCalls: [{ toolName: 'research', args: { topic: 'x' } }] }, 'a', 'b'],
      });
      await new Agent({
        id: 'a',
        instructions: 'x',
        model,
        tools: { research: tool },
        backgroundTasks: { manager, onTaskComplete },
      }).generate('go', { untilIdle: true });
      expect((await manager.list())[0]?.status).toBe('completed');
      expect(onTaskComplete).toHaveBeenCalledTimes(1);
      expect(warnings.join('\n')).toMatch(/onComplete callback .* threw: callback bug/);
    } finally {
      spy.mockRestore();
    }
  });
});

/** A `sendSignal` that records each signal's tag before passing it on. */
type SendSignal = NonNullable<Parameters<NonNullable<InputProcessor['processInputStep']>>[0]['sendSignal']>;
function recordTo(sent: string[], send: SendSignal): SendSignal {
  return async (signal) => {
    sent.push(String(signal.tagName));
    return send(signal);
  };
}

describe('createBackgroundWorkSignalProcessor (6.19)', () => {
  /** An input processor after the signal processor that records the signal messages each step sees. */
  function signalSpy() {
    const seen: { tagName: unknown; contents: string; metadata: Record<string, unknown> }[][] = [];
    const spy: InputProcessor = {
      id: 'spy',
      processInputStep: ({ messages }) => {
        seen.push(
          messages
            .filter((m) => m.role === 'signal')
            .map((m) => {
              const { signal: _signal, ...metadata } = (m.content.metadata ?? {}) as Record<string, unknown>;
              return {
                tagName: m.type,
                contents: m.content.parts.map((p) => (p.type === 'text' ? p.text : '')).join(''),
                metadata,
              };
            }),
        );
      },
    };
    return { spy, seen };
  }

  it('deferred: work-deferred (running) at start, work-completed after reconciliation, with the documented metadata', async () => {
    const { tool } = slowTool({ ms: 1, until: () => model.calls.length >= 2 });
    const { spy, seen } = signalSpy();
    const manager = new BackgroundTaskManager();
    const model = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'research', args: { topic: 'x' }, toolCallId: 'call-x' }] },
        'Started.',
        'Done.',
      ],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { research: tool },
      backgroundTasks: { manager },
      inputProcessors: [createBackgroundWorkSignalProcessor(), spy],
    });
    const output = await agent.stream('go', { untilIdle: true, runId: 'run-signals' });
    const chunks = await collect(output);
    const [task] = await manager.list();
    const last = seen.at(-1) ?? [];
    expect(last).toEqual([
      {
        tagName: 'work-deferred',
        contents: 'work-deferred: call-x',
        metadata: {
          originRunId: 'run-signals',
          originToolCallId: 'call-x',
          taskId: task?.id,
          invocationKind: 'tool',
          disposition: 'deferred',
          status: 'running',
        },
      },
      {
        tagName: 'work-completed',
        contents: 'work-completed: call-x',
        metadata: {
          originRunId: 'run-signals',
          originToolCallId: 'call-x',
          taskId: task?.id,
          invocationKind: 'tool',
          disposition: 'deferred',
          status: 'completed',
        },
      },
    ]);
    // The follow-up prompt carries the completion signal (so no separate notice is added).
    expect(promptText(model.calls[2]?.prompt)).toContain('work-completed: call-x');
    expect(promptText(model.calls[2]?.prompt)).not.toContain('<background-task-results>');
    expect(chunks.filter((c) => c.type === 'data-signal')).toHaveLength(2);
  });

  it('awaited: work-awaited then work-completed; a failed task sends work-failed with its status', async () => {
    const failing = createTool({
      id: 'failing',
      description: 'fails',
      inputSchema: z.object({}),
      background: { enabled: true },
      execute: async () => {
        throw new Error('nope');
      },
    });
    const { tool } = slowTool({ ms: 5 });
    const { spy, seen } = signalSpy();
    const model = new ScriptedModel({
      steps: [
        {
          toolCalls: [
            {
              toolName: 'research',
              args: { topic: 'x', _background: { disposition: 'awaited' } },
              toolCallId: 'c-ok',
            },
            { toolName: 'failing', args: { _background: { disposition: 'awaited' } }, toolCallId: 'c-bad' },
          ],
        },
        'Both settled.',
      ],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { research: tool, failing },
      backgroundTasks: { manager: new BackgroundTaskManager() },
      inputProcessors: [createBackgroundWorkSignalProcessor(), spy],
    });
    await agent.generate('go');
    const events = (seen.at(-1) ?? []).map((s) => `${s.contents} ${String(s.metadata.status)}`).sort();
    expect(events).toEqual([
      'work-awaited: c-bad running',
      'work-awaited: c-ok running',
      'work-completed: c-ok completed',
      'work-failed: c-bad failed',
    ]);
    expect(toolResultsText(model.calls[1]?.prompt)).toContain('notes on x');
    expect(toolResultsText(model.calls[1]?.prompt)).toContain('nope');
  });

  it('timed_out and cancelled tasks are work-failed carrying their own status', async () => {
    const { tool } = slowTool({ ms: 60_000, background: { enabled: true, timeoutMs: 20 } });
    const other = slowTool({ ms: 60_000 }).tool;
    const { spy, seen } = signalSpy();
    const manager = new BackgroundTaskManager();
    manager.subscribe((event) => {
      if (event.type === 'running' && event.task.toolName === 'other') void manager.cancel(event.task.id);
    });
    const model = new ScriptedModel({
      steps: [
        {
          toolCalls: [
            { toolName: 'research', args: { topic: 'a' }, toolCallId: 'c-time' },
            { toolName: 'other', args: { topic: 'b' }, toolCallId: 'c-cancel' },
          ],
        },
        'a',
        'b',
        'c',
        'd',
      ],
    });
    await new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { research: tool, other },
      backgroundTasks: { manager },
      inputProcessors: [createBackgroundWorkSignalProcessor(), spy],
    }).generate('go', { untilIdle: true });
    const terminal = (seen.at(-1) ?? [])
      .filter((signal) => signal.metadata.status !== 'running')
      .map((signal) => `${signal.contents} ${String(signal.metadata.status)}`)
      .sort();
    expect(terminal).toEqual(['work-failed: c-cancel cancelled', 'work-failed: c-time timed_out']);
  });

  it('foreground calls (ineligible, or disposition foreground) send no work signals', async () => {
    const { tool } = slowTool({ ms: 1, background: { enabled: true, defaultDisposition: 'foreground' } });
    const plain = createTool({
      id: 'plain',
      description: 'p',
      inputSchema: z.object({}),
      execute: async () => 'ok',
    });
    const { spy, seen } = signalSpy();
    const model = new ScriptedModel({
      steps: [
        {
          toolCalls: [
            { toolName: 'research', args: { topic: 'x' } },
            { toolName: 'plain', args: { _background: { disposition: 'deferred' } } },
          ],
        },
        'done',
      ],
    });
    const output = await new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { research: tool, plain },
      backgroundTasks: { manager: new BackgroundTaskManager() },
      inputProcessors: [createBackgroundWorkSignalProcessor(), spy],
    }).stream('go', { untilIdle: true });
    const chunks = await collect(output);
    expect(seen.flat()).toEqual([]);
    expect(chunks.some((c) => c.type === 'data-signal' || c.type === 'background-task-started')).toBe(false);
  });

  it('a result that settles after the run ended sends nothing (best effort) and is still stored', async () => {
    let runEnded = false;
    const { tool } = slowTool({ ms: 1, until: () => runEnded });
    // The real processor, with every sendSignal call it makes recorded (also after the run).
    const signals = createBackgroundWorkSignalProcessor();
    const sent: string[] = [];
    const recording: InputProcessor = {
      id: 'recording-signals',
      processInputStep: (args) =>
        signals.processInputStep?.({
          ...args,
          ...(args.sendSignal ? { sendSignal: recordTo(sent, args.sendSignal) } : {}),
        }),
    };
    const manager = new BackgroundTaskManager();
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'research', args: { topic: 'late' } }] }, 'bye'],
    });
    await new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { research: tool },
      backgroundTasks: { manager },
      inputProcessors: [recording],
    }).generate('go');
    expect(sent).toEqual(['work-deferred']);
    runEnded = true;
    const [task] = await manager.list();
    const final = await manager.waitFor(task?.id as string);
    expect(final).toMatchObject({ status: 'completed', result: { summary: 'notes on late' } });
    // Settlement listeners run right after waitFor's; give them a turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    expect((await manager.get(task?.id as string))?.status).toBe('completed');
    expect(sent).toEqual(['work-deferred']);
  });

  it("listens for the run's end once per run, not once per step", async () => {
    const { tool } = slowTool({ ms: 1, until: () => model.calls.length >= 2 });
    const signals = createBackgroundWorkSignalProcessor();
    const runEnd = new AbortController();
    const listen = vi.spyOn(runEnd.signal, 'addEventListener');
    const sent: string[] = [];
    const wrapped: InputProcessor = {
      id: 'wrapped-signals',
      processInputStep: (args) =>
        signals.processInputStep?.({
          ...args,
          abortSignal: runEnd.signal,
          ...(args.sendSignal ? { sendSignal: recordTo(sent, args.sendSignal) } : {}),
        }),
    };
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'research', args: { topic: 'x' } }] }, 'Started.', 'Done.'],
    });
    await new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { research: tool },
      backgroundTasks: { manager: new BackgroundTaskManager() },
      inputProcessors: [wrapped],
    }).generate('go', { untilIdle: true });
    expect(model.calls).toHaveLength(3);
    expect(sent).toEqual(['work-deferred', 'work-completed']);
    expect(listen.mock.calls.filter(([type]) => type === 'abort')).toHaveLength(1);
  });

  it('has the documented id and hook, and exports the documented types', () => {
    const processor = createBackgroundWorkSignalProcessor();
    expect(processor.id).toBe('background-work-signals');
    expect(typeof processor.processInputStep).toBe('function');
    // Checked by the typecheck (tsc covers tests): the four types of api-reference 6.19.
    expectTypeOf<BackgroundWorkDisposition>().toEqualTypeOf<'deferred' | 'awaited'>();
    expectTypeOf<BackgroundWorkInvocationKind>().toEqualTypeOf<'tool' | 'agent'>();
    expectTypeOf<BackgroundWorkTerminalStatus>().toEqualTypeOf<
      'completed' | 'failed' | 'timed_out' | 'cancelled'
    >();
    expectTypeOf<BackgroundWorkLifecyclePayload['status']>().toEqualTypeOf<
      'running' | BackgroundWorkTerminalStatus
    >();
    expectTypeOf<BackgroundWorkLifecyclePayload>().toHaveProperty('executorRunId');
  });
});

describe('producer / worker managers behind an agent (in-process queue)', () => {
  it('the agent enqueues through a producer, a worker runs the tool, the follow-up reads the result', async () => {
    const store = new InMemoryBackgroundTaskStore();
    const queue = new InProcessBackgroundTaskQueue();
    const { tool, received } = slowTool({ ms: 1, until: () => model.calls.length >= 2 });
    const producer = new BackgroundTaskManager({ mode: 'producer', store, queue });
    const worker = new BackgroundTaskManager({ mode: 'worker', store, queue, tools: { research: tool } });
    await worker.start();
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'research', args: { topic: 'eels' } }] }, 'Queued.', 'Eels done.'],
    });
    const agent = new Agent({
      id: 'api',
      instructions: 'x',
      model,
      tools: { research: tool },
      backgroundTasks: { manager: producer },
    });
    const result = await agent.generate('go', { untilIdle: true });
    expect(result.text).toContain('Eels done.');
    expect(toolResultsText(model.calls[2]?.prompt)).toContain('notes on eels');
    expect(received).toEqual([{ topic: 'eels' }]);
    const [task] = await store.list();
    expect(task).toMatchObject({ status: 'completed', owner: worker.ownerId, agentId: 'api' });
    await queue.close();
  });
});
