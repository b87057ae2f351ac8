/**
 * ToolCallFilter unit tests with the processor test kit: the filtering rule over random
 * histories (seeded PRNG), the pairing guarantee (no call without its result, no result without
 * its call, ever), and stored history left as it was.
 */
import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import { describe, expect, inject, it } from 'vitest';
import { toLanguageModelPrompt } from '../../messages/to-prompt.js';
import type { MastraDBMessage, MastraMessagePart } from '../../messages/types.js';
import { createProcessorHarness } from '../../test/processor-harness.js';
import { seededRandom as prng } from '../../test/seeded-random.js';
import { ToolCallFilter, type ToolCallFilterOptions } from './index.js';

const TOOLS = ['alpha', 'beta', 'gamma'] as const;

/** What the generator knows about one completed call: the oracle's input. */
interface Expected {
  id: string;
  toolName: string;
  current: boolean;
  /** Tool steps (steps with at least one completed call) after this call's step. */
  newer: number;
  modelOutput?: string;
  isError: boolean;
}

interface RandomHistory {
  history: MastraDBMessage[];
  input: MastraDBMessage[];
  response: MastraDBMessage[];
  calls: Expected[];
}

function randomHistory(rand: () => number): RandomHistory {
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const out: RandomHistory = { history: [], input: [], response: [], calls: [] };
  const stepOf: number[] = [];
  let toolSteps = 0;
  let id = 0;
  let message = 0;
  const turns = 1 + Math.floor(rand() * 4);
  // The list keeps memory first, then input, then this run's responses: generate in that order.
  const memoryTurns = Math.floor(rand() * turns);
  for (let turn = 0; turn < turns; turn++) {
    const isCurrent = turn === turns - 1 && rand() < 0.8;
    const bucket = isCurrent ? out.response : turn < memoryTurns ? out.history : out.input;
    const userBucket = isCurrent ? out.input : bucket;
    userBucket.push({
      id: `m${message++}`,
      role: 'user',
      createdAt: new Date(message),
      content: { format: 2, parts: [{ type: 'text', text: `question ${turn}` }] },
    });
    const parts: MastraMessagePart[] = [];
    const steps = 1 + Math.floor(rand() * 3);
    for (let step = 0; step < steps; step++) {
      parts.push({ type: 'step-start' });
      if (rand() < 0.4) parts.push({ type: 'text', text: `thinking ${turn}.${step}` });
      let completed = 0;
      const calls = Math.floor(rand() * 4);
      for (let c = 0; c < calls; c++) {
        const toolName = pick(TOOLS);
        const toolCallId = `t${id++}`;
        if (rand() < 0.1) {
          parts.push({
            type: 'tool-invocation',
            toolInvocation: { state: 'call', toolCallId, toolName, args: {} },
          });
          continue;
        }
        const isError = rand() < 0.15;
        const modelOutput = !isError && rand() < 0.5 ? `compact ${toolCallId}` : undefined;
        parts.push({
          type: 'tool-invocation',
          toolInvocation: {
            state: 'result',
            toolCallId,
            toolName,
            args: { secret: `ARGS-${toolCallId}` },
            result: `RAW-${toolCallId}`,
            ...(isError ? { isError: true } : {}),
          },
          ...(rand() < 0.15 ? { providerExecuted: true } : {}),
          ...(modelOutput ? { providerMetadata: { mastra: { modelOutput } } } : {}),
        });
        completed++;
        out.calls.push({ id: toolCallId, toolName, current: isCurrent, newer: 0, modelOutput, isError });
        stepOf.push(toolSteps);
      }
      if (completed > 0) toolSteps++;
    }
    if (rand() < 0.5) parts.push({ type: 'text', text: `answer ${turn}` });
    bucket.push({
      id: `m${message++}`,
      role: 'assistant',
      createdAt: new Date(message),
      content: { format: 2, parts },
    });
  }
  out.calls.forEach((call, i) => {
    call.newer = toolSteps - 1 - stepOf[i]!;
  });
  return out;
}

function randomOptions(rand: () => number): ToolCallFilterOptions {
  const options: ToolCallFilterOptions = {};
  if (rand() < 0.4) options.exclude = TOOLS.filter(() => rand() < 0.5);
  if (rand() < 0.5) options.filterAfterToolSteps = Math.floor(rand() * 4);
  if (rand() < 0.5) options.preserveModelOutput = true;
  return options;
}

/** The documented rule, written independently of the implementation. */
function isFiltered(call: Expected, options: ToolCallFilterOptions): boolean {
  if (options.exclude && !options.exclude.includes(call.toolName)) return false;
  if (options.filterAfterToolSteps === undefined) return !call.current;
  return call.newer >= options.filterAfterToolSteps;
}

interface PromptToolTraffic {
  calls: string[];
  results: string[];
  texts: string[];
}

function traffic(prompt: LanguageModelV2Prompt): PromptToolTraffic {
  const out: PromptToolTraffic = { calls: [], results: [], texts: [] };
  for (const message of prompt) {
    if (message.role === 'system') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call') out.calls.push(part.toolCallId);
      else if (part.type === 'tool-result') out.results.push(part.toolCallId);
      else if (part.type === 'text') out.texts.push(part.text);
    }
  }
  return out;
}

/** Every call has exactly one result after it, every result a call before it. */
function orphansIn(prompt: LanguageModelV2Prompt): string[] {
  const open = new Map<string, number>();
  const orphans: string[] = [];
  for (const message of prompt) {
    if (message.role !== 'assistant' && message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call') open.set(part.toolCallId, (open.get(part.toolCallId) ?? 0) + 1);
      if (part.type === 'tool-result') {
        const n = open.get(part.toolCallId) ?? 0;
        if (n === 0) orphans.push(`result ${part.toolCallId}`);
        else open.set(part.toolCallId, n - 1);
      }
    }
  }
  for (const [id, n] of open) if (n > 0) orphans.push(`call ${id}`);
  return orphans;
}

function harnessFor(random: RandomHistory, options: ToolCallFilterOptions) {
  const h = createProcessorHarness(new ToolCallFilter(options), {
    system: 'sys',
    history: random.history,
    messages: random.input,
  });
  if (random.response.length > 0) h.messageList.add(random.response, 'response');
  return h;
}

/** Seeded cases: SLUICE_PROPERTY_RUNS, or the full 2000 with CI set (vitest.config.ts). */
const CASES = inject('propertyRuns') ?? 2000;

describe('ToolCallFilter over random histories (processor test kit)', () => {
  it(`follows the documented rule, pairs every call with its result and never sends an orphan (${CASES} seeded cases)`, async () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const rand = prng(seed);
      const random = randomHistory(rand);
      const options = randomOptions(rand);
      const h = harnessFor(random, options);
      const stored = JSON.stringify(h.messageList.get.all.db());
      // Sometimes an earlier processor left an orphan call or result in the prompt.
      const prompt = toLanguageModelPrompt(h.messageList.getAllSystemMessages(), h.messageList.get.all.db());
      if (rand() < 0.3) {
        const at = 1 + Math.floor(rand() * prompt.length);
        prompt.splice(
          at,
          0,
          rand() < 0.5
            ? {
                role: 'assistant',
                content: [{ type: 'tool-call', toolCallId: 'orphan', toolName: 'alpha', input: {} }],
              }
            : {
                role: 'tool',
                content: [
                  {
                    type: 'tool-result',
                    toolCallId: 'orphan',
                    toolName: 'alpha',
                    output: { type: 'text', value: '' },
                  },
                ],
              },
        );
      }

      const run = await h.processLLMRequest({ prompt });

      const context = `seed ${seed}, options ${JSON.stringify(options)}`;
      const sent = traffic(run.result.prompt);
      const expectedKept = random.calls.filter((c) => !isFiltered(c, options)).map((c) => c.id);
      expect(orphansIn(run.result.prompt), context).toEqual([]);
      expect(sent.calls, context).toEqual(expectedKept);
      expect([...sent.results].sort(), context).toEqual([...expectedKept].sort());
      const compact = random.calls
        .filter((c) => isFiltered(c, options) && options.preserveModelOutput && c.modelOutput && !c.isError)
        .map((c) => `[${c.toolName} result] ${c.modelOutput}`);
      expect(
        sent.texts.filter((t) => t.startsWith('[')),
        context,
      ).toEqual(compact);
      // Raw arguments and raw results of filtered calls never leave.
      const text = JSON.stringify(run.result.prompt);
      for (const c of random.calls.filter((call) => isFiltered(call, options))) {
        expect(text, context).not.toContain(`ARGS-${c.id}"`);
        expect(text, context).not.toContain(`RAW-${c.id}"`);
      }
      // Stored history is untouched.
      expect(JSON.stringify(h.messageList.get.all.db()), context).toBe(stored);
    }
  });

  it('drops orphans it is handed (a result without its call, a call without its result)', async () => {
    const prompt: LanguageModelV2Prompt = [
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'lonely-call', toolName: 'alpha', input: {} }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'lonely-result',
            toolName: 'alpha',
            output: { type: 'text', value: 'x' },
          },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'again' }] },
    ];
    // Exclude makes the filter keep alpha: the orphans go anyway.
    const h = createProcessorHarness(new ToolCallFilter({ exclude: ['beta'] }));

    const run = await h.processLLMRequest({ prompt });

    expect(run.result.prompt).toEqual([prompt[0], prompt[3]]);
  });

  it('a toolCallId reused by history and the current run: each occurrence keeps its own origin', async () => {
    const invocation = (source: string): MastraMessagePart => ({
      type: 'tool-invocation',
      toolInvocation: {
        state: 'result',
        toolCallId: 'call-0-0',
        toolName: 'alpha',
        args: {},
        result: source,
      },
    });
    const h = createProcessorHarness(new ToolCallFilter(), {
      history: [
        { role: 'user', content: 'before' },
        {
          id: 'old',
          role: 'assistant',
          createdAt: new Date(1),
          content: { format: 2, parts: [invocation('OLD')] },
        },
      ],
      messages: [{ role: 'user', content: 'now' }],
    });
    h.messageList.add(
      {
        id: 'new',
        role: 'assistant',
        createdAt: new Date(2),
        content: { format: 2, parts: [invocation('NEW')] },
      },
      'response',
    );

    const run = await h.processLLMRequest();

    const text = JSON.stringify(run.result.prompt);
    expect(text).not.toContain('OLD');
    expect(text).toContain('NEW');
    expect(orphansIn(run.result.prompt)).toEqual([]);
  });

  it('a call the stored conversation does not hold (retry feedback, another processor) counts as current', async () => {
    const h = createProcessorHarness(new ToolCallFilter(), {
      history: [
        { role: 'user', content: 'before' },
        {
          id: 'old',
          role: 'assistant',
          createdAt: new Date(1),
          content: {
            format: 2,
            parts: [
              {
                type: 'tool-invocation',
                toolInvocation: {
                  state: 'result',
                  toolCallId: 'stored',
                  toolName: 'alpha',
                  args: {},
                  result: 1,
                },
              },
            ],
          },
        },
      ],
      messages: ['now'],
    });
    const base = toLanguageModelPrompt(h.messageList.getAllSystemMessages(), h.messageList.get.all.db());
    const prompt: LanguageModelV2Prompt = [
      ...base,
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'transient', toolName: 'alpha', input: {} }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'transient',
            toolName: 'alpha',
            output: { type: 'text', value: 'x' },
          },
        ],
      },
    ];

    const run = await h.processLLMRequest({ prompt });

    expect(traffic(run.result.prompt)).toMatchObject({ calls: ['transient'], results: ['transient'] });
  });

  it('preserveModelOutput also reads providerOptions.mastra.modelOutput on a prompt result part', async () => {
    const prompt: LanguageModelV2Prompt = [
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'x1', toolName: 'alpha', input: { q: 1 } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'x1',
            toolName: 'alpha',
            output: { type: 'json', value: { big: 'RAW' } },
            providerOptions: { mastra: { modelOutput: { type: 'json', value: { n: 3 } } } },
          },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'next' }] },
    ];
    const h = createProcessorHarness(
      new ToolCallFilter({ preserveModelOutput: true, filterAfterToolSteps: 0 }),
    );

    const run = await h.processLLMRequest({ prompt });

    expect(run.result.prompt).toEqual([
      prompt[0],
      { role: 'assistant', content: [{ type: 'text', text: '[alpha result] {"n":3}' }] },
      prompt[3],
    ]);
  });

  it('a prompt without tool traffic is passed through unchanged (no rewrite returned)', async () => {
    const h = createProcessorHarness(new ToolCallFilter({ filterAfterToolSteps: 0 }), {
      messages: ['hello', { role: 'assistant', content: 'hi' }, 'bye'],
    });
    const before = await h.processLLMRequest();
    const prompt = before.result.prompt;
    const run = await h.processLLMRequest({ prompt });
    expect(run.result.prompt).toBe(prompt);
  });
});
