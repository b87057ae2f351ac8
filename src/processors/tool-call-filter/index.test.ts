/**
 * ToolCallFilter through a real Agent and ScriptedModel: what the model is sent on every call,
 * and what stays stored.
 */
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '../../agent/index.js';
import { ConfigurationError } from '../../errors/configuration-error.js';
import type { MastraDBMessage } from '../../messages/types.js';
import { ScriptedModel, type ScriptedStep } from '../../test/index.js';
import { createTool } from '../../tools/index.js';
import { ToolCallFilter, type ToolCallFilterOptions } from './index.js';

const weather = createTool({
  id: 'weather',
  description: 'Current weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, temperature: 21, raw: 'RAW-WEATHER-PAYLOAD' }),
  toModelOutput: (output: { city: string; temperature: number }) => `${output.city}: ${output.temperature}C`,
});

const news = createTool({
  id: 'news',
  description: 'Headlines about a topic',
  inputSchema: z.object({ topic: z.string() }),
  execute: async ({ topic }) => ({ topic, headlines: ['RAW-NEWS-PAYLOAD'] }),
});

const call = (toolName: string, args: object, toolCallId: string) => ({ toolName, args, toolCallId });

function agentWith(model: ScriptedModel, options?: ToolCallFilterOptions) {
  return new Agent({
    id: 'filtered',
    instructions: 'You are helpful.',
    model,
    tools: { weather, news },
    inputProcessors: [new ToolCallFilter(options)],
  });
}

/** Tool call ids (and tool-result ids) present in a prompt, in order. */
function callIds(prompt: LanguageModelV4Prompt): { calls: string[]; results: string[] } {
  const calls: string[] = [];
  const results: string[] = [];
  for (const message of prompt) {
    if (message.role !== 'assistant' && message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call') calls.push(part.toolCallId);
      if (part.type === 'tool-result') results.push(part.toolCallId);
    }
  }
  return { calls, results };
}

/** A first run that used both tools, so the second run has tool calls in its history. */
async function history(): Promise<MastraDBMessage[]> {
  const model = new ScriptedModel({
    steps: [
      { toolCalls: [call('weather', { city: 'Paris' }, 'h-weather')] },
      { toolCalls: [call('news', { topic: 'Paris' }, 'h-news')] },
      'Sunny, and the news is quiet.',
    ],
  });
  const first = await new Agent({ id: 'plain', instructions: 'x', model, tools: { weather, news } }).generate(
    'Paris today?',
  );
  return first.messages;
}

describe('ToolCallFilter (id tool-call-filter, processLLMRequest only)', () => {
  it('has the documented id and implements only processLLMRequest', () => {
    const filter = new ToolCallFilter();
    expect(filter.id).toBe('tool-call-filter');
    expect(typeof filter.processLLMRequest).toBe('function');
    for (const hook of ['processInput', 'processInputStep', 'processOutputStream', 'processOutputResult'])
      expect(hook in filter).toBe(false);
  });

  it('default: tool calls from earlier history are filtered, calls of the current loop are kept', async () => {
    const earlier = await history();
    const model = new ScriptedModel({
      steps: [{ toolCalls: [call('weather', { city: 'Rome' }, 'now-1')] }, 'Rome is warm.'],
    });

    await agentWith(model).generate([...earlier, { role: 'user', content: 'And Rome?' }]);

    expect(model.calls).toHaveLength(2);
    expect(callIds(model.calls[0]!.prompt)).toEqual({ calls: [], results: [] });
    // The history's text survives; only its tool traffic is gone.
    expect(JSON.stringify(model.calls[0]!.prompt)).toContain('Sunny, and the news is quiet.');
    expect(callIds(model.calls[1]!.prompt)).toEqual({ calls: ['now-1'], results: ['now-1'] });
  });

  it('without the filter the same history reaches the model (the test can tell the difference)', async () => {
    const earlier = await history();
    const model = new ScriptedModel({ steps: ['ok'] });
    await new Agent({ id: 'plain', instructions: 'x', model, tools: { weather, news } }).generate([
      ...earlier,
      { role: 'user', content: 'And Rome?' },
    ]);
    expect(callIds(model.calls[0]!.prompt).calls).toEqual(['h-weather', 'h-news']);
  });

  it('only the prompt changes: stored messages and the result keep every call with its raw args and result', async () => {
    const earlier = await history();
    const before = JSON.stringify(earlier);
    const seen: string[] = [];
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({
      id: 'filtered',
      instructions: 'x',
      model,
      tools: { weather, news },
      inputProcessors: [new ToolCallFilter()],
      outputProcessors: [
        {
          id: 'observer',
          processOutputResult: ({ messageList }) => {
            seen.push(JSON.stringify(messageList.get.all.db()));
            return messageList;
          },
        },
      ],
    });

    const result = await agent.generate([...earlier, { role: 'user', content: 'And Rome?' }]);

    expect(JSON.stringify(model.calls[0]!.prompt)).not.toContain('RAW-WEATHER-PAYLOAD');
    expect(JSON.stringify(earlier)).toBe(before);
    for (const stored of [seen[0]!, JSON.stringify(result.messages)]) {
      expect(stored).toContain('RAW-WEATHER-PAYLOAD');
      expect(stored).toContain('RAW-NEWS-PAYLOAD');
      expect(stored).toContain('"h-weather"');
    }
  });

  it('exclude limits filtering to the named tools; calls of other tools are sent', async () => {
    const earlier = await history();
    const model = new ScriptedModel({ steps: ['ok'] });

    await agentWith(model, { exclude: ['weather'] }).generate([
      ...earlier,
      { role: 'user', content: 'And Rome?' },
    ]);

    expect(callIds(model.calls[0]!.prompt)).toEqual({ calls: ['h-news'], results: ['h-news'] });
  });

  const threeToolSteps = (): ScriptedStep[] => [
    { toolCalls: [call('weather', { city: 'A' }, 's1')] },
    { toolCalls: [call('news', { topic: 'B' }, 's2a'), call('weather', { city: 'B' }, 's2b')] },
    { toolCalls: [call('weather', { city: 'C' }, 's3')] },
    'Done.',
  ];

  it('filterAfterToolSteps: N filters during the loop too, keeping the N most recent tool steps', async () => {
    const model = new ScriptedModel({ steps: threeToolSteps() });

    await agentWith(model, { filterAfterToolSteps: 2 }).generate('Go');

    expect(model.calls.map((c) => callIds(c.prompt).calls)).toEqual([
      [],
      ['s1'],
      ['s1', 's2a', 's2b'],
      // A step with two calls counts once; the oldest step is gone.
      ['s2a', 's2b', 's3'],
    ]);
    for (const c of model.calls) expect(callIds(c.prompt).results).toEqual(callIds(c.prompt).calls);
  });

  it('filterAfterToolSteps: 0 removes the current run’s calls too', async () => {
    const model = new ScriptedModel({ steps: threeToolSteps() });

    await agentWith(model, { filterAfterToolSteps: 0 }).generate('Go');

    for (const c of model.calls) expect(callIds(c.prompt)).toEqual({ calls: [], results: [] });
  });

  it('filterAfterToolSteps counts history and current steps alike', async () => {
    const earlier = await history();
    const model = new ScriptedModel({
      steps: [{ toolCalls: [call('weather', { city: 'Rome' }, 'now-1')] }, 'ok'],
    });

    await agentWith(model, { filterAfterToolSteps: 2 }).generate([
      ...earlier,
      { role: 'user', content: 'And Rome?' },
    ]);

    // Step 0: the two history tool steps are the two most recent ones.
    expect(callIds(model.calls[0]!.prompt).calls).toEqual(['h-weather', 'h-news']);
    // Step 1: the current call pushes the oldest history step out.
    expect(callIds(model.calls[1]!.prompt).calls).toEqual(['h-news', 'now-1']);
  });

  it('preserveModelOutput keeps a compact toModelOutput text for filtered calls, without raw args or results', async () => {
    const earlier = await history();
    const model = new ScriptedModel({ steps: ['ok'] });

    await agentWith(model, { preserveModelOutput: true }).generate([
      ...earlier,
      { role: 'user', content: 'And Rome?' },
    ]);

    const prompt = model.calls[0]!.prompt;
    const sent = JSON.stringify(prompt);
    expect(callIds(prompt)).toEqual({ calls: [], results: [] });
    expect(prompt).toContainEqual({
      role: 'assistant',
      content: [{ type: 'text', text: '[weather result] Paris: 21C' }],
    });
    expect(sent).not.toContain('RAW-WEATHER-PAYLOAD');
    expect(sent).not.toContain('"city":"Paris"');
    // `news` has no toModelOutput: nothing of it is kept.
    expect(sent).not.toContain('news result');
    expect(sent).not.toContain('"topic"');
    expect(sent).not.toContain('RAW-NEWS-PAYLOAD');
  });

  it('rejects malformed options in the constructor, naming the option', () => {
    const cases: Array<[unknown, string]> = [
      [{ exclude: 'weather' }, 'exclude'],
      [{ filterAfterToolSteps: -1 }, 'filterAfterToolSteps'],
      [{ filterAfterToolSteps: 1.5 }, 'filterAfterToolSteps'],
      [{ preserveModelOutput: 'yes' }, 'preserveModelOutput'],
      ['all', 'options'],
    ];
    for (const [options, option] of cases) {
      let error: unknown;
      try {
        new ToolCallFilter(options as ToolCallFilterOptions);
      } catch (caught) {
        error = caught;
      }
      expect(ConfigurationError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/^ToolCallFilter: /);
      expect((error as Error).message).toContain(option);
    }
  });
});
