/**
 * Workflows with the rest of Sluice (issue #12 items 2–3, 6; wf-semantics "State", "Cost"): a
 * redacting branch's edit is what memory stores and what the model is sent, a workflow abort
 * stores nothing of the turn (as a plain processor's abort), a `TokenCostControl` inside a
 * workflow has its ledger attached to the run and blocks once the budget is spent, and a step's
 * processor state is one object per run.
 */
import { Agent } from 'sluice/agent';
import { InMemoryStore, Memory } from 'sluice/memory';
import {
  InMemoryUsageLedger,
  PIIDetector,
  type PricingTable,
  type Processor,
  type ProcessorState,
  ProcessorStepSchema,
  TokenCostControl,
} from 'sluice/processors';
import { RequestContext } from 'sluice/request-context';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { createStep, createWorkflow } from 'sluice/workflows';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const wf = (id: string) =>
  createWorkflow({ id, inputSchema: ProcessorStepSchema, outputSchema: ProcessorStepSchema });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const conversation = { thread: 'th', resource: 'res' };

function memorySetup(steps: ConstructorParameters<typeof ScriptedModel>[0]['steps'] = ['answer', 'again']) {
  const memory = new Memory({ storage: new InMemoryStore() });
  const model = new ScriptedModel({ steps });
  return { memory, model };
}

async function stored(memory: Memory) {
  return (await memory.recall({ threadId: 'th', perPage: false, hideSignals: false })).messages;
}

const textOf = (messages: Awaited<ReturnType<typeof stored>>) =>
  messages.map((m) => `${m.role}: ${m.content.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')}`);

/** A branch that takes longer and rewrites digits; its output is the one `.map()` keeps. */
const slowDigitRedactor = {
  id: 'digit-redactor',
  processInput: async ({ messages }) => {
    await sleep(15);
    return messages.map((m) => ({
      ...m,
      content: {
        ...m.content,
        parts: m.content.parts.map((p) =>
          p.type === 'text' ? { ...p, text: p.text.replace(/\d/g, '#') } : p,
        ),
      },
    }));
  },
} satisfies Processor;
/** A branch that finishes first and only looks. */
const fastWatcher = {
  id: 'watcher',
  processInput: ({ messageList }) => messageList,
} satisfies Processor;

describe('memory + an input workflow with a redacting parallel branch', () => {
  it('the stored user message and the prompt are the redacted ones (custom redactor, slower branch)', async () => {
    const { memory, model } = memorySetup();
    const workflow = wf('privacy')
      .parallel([createStep(fastWatcher), createStep(slowDigitRedactor)])
      .map(({ inputData }) => inputData['processor:digit-redactor'])
      .commit();
    const agent = new Agent({ id: 'a', instructions: 'x', model, memory, inputProcessors: [workflow] });
    await agent.generate('my card is 4111 1111', { memory: conversation });
    expect(textOf(await stored(memory))).toEqual(['user: my card is #### ####', 'assistant: answer']);
    expect(JSON.stringify(model.calls[0]?.prompt)).not.toContain('4111');
    // The next turn loads the redacted history.
    await agent.generate('and now?', { memory: conversation });
    const second = JSON.stringify(model.calls[1]?.prompt);
    expect(second).toContain('my card is #### ####');
    expect(second).not.toContain('4111');
  });

  it('the seed shape: PIIDetector (offline, redact) in parallel with a blocking check, .map() picking processor:pii-detector', async () => {
    const { memory, model } = memorySetup();
    const blocker = {
      id: 'injection-check',
      processInput: ({ messages, abort }) => {
        if (JSON.stringify(messages).includes('ignore previous')) abort('injection');
        return messages;
      },
    } satisfies Processor;
    const workflow = wf('moderation-pipeline')
      .parallel([
        createStep(new PIIDetector({ strategy: 'redact', detectionTypes: ['email'] })),
        createStep(blocker),
      ])
      .map(async ({ inputData }) => inputData['processor:pii-detector'])
      .commit();
    const agent = new Agent({ id: 'a', instructions: 'x', model, memory, inputProcessors: [workflow] });
    const result = await agent.generate('Write to ana.silva@posteo.de please', { memory: conversation });
    expect(result.tripwire).toBeUndefined();
    const saved = JSON.stringify(await stored(memory));
    expect(saved).not.toContain('ana.silva@posteo.de');
    expect(saved).toContain('Write to ');
    expect(JSON.stringify(model.calls[0]?.prompt)).not.toContain('ana.silva@posteo.de');
  });

  it.each(['processOutputStep', 'processOutputResult'] as const)(
    'an output workflow redacting the answer in a parallel branch (%s): the stored answer is the redacted one',
    async (hook) => {
      const { memory } = memorySetup(['call 555 1234']);
      const redact = {
        id: 'answer-redactor',
        [hook]: async ({
          messages,
        }: {
          messages: Array<{ role: string; content: { parts: unknown[] } }>;
        }) => {
          await sleep(5);
          return messages.map((m) =>
            m.role !== 'assistant'
              ? m
              : {
                  ...m,
                  content: {
                    ...m.content,
                    parts: m.content.parts.map((p) =>
                      (p as { type: string }).type === 'text'
                        ? { ...(p as object), text: (p as { text: string }).text.replace(/\d/g, '#') }
                        : p,
                    ),
                  },
                },
          );
        },
      } as unknown as Processor;
      const watch = {
        id: 'watcher',
        [hook]: ({ messageList }: { messageList: unknown }) => messageList,
      } as Processor;
      const workflow = wf('answer-privacy')
        .parallel([createStep(watch), createStep(redact)])
        .map(({ inputData }) => inputData['processor:answer-redactor'])
        .commit();
      const agent = new Agent({
        id: 'a',
        instructions: 'x',
        model: new ScriptedModel({ steps: ['call 555 1234'] }),
        memory,
        outputProcessors: [workflow],
      });
      const result = await agent.generate('number?', { memory: conversation });
      expect(textOf(await stored(memory))).toEqual(['user: number?', 'assistant: call ### ####']);
      // Only the parts: message ids are random and may contain the digits.
      expect(JSON.stringify(result.response.dbMessages.map((m) => m.content.parts))).not.toContain('555');
    },
  );

  it('a workflow abort stores nothing of the turn (as a plain processor abort)', async () => {
    const { memory, model } = memorySetup();
    const guard = {
      id: 'guard',
      processInput: async ({ abort }) => {
        await sleep(1);
        abort('blocked input');
      },
    } satisfies Processor;
    const workflow = wf('privacy')
      .parallel([createStep(slowDigitRedactor), createStep(guard)])
      .map(({ inputData }) => inputData['processor:digit-redactor'])
      .commit();
    const agent = new Agent({ id: 'a', instructions: 'x', model, memory, inputProcessors: [workflow] });
    const result = await agent.generate('secret 123', { memory: conversation });
    expect(result.tripwire).toMatchObject({ reason: 'blocked input', processorId: 'guard' });
    expect(await stored(memory)).toEqual([]);
    expect(model.calls).toHaveLength(0);
  });

  it('an output workflow abort stores nothing of the turn either', async () => {
    const { memory, model } = memorySetup();
    const guard = {
      id: 'answer-guard',
      processOutputStep: ({ abort }) => abort('blocked answer'),
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      memory,
      outputProcessors: [wf('out-checks').then(createStep(guard)).commit()],
    });
    const result = await agent.generate('q', { memory: conversation });
    expect(result.tripwire?.processorId).toBe('answer-guard');
    expect(await stored(memory)).toEqual([]);
  });
});

describe('TokenCostControl inside a workflow step', () => {
  /** $10 per million input tokens, $20 per million output tokens: 1000 in + 500 out = $0.02. */
  const PRICING: PricingTable = { 'acme/m1': { input: 10, output: 20 } };
  const CALL = { inputTokens: 1000, outputTokens: 500 };
  const costModel = (steps: ConstructorParameters<typeof ScriptedModel>[0]['steps']) =>
    new ScriptedModel({ provider: 'acme.chat', modelId: 'm1', steps });

  it('its ledger is attached to the run: calls are recorded and the scope is blocked once the budget is spent', async () => {
    const ledger = new InMemoryUsageLedger();
    const control = new TokenCostControl({
      maxCost: 0.03,
      scope: 'user',
      window: '24h',
      ledger,
      pricing: PRICING,
    });
    const model = costModel([
      { text: 'one', usage: CALL },
      { text: 'two', usage: CALL },
      { text: 'never', usage: CALL },
    ]);
    const agent = new Agent({
      id: 'budgeted',
      instructions: 'x',
      model,
      inputProcessors: [wf('budget').then(createStep(control)).commit()],
    });
    const requestContext = new RequestContext([['userId', 'u1']]);
    expect((await agent.generate('a', { requestContext })).tripwire).toBeUndefined();
    expect((await agent.generate('b', { requestContext })).tripwire).toBeUndefined();
    const totals = await ledger.totals({ scope: 'user', scopeKey: 'u1', window: '24h' });
    expect(totals.estimatedCost).toBeCloseTo(0.04, 9);
    const blocked = await agent.generate('c', { requestContext });
    expect(model.calls).toHaveLength(2);
    expect(blocked.tripwire).toMatchObject({ processorId: 'token-cost-control' });
    expect(blocked.tripwire?.metadata).toMatchObject({ scope: 'user', scopeKey: 'u1', threshold: 'hard' });
  });

  it('scope "run": a run whose first model call spends the budget stops before its next step', async () => {
    const lookup = createTool({
      id: 'lookup',
      description: 'Looks up',
      inputSchema: z.object({ q: z.string() }),
      execute: async () => 'found',
    });
    const control = new TokenCostControl({ maxCost: 0.01, scope: 'run', pricing: PRICING });
    const model = costModel([
      { toolCalls: [{ toolName: 'lookup', args: { q: 'a' } }], usage: CALL },
      { text: 'never', usage: CALL },
    ]);
    const agent = new Agent({
      id: 'budgeted',
      instructions: 'x',
      model,
      tools: { lookup },
      inputProcessors: [wf('budget').then(createStep(control)).commit()],
    });
    const result = await agent.generate('go', { maxSteps: 3 });
    expect(model.calls).toHaveLength(1);
    expect(result.tripwire?.metadata).toMatchObject({ scope: 'run', scopeKey: result.runId });
  });
});

describe('processor state of a workflow step', () => {
  it('is one object per run, shared by the processor’s hooks across the run’s steps, fresh for the next run', async () => {
    const lookup = createTool({
      id: 'lookup',
      description: 'Looks up',
      inputSchema: z.object({}),
      execute: async () => 'found',
    });
    const states = new Set<ProcessorState>();
    const counts: number[][] = [];
    let current: number[] = [];
    const counter = {
      id: 'counter',
      processInput: ({ state, messageList }) => {
        states.add(state);
        current = [];
        counts.push(current);
        state.calls = 1;
        return messageList;
      },
      processInputStep: ({ state }) => {
        states.add(state);
        state.calls = (state.calls as number) + 1;
        current.push(state.calls as number);
      },
    } satisfies Processor;
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'lookup', args: {} }] }, 'done', 'second run'],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { lookup },
      inputProcessors: [wf('stateful').then(createStep(counter)).commit()],
    });
    await agent.generate('first', { maxSteps: 3 });
    await agent.generate('second');
    // Run 1: processInput then two model steps on the same state; run 2 starts again.
    expect(counts).toEqual([[2, 3], [2]]);
    expect(states.size).toBe(2);
  });

  it('a plain step’s state is one object per run too', async () => {
    const seen: ProcessorState[] = [];
    const workflow = wf('plain-state')
      .then(
        createStep({
          id: 'remember',
          inputSchema: ProcessorStepSchema,
          outputSchema: ProcessorStepSchema,
          execute: ({ inputData, state }) => {
            seen.push(state);
            return inputData;
          },
        }),
      )
      .commit();
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['one', 'two'] }),
      inputProcessors: [workflow],
    });
    await agent.generate('first');
    const firstRun = seen.length;
    await agent.generate('second');
    // input + inputStep in each run share one state; the second run gets a new one.
    expect(firstRun).toBe(2);
    expect(seen[0]).toBe(seen[1]);
    expect(seen[2]).toBe(seen[3]);
    expect(seen[2]).not.toBe(seen[0]);
  });

  it('the same workflow in both lanes: a step processor’s input and output hooks share one state per run', async () => {
    const seenAtEnd: unknown[] = [];
    const both = {
      id: 'both-hooks',
      processInput: ({ state, messageList }) => {
        state.fromInput = (state.fromInput as number | undefined) ?? 0;
        state.fromInput = (state.fromInput as number) + 1;
        return messageList;
      },
      processOutputResult: ({ state, messageList }) => {
        seenAtEnd.push(state.fromInput);
        return messageList;
      },
    } satisfies Processor;
    const workflow = wf('two-lanes').then(createStep(both)).commit();
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['one', 'two'] }),
      inputProcessors: [workflow],
      outputProcessors: [workflow],
    });
    await agent.generate('first');
    await agent.generate('second');
    expect(seenAtEnd).toEqual([1, 1]);
  });

  it('concurrent runs of one agent each get their own step state', async () => {
    const tagger = {
      id: 'tagger',
      processInput: async ({ state, messages, messageList }) => {
        state.tag = JSON.stringify(messages).includes('run-a') ? 'a' : 'b';
        await sleep(10);
        return messageList;
      },
      processOutputResult: ({ state, messageList }) => {
        tags.push(state.tag as string);
        return messageList;
      },
    } satisfies Processor;
    const tags: string[] = [];
    const workflow = wf('concurrent').then(createStep(tagger)).commit();
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['one', 'two'] }),
      inputProcessors: [workflow],
      outputProcessors: [workflow],
    });
    await Promise.all([agent.generate('run-a'), agent.generate('run-b')]);
    expect(tags.sort()).toEqual(['a', 'b']);
  });
});
