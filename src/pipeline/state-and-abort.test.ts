/**
 * Per-processor `state` and `abort()` / tripwire / `onViolation` / hook
 * failure rules, pinned through the public API for every hook that can abort.
 */
import { ProcessorError } from 'sluice';
import { Agent } from 'sluice/agent';
import type {
  InputProcessor,
  OutputProcessor,
  Processor,
  ProcessorContext,
  ProcessorState,
  ProcessorViolation,
} from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel, type ScriptedStep } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

const weather = createTool({
  id: 'weather',
  description: 'Weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, tempC: 4 }),
});

/** Step 0 calls a tool; step 1 answers with text a guardrail must block. */
const TOOL_THEN_SECRET: ScriptedStep[] = [
  { toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' }, toolCallId: 'c1' }] },
  { text: ['Here is the ', 'SECRET', ' answer.'] },
];

function agentWith(lanes: { input?: Processor[]; output?: Processor[] }, model: ScriptedModel) {
  return new Agent({
    id: 'a',
    instructions: 'sys',
    model,
    tools: { weather },
    inputProcessors: lanes.input as InputProcessor[] | undefined,
    outputProcessors: lanes.output as OutputProcessor[] | undefined,
  });
}

// ---- state ----------------------------------------------------------------------------------

describe('state', () => {
  it('one state object per processor id per call, shared by all of its hooks across all steps', async () => {
    const states = new Set<ProcessorState>();
    const hooks = new Set<string>();
    let countAtEnd: unknown;
    const note = (hook: string, state: ProcessorState) => {
      hooks.add(hook);
      states.add(state);
      state.calls = ((state.calls as number | undefined) ?? 0) + 1;
    };
    const processor = {
      id: 'stateful',
      processInput: ({ state, messageList }) => {
        note('processInput', state);
        return messageList;
      },
      processInputStep: ({ state }) => {
        note('processInputStep', state);
      },
      processLLMRequest: ({ state }) => {
        note('processLLMRequest', state);
      },
      processLLMResponse: ({ state }) => {
        note('processLLMResponse', state);
      },
      processOutputStream: async ({ part, state }) => {
        note('processOutputStream', state);
        return part;
      },
      processOutputStep: ({ state, messageList }) => {
        note('processOutputStep', state);
        return messageList;
      },
      processToolResult: ({ state, messageList }) => {
        note('processToolResult', state);
        return messageList;
      },
      processOutputResult: ({ state, messageList }) => {
        note('processOutputResult', state);
        countAtEnd = state.calls;
        return messageList;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: [TOOL_THEN_SECRET[0] as ScriptedStep, 'cold'] });

    await agentWith({ input: [processor], output: [processor] }, model).generate('weather?');

    expect([...hooks].sort()).toEqual([
      'processInput',
      'processInputStep',
      'processLLMRequest',
      'processLLMResponse',
      'processOutputResult',
      'processOutputStep',
      'processOutputStream',
      'processToolResult',
    ]);
    expect(states.size).toBe(1);
    // Every hook call wrote into the same object, so the last one saw all of them.
    expect(countAtEnd).toBeGreaterThan(10);
  });

  it('each generate()/stream() call gets a fresh, empty state object', async () => {
    const firstSeen: ProcessorState[] = [];
    const userKeysAtStart: string[][] = [];
    const processor = {
      id: 'per-request',
      processInput: ({ state, messageList }) => {
        firstSeen.push(state);
        userKeysAtStart.push(Object.keys(state).filter((k) => !k.startsWith('__')));
        state.visited = true;
        return messageList;
      },
      processOutputStream: async ({ part, state }) => {
        state.chunks = ((state.chunks as number | undefined) ?? 0) + 1;
        return part;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['one', 'two', 'three'] });
    const agent = agentWith({ input: [processor], output: [processor] }, model);

    await agent.generate('first');
    await (await agent.stream('second')).consumeStream();
    await agent.generate('third');

    expect(userKeysAtStart).toEqual([[], [], []]);
    expect(new Set(firstSeen).size).toBe(3);
  });

  it('processors with different ids never share state', async () => {
    const seen: Record<string, { state: ProcessorState; ownerSeen: unknown }> = {};
    const make = (id: string) =>
      ({
        id,
        processOutputStream: async ({ part, state }) => {
          seen[id] = { state, ownerSeen: seen[id] ? seen[id].ownerSeen : state.owner };
          state.owner = id;
          return part;
        },
      }) satisfies Processor;
    const model = new ScriptedModel({ steps: ['hello'] });

    await agentWith({ output: [make('first'), make('second')] }, model).generate('hi');

    expect(seen.first?.state).not.toBe(seen.second?.state);
    expect(seen.first?.state.owner).toBe('first');
    expect(seen.second?.state.owner).toBe('second');
    // The second processor never saw the first one's write.
    expect(seen.second?.ownerSeen).toBeUndefined();
  });

  it('two processor objects with the same id (one per lane) share one state object', async () => {
    let inputState: ProcessorState | undefined;
    let outputState: ProcessorState | undefined;
    const inputSide = {
      id: 'cache-key',
      processLLMRequest: ({ state }) => {
        inputState = state;
        state.key = 'k1';
      },
    } satisfies Processor;
    const outputSide = {
      id: 'cache-key',
      processOutputResult: ({ state, messageList }) => {
        outputState = state;
        return messageList;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['hello'] });

    await agentWith({ input: [inputSide], output: [outputSide] }, model).generate('hi');

    expect(outputState).toBe(inputState);
    expect(outputState?.key).toBe('k1');
  });
});

// ---- abort ----------------------------------------------------------------------------------

type Fire = (ctx: { abort: ProcessorContext['abort'] }) => never;

interface HookCase {
  hook: string;
  lane: 'input' | 'output';
  /** The hook, calling `fire` at the documented point of the TOOL_THEN_SECRET run. */
  build: (fire: Fire) => Partial<Processor>;
  /** True when the blocked text was already produced (and streamed) before the hook fired. */
  afterSecret: boolean;
  /** Model calls made before the abort stopped the run. */
  modelCalls: number;
}

const HOOK_CASES: HookCase[] = [
  {
    hook: 'processInput',
    modelCalls: 0,
    lane: 'input',
    afterSecret: false,
    build: (fire) => ({ processInput: ({ abort }) => fire({ abort }) }),
  },
  {
    hook: 'processInputStep',
    modelCalls: 1,
    lane: 'input',
    afterSecret: false,
    build: (fire) => ({
      processInputStep: ({ abort, stepNumber }) => {
        if (stepNumber === 1) fire({ abort });
      },
    }),
  },
  {
    hook: 'processLLMRequest',
    modelCalls: 1,
    lane: 'input',
    afterSecret: false,
    build: (fire) => ({
      processLLMRequest: ({ abort, stepNumber }) => {
        if (stepNumber === 1) fire({ abort });
      },
    }),
  },
  {
    hook: 'processLLMResponse',
    modelCalls: 2,
    lane: 'input',
    afterSecret: true,
    build: (fire) => ({
      processLLMResponse: ({ abort, stepNumber }) => {
        if (stepNumber === 1) fire({ abort });
      },
    }),
  },
  {
    hook: 'processOutputStream',
    modelCalls: 2,
    lane: 'output',
    afterSecret: false,
    build: (fire) => ({
      processOutputStream: async ({ part, abort }) => {
        if (part.type === 'text-delta' && part.payload.text.includes('SECRET')) fire({ abort });
        return part;
      },
    }),
  },
  {
    hook: 'processOutputStep',
    modelCalls: 2,
    lane: 'output',
    afterSecret: true,
    build: (fire) => ({
      processOutputStep: ({ abort, stepNumber, messageList }) => {
        if (stepNumber === 1) fire({ abort });
        return messageList;
      },
    }),
  },
  {
    hook: 'processToolResult',
    modelCalls: 1,
    lane: 'output',
    afterSecret: false,
    build: (fire) => ({ processToolResult: ({ abort }) => fire({ abort }) }),
  },
  {
    hook: 'processOutputResult',
    modelCalls: 2,
    lane: 'output',
    afterSecret: true,
    build: (fire) => ({ processOutputResult: ({ abort }) => fire({ abort }) }),
  },
];

function guardAgent(c: HookCase, fire: Fire, onViolation?: Processor['onViolation']) {
  const guard: Processor = { id: 'guard', onViolation, ...c.build(fire) };
  const model = new ScriptedModel({ steps: TOOL_THEN_SECRET });
  return { agent: agentWith(c.lane === 'input' ? { input: [guard] } : { output: [guard] }, model), model };
}

describe('abort()', () => {
  it.each(HOOK_CASES)(
    'abort(reason, { metadata }) in $hook ends the stream with a tripwire chunk and generate() with result.tripwire',
    async (c) => {
      const reason = `blocked in ${c.hook}`;
      const metadata = { category: 'pii', hook: c.hook };
      const violations: ProcessorViolation[] = [];
      const fire: Fire = ({ abort }) => abort(reason, { metadata });
      const onViolation = (v: ProcessorViolation) => {
        violations.push(v);
      };

      // stream(): the last chunk is the tripwire.
      const streamed = guardAgent(c, fire, onViolation);
      const output = await streamed.agent.stream('weather?');
      const chunks = await collect(output.fullStream);
      expect(chunks.at(-1)).toEqual({
        type: 'tripwire',
        runId: output.runId,
        from: 'AGENT',
        payload: { reason, retry: undefined, metadata, processorId: 'guard' },
      });
      expect(chunks.filter((ch) => ch.type === 'tripwire')).toHaveLength(1);
      expect(chunks.some((ch) => ch.type === 'finish')).toBe(false);
      if (!c.afterSecret) {
        const streamedText = chunks.flatMap((ch) => (ch.type === 'text-delta' ? [ch.payload.text] : []));
        expect(streamedText.join('')).not.toContain('SECRET');
      }
      expect(await output.finishReason).toBe('other');
      expect(output.tripwire).toEqual({ reason, retry: undefined, metadata, processorId: 'guard' });
      // The abort stopped the run where it happened: no later model call.
      expect(streamed.model.calls).toHaveLength(c.modelCalls);

      // generate(): resolves, never throws, and keeps the blocked text out of the result.
      const generated = guardAgent(c, fire, onViolation);
      const result = await generated.agent.generate('weather?');
      expect(result.tripwire).toEqual({ reason, retry: undefined, metadata, processorId: 'guard' });
      expect(result.finishReason).toBe('other');
      expect(result.text).not.toContain('SECRET');
      expect(JSON.stringify(result.response.messages)).not.toContain('SECRET');
      expect(JSON.stringify(result.response.uiMessages)).not.toContain('SECRET');
      expect(JSON.stringify(result.response.dbMessages)).not.toContain('SECRET');

      // onViolation ran once per aborted run, with the abort's reason and metadata.
      expect(violations).toEqual([
        { processorId: 'guard', message: reason, detail: metadata },
        { processorId: 'guard', message: reason, detail: metadata },
      ]);
    },
  );

  it('abort() without a reason uses a default reason naming the processor', async () => {
    const c = HOOK_CASES[0] as HookCase;
    const { agent } = guardAgent(c, ({ abort }) => abort());

    const result = await agent.generate('hi');

    expect(result.tripwire?.processorId).toBe('guard');
    expect(result.tripwire?.reason).toContain('guard');
  });

  it('an onViolation that throws is swallowed: the run still ends as the same tripwire', async () => {
    const onViolation = vi.fn(() => {
      throw new Error('alerting is down');
    });
    const c = HOOK_CASES.find((h) => h.hook === 'processOutputStep') as HookCase;
    const fire: Fire = ({ abort }) => abort('off-topic', { metadata: { score: 0.2 } });

    const result = await guardAgent(c, fire, onViolation).agent.generate('weather?');
    const output = await guardAgent(c, fire, onViolation).agent.stream('weather?');
    const last = (await collect(output.fullStream)).at(-1);

    expect(result.tripwire).toMatchObject({ reason: 'off-topic', processorId: 'guard' });
    expect(result.finishReason).toBe('other');
    expect(result.error).toBeUndefined();
    expect(last).toMatchObject({ type: 'tripwire', payload: { reason: 'off-topic', processorId: 'guard' } });
    expect(onViolation).toHaveBeenCalledTimes(2);
  });

  it('an async onViolation that rejects is swallowed too', async () => {
    const c = HOOK_CASES.find((h) => h.hook === 'processInput') as HookCase;
    const { agent } = guardAgent(
      c,
      ({ abort }) => abort('nope'),
      async () => {
        throw new Error('rejected');
      },
    );

    const result = await agent.generate('hi');

    expect(result.tripwire).toMatchObject({ reason: 'nope', processorId: 'guard' });
  });

  it('onViolation is called on every abort, including retried ones', async () => {
    const violations: ProcessorViolation[] = [];
    const guard = {
      id: 'guard',
      onViolation: (v: ProcessorViolation) => {
        violations.push(v);
      },
      processOutputStep: ({ abort, retryCount }) => abort(`attempt ${retryCount} rejected`, { retry: true }),
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['first try', 'second try'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      outputProcessors: [guard],
      maxProcessorRetries: 1,
    });

    const result = await agent.generate('hi');

    expect(model.calls).toHaveLength(2);
    expect(result.tripwire).toMatchObject({
      reason: 'attempt 1 rejected',
      retry: true,
      processorId: 'guard',
    });
    expect(violations.map((v) => v.message)).toEqual(['attempt 0 rejected', 'attempt 1 rejected']);
  });
});

// ---- hooks that throw -----------------------------------------------------------------------

describe('a hook that throws a plain Error', () => {
  it.each(HOOK_CASES)(
    'in $hook: generate() rejects and the stream ends with an error chunk, both naming the processor and hook',
    async (c) => {
      const boom = new Error('kaboom');
      const fire: Fire = () => {
        throw boom;
      };

      const generated = guardAgent(c, fire);
      const error = await generated.agent.generate('weather?').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(ProcessorError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'PROCESSOR_HOOK_FAILED', processorId: 'guard', hook: c.hook });
      expect((error as Error).message).toContain('guard');
      expect((error as Error).message).toContain(c.hook);
      expect((error as Error).message).toContain('kaboom');
      expect((error as Error).cause).toBe(boom);

      const streamed = guardAgent(c, fire);
      const output = await streamed.agent.stream('weather?');
      const last = (await collect(output.fullStream)).at(-1);
      expect(last?.type).toBe('error');
      const streamedError = (last as Extract<ChunkType, { type: 'error' }>).payload.error;
      expect(String((streamedError as Error)?.message ?? streamedError)).toContain('guard');
      expect(String((streamedError as Error)?.message ?? streamedError)).toContain(c.hook);
      expect(await output.finishReason).toBe('error');
    },
  );
});
