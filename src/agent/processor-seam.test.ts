/**
 * The loop's processor seam: hooks are called at the documented places in the documented order.
 * (The full pipeline rules — retries, validation, error processors — are pinned by their own issue.)
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Processor } from '../processors/index.js';
import type { ChunkType } from '../stream/index.js';
import { ScriptedModel, streamOnly } from '../test/index.js';
import { createTool } from '../tools/index.js';
import { Agent } from './agent.js';

const weather = createTool({
  id: 'weather',
  description: 'Weather',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, tempC: 4 }),
});

function recorder(log: string[]) {
  return {
    id: 'recorder',
    processInput: ({ messageList }) => {
      log.push('processInput');
      return messageList;
    },
    processInputStep: ({ stepNumber }) => {
      log.push(`processInputStep#${stepNumber}`);
    },
    processLLMRequest: ({ stepNumber }) => {
      log.push(`processLLMRequest#${stepNumber}`);
    },
    processLLMResponse: ({ stepNumber }) => {
      log.push(`processLLMResponse#${stepNumber}`);
    },
    processOutputStream: async ({ part }) => {
      log.push(`stream:${part.type}`);
      return part;
    },
    processOutputStep: ({ stepNumber, messageList }) => {
      log.push(`processOutputStep#${stepNumber}`);
      return messageList;
    },
    processToolResult: ({ toolName, messageList }) => {
      log.push(`processToolResult:${toolName}`);
      return messageList;
    },
    processOutputResult: ({ messageList }) => {
      log.push('processOutputResult');
      return messageList;
    },
  } satisfies Processor;
}

describe('processor seam', () => {
  it('calls the hooks in the documented order around a tool step and an answer', async () => {
    const log: string[] = [];
    const processor = recorder(log);
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({
        steps: [{ toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' } }] }, { text: 'cold' }],
      }),
      tools: { weather },
      inputProcessors: [processor],
      outputProcessors: [processor],
    });
    await agent.generate('weather?', {
      prepareStep: ({ stepNumber }) => {
        log.push(`prepareStep#${stepNumber}`);
      },
    });
    const hooks = log.filter((l) => !l.startsWith('stream:tool-call-') && !l.startsWith('stream:text-'));
    expect(hooks).toEqual([
      'processInput',
      'processInputStep#0',
      'prepareStep#0',
      'processLLMRequest#0',
      'stream:step-start',
      'stream:tool-call',
      'processLLMResponse#0',
      'processOutputStep#0',
      'processToolResult:weather',
      'stream:tool-result',
      'stream:step-finish',
      'processInputStep#1',
      'prepareStep#1',
      'processLLMRequest#1',
      'stream:step-start',
      'processLLMResponse#1',
      'processOutputStep#1',
      'stream:step-finish',
      'processOutputResult',
      'stream:finish',
    ]);
  });

  it('system messages a processor adds under a tag reach the prompt once, after the instructions', async () => {
    const memoryLike = {
      id: 'memory-like',
      processInput: ({ messageList }) => {
        messageList.addSystem('Working memory: likes tea.', 'working-memory');
        return messageList;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: [{ text: 'ok' }] });
    const agent = new Agent({ id: 'a', instructions: 'Be brief.', model, inputProcessors: [memoryLike] });
    await agent.generate('hi');
    expect(model.calls[0]?.prompt.filter((m) => m.role === 'system')).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'system', content: 'Working memory: likes tea.' },
    ]);
  });

  it('dropping a chunk in processOutputStream removes only that chunk', async () => {
    const dropper = {
      id: 'drop-b',
      processOutputStream: async ({ part }) =>
        part.type === 'text-delta' && part.payload.text === 'b' ? null : part,
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: ['a', 'b', 'c'] }] }),
      outputProcessors: [dropper],
    });
    const output = await agent.stream('hi');
    const deltas: string[] = [];
    for await (const chunk of output.fullStream)
      if (chunk.type === 'text-delta') deltas.push(chunk.payload.text);
    expect(deltas).toEqual(['a', 'c']);
  });

  it('one state object per processor id is shared by its hooks within a call, fresh per call', async () => {
    const seen: unknown[] = [];
    const counter = {
      id: 'counter',
      processOutputStream: async ({ part, state }) => {
        if (part.type === 'text-delta') state.count = ((state.count as number | undefined) ?? 0) + 1;
        return part;
      },
      processOutputResult: ({ state, messageList }) => {
        seen.push(state.count);
        return messageList;
      },
    } satisfies Processor;
    // Streamed by generate() too, so the counter sees each delta.
    const model = streamOnly(new ScriptedModel({ steps: [{ text: ['a', 'b'] }, { text: ['c'] }] }));
    const agent = new Agent({ id: 'a', instructions: 'x', model, outputProcessors: [counter] });
    await agent.generate('one');
    await agent.generate('two');
    expect(seen).toEqual([2, 1]);
  });

  it('abort() ends the run with a tripwire chunk, result.tripwire and finishReason "other"', async () => {
    const guard = {
      id: 'guard',
      processInput: ({ abort }) => abort('blocked by policy', { metadata: { category: 'test' } }),
    } satisfies Processor;
    const model = new ScriptedModel({ steps: [{ text: 'never' }] });
    const agent = new Agent({ id: 'a', instructions: 'x', model, inputProcessors: [guard] });

    const output = await agent.stream('hi');
    const chunks: ChunkType[] = [];
    for await (const chunk of output.fullStream) chunks.push(chunk);
    expect(chunks.at(-1)).toEqual({
      type: 'tripwire',
      runId: output.runId,
      from: 'AGENT',
      payload: {
        reason: 'blocked by policy',
        retry: undefined,
        metadata: { category: 'test' },
        processorId: 'guard',
      },
    });

    const result = await agent.generate('hi');
    expect(result.finishReason).toBe('other');
    expect(result.tripwire).toMatchObject({ reason: 'blocked by policy', processorId: 'guard' });
    expect(result.text).toBe('');
    expect(model.calls).toHaveLength(0);
  });
});
