/**
 * With `includeResolvedTools`, the search index is built once per tool set (names and
 * descriptions), not once per tools object: a run passes the step's tools as a fresh object
 * whenever `toolsets` are given or an earlier processor rewrites `tools`, and an unchanged set
 * must not be re-indexed on every step or run.
 */
import MiniSearch from 'minisearch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Agent } from '../../agent/index.js';
import type { ProcessInputStepArgs, Processor } from '../../pipeline/types.js';
import { ScriptedModel, type ScriptedStep } from '../../test/index.js';
import { createTool } from '../../tools/index.js';
import { type SearchToolsResult, ToolSearchProcessor } from './index.js';

const tool = (id: string, description: string) =>
  createTool({ id, description, inputSchema: z.object({}).passthrough(), execute: async () => `${id} ran` });

/** An earlier processor that hands the next one a fresh copy of the step's tools every step. */
const copyTools = {
  id: 'copy-tools',
  processInputStep: ({ tools }: ProcessInputStepArgs) => ({ tools: { ...tools } }),
} satisfies Processor<'copy-tools'>;

const searches = (n: number): ScriptedStep[] => [
  ...Array.from({ length: n }, (_, i) => ({
    toolCalls: [{ toolName: 'search_tools', args: { query: 'weather' }, toolCallId: `s${i}` }],
  })),
  'done',
];

function agentWith(model: ScriptedModel, processor: ToolSearchProcessor) {
  return new Agent({
    id: 'searcher',
    instructions: 'You are helpful.',
    model,
    maxSteps: 6,
    tools: { get_weather: tool('get_weather', 'Current weather for a city') },
    inputProcessors: [copyTools, processor],
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ToolSearchProcessor includeResolvedTools: one index per tool set', () => {
  it('an unchanged tool set is indexed once over a 5-step run and a second run with new toolsets objects', async () => {
    const builds = vi.spyOn(MiniSearch.prototype, 'addAll');
    const processor = new ToolSearchProcessor({
      tools: { send_email: tool('send_email', 'Send an email') },
      includeResolvedTools: true,
    });
    const toolsets = () => ({ stock_quote: tool('stock_quote', 'Latest stock price for a ticker') });

    for (const run of [1, 2]) {
      const model = new ScriptedModel({ steps: searches(5) });
      const result = await agentWith(model, processor).generate(`run ${run}`, {
        toolsets: toolsets(),
      } as never);
      expect(result.steps).toHaveLength(6);
      for (const step of result.steps.slice(0, 5)) {
        const found = step.toolResults[0]!.payload.result as SearchToolsResult;
        expect(found.results[0]!.name).toBe('get_weather');
      }
    }

    expect(builds).toHaveBeenCalledTimes(1);
  });

  it('a changed tool set (new tool, or a new description) gets its own index', async () => {
    const builds = vi.spyOn(MiniSearch.prototype, 'addAll');
    const processor = new ToolSearchProcessor({ tools: {}, includeResolvedTools: true });
    const sets = [
      { get_weather: tool('get_weather', 'Current weather for a city') },
      { get_weather: tool('get_weather', 'Current weather for a city') },
      { get_weather: tool('get_weather', 'Weather forecast for a city') },
      { get_weather: tool('get_weather', 'Weather forecast for a city'), news: tool('news', 'Weather news') },
    ];
    const seen: string[][] = [];
    for (const tools of sets) {
      const model = new ScriptedModel({ steps: searches(1) });
      const agent = new Agent({ id: 'a', instructions: 'x', model, tools, inputProcessors: [processor] });
      const result = await agent.generate('q');
      const found = result.steps[0]!.toolResults[0]!.payload.result as SearchToolsResult;
      seen.push(found.results.map((hit) => hit.description));
    }

    expect(builds).toHaveBeenCalledTimes(3);
    expect(seen[2]).toEqual(['Weather forecast for a city']);
    expect(seen[3]).toEqual(expect.arrayContaining(['Weather forecast for a city', 'Weather news']));
  });
});
