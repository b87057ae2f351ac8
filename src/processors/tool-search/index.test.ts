/**
 * ToolSearchProcessor through a real Agent and ScriptedModel: the tools
 * each model call is offered, what the meta-tools return, and per-thread memory of loaded tools.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Agent } from '../../agent/index.js';
import { ConfigurationError } from '../../errors/configuration-error.js';
import { MASTRA_THREAD_ID_KEY, RequestContext } from '../../request-context/index.js';
import { type ScriptedCall, ScriptedModel, type ScriptedStep } from '../../test/index.js';
import { createTool } from '../../tools/index.js';
import {
  type LoadToolResult,
  type SearchToolsResult,
  ToolSearchProcessor,
  type ToolSearchProcessorOptions,
} from './index.js';

const tool = (id: string, description: string, result: unknown = `${id} ran`) =>
  createTool({ id, description, inputSchema: z.object({}).passthrough(), execute: async () => result });

const catalog = {
  get_weather: tool('get_weather', 'Current weather and forecast for a city', { sky: 'sunny' }),
  convert_currency: tool('convert_currency', 'Convert an amount between currencies using exchange rates'),
  send_email: tool('send_email', 'Send an email message to a recipient'),
  create_calendar_event: tool('create_calendar_event', 'Create an event in the user calendar'),
  translate_text: tool('translate_text', 'Translate text into another language'),
  search_flights: tool('search_flights', 'Find flights between two airports on a date'),
  stock_quote: tool('stock_quote', 'Latest stock price for a ticker symbol'),
  weather_alerts: tool('weather_alerts', 'Severe weather alerts issued for a region'),
};

const always = tool('always_on', 'An agent tool that is always exposed');

const toolNames = (call: ScriptedCall | undefined) => (call?.tools ?? []).map((t) => t.name).sort();

function threadContext(threadId?: string): RequestContext {
  const context = new RequestContext();
  if (threadId) context.set(MASTRA_THREAD_ID_KEY, threadId);
  return context;
}

function agentWith(
  model: ScriptedModel,
  processor: ToolSearchProcessor,
  tools: Record<string, unknown> = { always_on: always },
) {
  return new Agent({
    id: 'searcher',
    instructions: 'You are helpful.',
    model,
    tools: tools as never,
    inputProcessors: [processor],
  });
}

const searchThenLoad = (query: string, toolName: string): ScriptedStep[] => [
  { toolCalls: [{ toolName: 'search_tools', args: { query }, toolCallId: 'search-1' }] },
  { toolCalls: [{ toolName: 'load_tool', args: { toolName }, toolCallId: 'load-1' }] },
  { toolCalls: [{ toolName, args: {}, toolCallId: 'use-1' }] },
  'Done.',
];

afterEach(() => {
  vi.useRealTimers();
});

describe('ToolSearchProcessor (id tool-search, processInputStep)', () => {
  it('has the documented id, name and hook', () => {
    const processor = new ToolSearchProcessor({ tools: catalog });
    expect(processor.id).toBe('tool-search');
    expect(processor.name).toBe('Tool Search Processor');
    expect(typeof processor.processInputStep).toBe('function');
  });

  it('search → load → the loaded tool is offered from the next step; the same thread keeps it, another thread does not', async () => {
    const processor = new ToolSearchProcessor({ tools: catalog });
    const model = new ScriptedModel({
      steps: [...searchThenLoad('weather forecast', 'get_weather'), 'Still here.', 'Other.'],
    });
    const agent = agentWith(model, processor);

    const result = await agent.generate('Weather in Paris?', { requestContext: threadContext('t1') });

    const meta = ['always_on', 'load_tool', 'search_tools'];
    expect(toolNames(model.calls[0])).toEqual(meta);
    // load_tool ran in step 1, so step 1 itself was sent without the tool.
    expect(toolNames(model.calls[1])).toEqual(meta);
    expect(toolNames(model.calls[2])).toEqual([...meta, 'get_weather'].sort());
    const search = result.steps[0]!.toolResults[0]!.payload.result as SearchToolsResult;
    expect(search.results[0]).toMatchObject({ name: 'get_weather', score: 1 });
    expect(search.results.map((r) => r.name)).toContain('weather_alerts');
    expect(result.steps[1]!.toolResults[0]!.payload.result).toMatchObject({
      success: true,
      toolName: 'get_weather',
      loaded: ['get_weather'],
      loadedCount: 1,
    } satisfies Partial<LoadToolResult>);
    expect(result.steps[2]!.toolResults[0]!.payload.result).toEqual({ sky: 'sunny' });
    expect(result.text).toBe('Done.');

    await agent.generate('Again', { requestContext: threadContext('t1') });
    expect(toolNames(model.calls[4])).toContain('get_weather');

    await agent.generate('Elsewhere', { requestContext: threadContext('t2') });
    expect(toolNames(model.calls[5])).not.toContain('get_weather');
  });

  it('the catalog itself is never offered up front, only the meta-tools (and the agent’s own tools)', async () => {
    const model = new ScriptedModel({ steps: ['Hi.'] });
    await agentWith(model, new ToolSearchProcessor({ tools: catalog })).generate('Hello');
    for (const name of Object.keys(catalog)) expect(toolNames(model.calls[0])).not.toContain(name);
  });

  it('adds a usage instruction system message every step', async () => {
    const model = new ScriptedModel({ steps: searchThenLoad('weather', 'get_weather') });
    await agentWith(model, new ToolSearchProcessor({ tools: catalog })).generate('Weather?');
    for (const call of model.calls) {
      const system = call.prompt.filter((m) => m.role === 'system').map((m) => m.content as string);
      expect(system).toHaveLength(2);
      expect(system[1]).toContain('search_tools');
      expect(system[1]).toContain('load_tool');
    }
    const last = model.calls[3]!.prompt.find(
      (m) => m.role === 'system' && String(m.content).includes('search_tools'),
    );
    expect(last?.content).toContain('Already loaded: get_weather.');
  });

  it('anonymous requests share the "default" thread; clearState() forgets it', async () => {
    const processor = new ToolSearchProcessor({ tools: catalog });
    const model = new ScriptedModel({ steps: [...searchThenLoad('weather', 'get_weather'), 'a', 'b'] });
    const agent = agentWith(model, processor);
    await agent.generate('first');
    expect(processor.getStateStats()).toEqual({ threadCount: 1, totalLoadedTools: 1 });

    await agent.generate('second');
    expect(toolNames(model.calls[4])).toContain('get_weather');
    expect(Object.keys(await processor.getLoadedToolsForRequestContext())).toEqual(['get_weather']);

    processor.clearState();
    await agent.generate('third');
    expect(toolNames(model.calls[5])).not.toContain('get_weather');
  });

  it('search.topK caps results (default 5); search.minScore drops weak matches', async () => {
    const run = async (options: ToolSearchProcessorOptions['search'], query: string) => {
      const model = new ScriptedModel({
        steps: [{ toolCalls: [{ toolName: 'search_tools', args: { query } }] }, 'ok'],
      });
      const result = await agentWith(
        model,
        new ToolSearchProcessor({ tools: catalog, search: options }),
      ).generate('q');
      return result.steps[0]!.toolResults[0]!.payload.result as SearchToolsResult;
    };
    // Every catalog description has one of these words.
    const broad = 'weather currency email calendar translate flights stock alerts';
    expect((await run(undefined, broad)).results).toHaveLength(5);
    expect((await run({ topK: 2 }, broad)).results).toHaveLength(2);
    expect((await run({ topK: 20 }, broad)).results).toHaveLength(8);

    const all = (await run({ topK: 20 }, 'weather forecast')).results;
    expect(all.map((r) => r.name)).toEqual(['get_weather', 'weather_alerts']);
    expect(all[1]!.score).toBeGreaterThan(0);
    expect(all[1]!.score).toBeLessThan(1);
    const strict = (await run({ topK: 20, minScore: all[1]!.score + 0.001 }, 'weather forecast')).results;
    expect(strict.map((r) => r.name)).toEqual(['get_weather']);
    for (const r of all) expect(r.score).toBeLessThanOrEqual(1);
  });

  it('a query that names the tool ranks it first (name-match boost)', async () => {
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'search_tools', args: { query: 'weather alerts' } }] }, 'ok'],
    });
    const result = await agentWith(model, new ToolSearchProcessor({ tools: catalog })).generate('q');
    const search = result.steps[0]!.toolResults[0]!.payload.result as SearchToolsResult;
    expect(search.results[0]!.name).toBe('weather_alerts');
  });

  it('search.autoLoad: results are active from the next step and load_tool is not offered', async () => {
    const model = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'search_tools', args: { query: 'stock price' } }] },
        { toolCalls: [{ toolName: 'stock_quote', args: {} }] },
        'ok',
      ],
    });
    const result = await agentWith(
      model,
      new ToolSearchProcessor({ tools: catalog, search: { autoLoad: true } }),
    ).generate('AAPL?');
    expect(toolNames(model.calls[0])).toEqual(['always_on', 'search_tools']);
    expect(toolNames(model.calls[1])).toContain('stock_quote');
    expect(result.steps[1]!.toolResults[0]!.payload.result).toBe('stock_quote ran');
  });

  it('filter hides tools per phase: search results, loading and activation', async () => {
    const seen: string[] = [];
    const processor = new ToolSearchProcessor({
      tools: catalog,
      filter: ({ toolName, phase, requestContext }) => {
        seen.push(phase);
        if (phase === 'search') return toolName !== 'weather_alerts';
        if (phase === 'load') return toolName !== 'send_email';
        return requestContext?.get('tier') === 'pro' || toolName !== 'get_weather';
      },
    });
    const model = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'search_tools', args: { query: 'weather' } }] },
        {
          toolCalls: [
            { toolName: 'load_tool', args: { toolNames: ['get_weather', 'send_email', 'translate_text'] } },
          ],
        },
        'ok',
        'pro',
      ],
    });
    const agent = agentWith(model, processor);
    const result = await agent.generate('q', { requestContext: threadContext('f') });

    const search = result.steps[0]!.toolResults[0]!.payload.result as SearchToolsResult;
    expect(search.results.map((r) => r.name)).toEqual(['get_weather']);
    expect(result.steps[1]!.toolResults[0]!.payload.result).toMatchObject({
      success: false,
      loaded: ['get_weather', 'translate_text'],
      notFound: ['send_email'],
    });
    // get_weather is loaded but not active for this request.
    expect(toolNames(model.calls[2])).toContain('translate_text');
    expect(toolNames(model.calls[2])).not.toContain('get_weather');

    const pro = threadContext('f');
    pro.set('tier', 'pro');
    await agent.generate('q', { requestContext: pro });
    expect(toolNames(model.calls[3])).toContain('get_weather');
    expect(new Set(seen)).toEqual(new Set(['search', 'load', 'active']));
  });

  it('ttl: a thread unused for longer than ttl forgets its tools; ttl 0 never forgets', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0);
    const short = new ToolSearchProcessor({ tools: catalog, ttl: 1000 });
    const forever = new ToolSearchProcessor({ tools: catalog, ttl: 0 });
    for (const processor of [short, forever]) {
      const model = new ScriptedModel({ steps: searchThenLoad('weather', 'get_weather') });
      await agentWith(model, processor).generate('q', { requestContext: threadContext('x') });
    }
    vi.setSystemTime(999);
    expect(
      Object.keys(await short.getLoadedToolsForRequestContext({ requestContext: threadContext('x') })),
    ).toEqual(['get_weather']);
    vi.setSystemTime(999 + 1001);
    expect(await short.getLoadedToolsForRequestContext({ requestContext: threadContext('x') })).toEqual({});
    expect(
      Object.keys(await forever.getLoadedToolsForRequestContext({ requestContext: threadContext('x') })),
    ).toEqual(['get_weather']);
  });

  it('cleanupNow() drops idle threads at once and reports how many; clearAllState() drops all', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0);
    const processor = new ToolSearchProcessor({ tools: catalog, ttl: 1000 });
    for (const thread of ['a', 'b']) {
      const model = new ScriptedModel({ steps: searchThenLoad('weather', 'get_weather') });
      await agentWith(model, processor).generate('q', { requestContext: threadContext(thread) });
    }
    vi.setSystemTime(500);
    await processor.getLoadedToolsForRequestContext({ requestContext: threadContext('b') });
    vi.setSystemTime(1200);
    expect(processor.cleanupNow()).toBe(1);
    expect(processor.getStateStats()).toEqual({ threadCount: 1, totalLoadedTools: 1 });
    processor.clearAllState();
    expect(processor.getStateStats()).toEqual({ threadCount: 0, totalLoadedTools: 0 });
  });

  it("storage 'context': loaded tools come from load_tool results still in the conversation, not from process memory", async () => {
    const processor = new ToolSearchProcessor({ tools: catalog, storage: 'context' });
    const model = new ScriptedModel({
      steps: [...searchThenLoad('weather', 'get_weather'), 'again', 'fresh'],
    });
    const agent = agentWith(model, processor);

    const first = await agent.generate('q');
    expect(toolNames(model.calls[2])).toContain('get_weather');
    expect(processor.getStateStats()).toEqual({ threadCount: 0, totalLoadedTools: 0 });

    // The conversation carries the load_tool result: the tool is still loaded.
    await agent.generate([...first.messages, { role: 'user', content: 'more' }]);
    expect(toolNames(model.calls[4])).toContain('get_weather');
    // A new conversation on the same (default) thread starts without it.
    await agent.generate('new conversation');
    expect(toolNames(model.calls[5])).not.toContain('get_weather');
  });

  it('includeResolvedTools: the agent’s own tools are searchable and withheld until loaded', async () => {
    const processor = new ToolSearchProcessor({ tools: {}, includeResolvedTools: true });
    const model = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'search_tools', args: { query: 'always exposed' } }] },
        { toolCalls: [{ toolName: 'load_tool', args: { toolName: 'always_on' } }] },
        'ok',
      ],
    });
    const result = await agentWith(model, processor).generate('q');
    expect(toolNames(model.calls[0])).toEqual(['load_tool', 'search_tools']);
    expect((result.steps[0]!.toolResults[0]!.payload.result as SearchToolsResult).results[0]!.name).toBe(
      'always_on',
    );
    expect(toolNames(model.calls[2])).toContain('always_on');
  });

  it('injectCatalog lists every tool as "name: description" in the system message', async () => {
    const model = new ScriptedModel({ steps: ['ok'] });
    await agentWith(model, new ToolSearchProcessor({ tools: catalog, injectCatalog: true })).generate('q');
    const system = JSON.stringify(model.calls[0]!.prompt.filter((m) => m.role === 'system'));
    for (const [name, t] of Object.entries(catalog)) expect(system).toContain(`${name}: ${t.description}`);
  });

  it('load_tool reports unknown names and already loaded ones', async () => {
    const model = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'load_tool', args: { toolName: 'get_weather' } }] },
        { toolCalls: [{ toolName: 'load_tool', args: { toolNames: ['get_weather', 'nope'] } }] },
        { toolCalls: [{ toolName: 'load_tool', args: {} }] },
        'ok',
      ],
    });
    const result = await agentWith(model, new ToolSearchProcessor({ tools: catalog })).generate('q');
    const outputs = result.steps.slice(0, 3).map((s) => s.toolResults[0]!.payload.result as LoadToolResult);
    expect(outputs[0]).toMatchObject({ success: true, loaded: ['get_weather'], loadedCount: 1 });
    expect(outputs[1]).toMatchObject({
      success: false,
      loaded: [],
      alreadyLoaded: ['get_weather'],
      notFound: ['nope'],
      loadedCount: 1,
    });
    expect(outputs[1]!.toolName).toBeUndefined();
    expect(outputs[2]).toMatchObject({ success: false, loadedCount: 1 });
  });

  it('rejects bad options in the constructor, naming the option', () => {
    const cases: Array<[unknown, string]> = [
      [undefined, 'options'],
      [{ tools: [] }, 'tools'],
      [{ tools: {} }, 'tools'],
      [{ tools: { x: 42 } }, 'tools.x'],
      [{ tools: { search_tools: always } }, 'search_tools'],
      [{ tools: catalog, search: { topK: 0 } }, 'search.topK'],
      [{ tools: catalog, search: { minScore: 1.5 } }, 'search.minScore'],
      [{ tools: catalog, storage: 'redis' }, 'storage'],
      [{ tools: catalog, ttl: -1 }, 'ttl'],
      [{ tools: catalog, filter: 'x' }, 'filter'],
      [{ tools: catalog, injectCatalog: 'yes' }, 'injectCatalog'],
    ];
    for (const [options, option] of cases) {
      let error: unknown;
      try {
        new ToolSearchProcessor(options as ToolSearchProcessorOptions);
      } catch (caught) {
        error = caught;
      }
      expect(ConfigurationError.isInstance(error), option).toBe(true);
      expect((error as Error).message).toMatch(/^ToolSearchProcessor: /);
      expect((error as Error).message).toContain(option);
    }
  });
});
