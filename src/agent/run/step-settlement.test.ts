/**
 * The step settlement seam (`onStepSettled` on processLLMRequest / processLLMResponse) and the
 * recorded-tool-results seam (a `{ response }` carrying `tool-result` chunks): a step is
 * "accepted" only once its tools ran and no processor rejected it; a replayed step's calls get
 * their recorded results without `execute`.
 */
import { Agent } from 'sluice/agent';
import type { InputProcessor, LLMStepSettlement, OutputProcessor } from 'sluice/processors';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

function recorder(log: Array<{ hook: string; step: number; s: LLMStepSettlement }>): InputProcessor {
  return {
    id: 'settled',
    processLLMRequest: ({ onStepSettled, stepNumber }) => {
      onStepSettled?.((s) => {
        log.push({ hook: 'request', step: stepNumber, s });
      });
    },
    processLLMResponse: ({ onStepSettled, stepNumber }) => {
      onStepSettled?.((s) => {
        log.push({ hook: 'response', step: stepNumber, s });
      });
    },
  };
}

describe('onStepSettled', () => {
  it('accepted after the step’s tools ran, with their results; once per step, in registration order', async () => {
    const log: Array<{ hook: string; step: number; s: LLMStepSettlement }> = [];
    const execute = vi.fn(async () => ({ ok: 1 }));
    const tool = createTool({ id: 't', description: 't', inputSchema: z.object({}), execute });
    const model = new ScriptedModel({ steps: [{ toolCalls: [{ toolName: 't', args: {} }] }, 'done'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { t: tool },
      inputProcessors: [recorder(log)],
    });
    await agent.generate('go');
    expect(log.map((e) => `${e.hook}#${e.step}:${e.s.accepted}`)).toEqual([
      'request#0:true',
      'response#0:true',
      'request#1:true',
      'response#1:true',
    ]);
    const first = log[0]?.s as Extract<LLMStepSettlement, { accepted: true }>;
    expect(first.step.toolResults.map((r) => r.payload.result)).toEqual([{ ok: 1 }]);
  });

  it('rawToolResults hold what execute returned, before processToolResult edited it (in place or by replacing it)', async () => {
    const log: Array<{ hook: string; step: number; s: LLMStepSettlement }> = [];
    const tool = createTool({
      id: 't',
      description: 't',
      inputSchema: z.object({}),
      execute: async () => ({ tags: ['a'] }),
    });
    const editor: OutputProcessor = {
      id: 'editor',
      processToolResult: ({ toolCallId, toolName, args, result, messageList }) => {
        (result as { tags: string[] }).tags.push('edited');
        messageList.updateToolInvocation({
          type: 'tool-invocation',
          toolInvocation: { state: 'result', toolCallId, toolName, args, result: { replaced: true } },
        });
      },
    };
    const model = new ScriptedModel({ steps: [{ toolCalls: [{ toolName: 't', args: {} }] }, 'done'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { t: tool },
      inputProcessors: [recorder(log)],
      outputProcessors: [editor],
    });
    await agent.generate('go');
    const first = log[0]?.s as Extract<LLMStepSettlement, { accepted: true }>;
    expect(first.step.toolResults.map((r) => r.payload.result)).toEqual([{ replaced: true }]);
    expect(first.rawToolResults.map((r) => r.result)).toEqual([{ tags: ['a'] }]);
    expect(first.rawToolResults[0]).toMatchObject({ toolName: 't' });
  });

  it('rejected when a processor asks for a retry; the accepted retry settles on its own', async () => {
    const log: Array<{ hook: string; step: number; s: LLMStepSettlement }> = [];
    const judge: OutputProcessor = {
      id: 'judge',
      processOutputStep: ({ text, abort }) => {
        if (text === 'bad') abort('again', { retry: true });
      },
    };
    const model = new ScriptedModel({ steps: ['bad', 'good'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      maxProcessorRetries: 1,
      inputProcessors: [recorder(log)],
      outputProcessors: [judge],
    });
    await agent.generate('go');
    expect(log.map((e) => `${e.hook}:${e.s.accepted}`)).toEqual([
      'request:false',
      'response:false',
      'request:true',
      'response:true',
    ]);
  });

  it('rejected when the provider call fails before any response hook ran', async () => {
    const log: Array<{ hook: string; step: number; s: LLMStepSettlement }> = [];
    const model = new ScriptedModel({ steps: [{ throwBeforeStream: new Error('down') }] });
    const agent = new Agent({ id: 'a', instructions: 'x', model, inputProcessors: [recorder(log)] });
    await expect(agent.generate('go', { modelSettings: { maxRetries: 0 } })).rejects.toThrow();
    await vi.waitFor(() => expect(log).toHaveLength(1));
    expect(log[0]).toMatchObject({ hook: 'request', s: { accepted: false } });
  });
});

describe('recorded tool results on a { response }', () => {
  it('a replayed tool call gets its recorded result; execute is not called; the model sees it next step', async () => {
    const execute = vi.fn(async () => 'live');
    const tool = createTool({ id: 't', description: 't', inputSchema: z.object({ q: z.string() }), execute });
    const replay: InputProcessor = {
      id: 'replay',
      processLLMRequest: ({ stepNumber }) =>
        stepNumber === 0
          ? {
              response: {
                chunks: [
                  { type: 'tool-call', payload: { toolCallId: 'r1', toolName: 't', args: { q: 'x' } } },
                  { type: 'finish', payload: { stepResult: { reason: 'tool-calls' }, output: {} } },
                  {
                    type: 'tool-result',
                    payload: { toolCallId: 'r1', toolName: 't', args: { q: 'x' }, result: 'recorded' },
                  },
                ],
              },
            }
          : undefined,
    };
    const model = new ScriptedModel({ steps: ['after'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { t: tool },
      inputProcessors: [replay],
    });
    const out = await agent.generate('go');
    expect(execute).not.toHaveBeenCalled();
    expect(out.text).toBe('after');
    expect(out.toolResults.map((r) => r.payload.result)).toEqual(['recorded']);
    expect(JSON.stringify(model.calls[0]?.prompt)).toContain('recorded');
  });

  it('a recorded result for another tool name is ignored: the tool runs', async () => {
    const execute = vi.fn(async () => 'live');
    const tool = createTool({ id: 't', description: 't', inputSchema: z.object({}), execute });
    const replay: InputProcessor = {
      id: 'replay',
      processLLMRequest: ({ stepNumber }) =>
        stepNumber === 0
          ? {
              response: {
                chunks: [
                  { type: 'tool-call', payload: { toolCallId: 'r1', toolName: 't', args: {} } },
                  { type: 'finish', payload: { stepResult: { reason: 'tool-calls' }, output: {} } },
                  {
                    type: 'tool-result',
                    payload: { toolCallId: 'r1', toolName: 'other', args: {}, result: 'x' },
                  },
                ],
              },
            }
          : undefined,
    };
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['after'] }),
      tools: { t: tool },
      inputProcessors: [replay],
    });
    await agent.generate('go');
    expect(execute).toHaveBeenCalledTimes(1);
  });
});

describe('releasedChunks and onRunSettled', () => {
  it('an accepted step’s releasedChunks are the chunks the client received, after the output processors', async () => {
    let released: string | undefined;
    const watcher: InputProcessor = {
      id: 'watch',
      processLLMRequest: ({ onStepSettled }) => {
        onStepSettled?.((s) => {
          if (!s.accepted) return;
          released = s
            .releasedChunks()
            .map((c) => (c.type === 'text-delta' ? c.payload.text : `<${c.type}>`))
            .join('');
        });
      },
    };
    const upper: OutputProcessor = {
      id: 'upper',
      processOutputStream: async ({ part }) =>
        part.type === 'text-delta'
          ? { ...part, payload: { ...part.payload, text: part.payload.text.toUpperCase() } }
          : part,
    };
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: ['ab', 'cd'] }] }),
      inputProcessors: [watcher],
      outputProcessors: [upper],
    });
    await agent.generate('go');
    expect(released).toBe('<step-start><text-start>ABCD<text-end><step-finish>');
  });

  it('onRunSettled callbacks run once, with the run’s outcome, before generate() resolves', async () => {
    const outcomes: unknown[] = [];
    const watcher: InputProcessor = {
      id: 'watch',
      // Once per run: `state` is fresh per run, processLLMRequest runs per step.
      processLLMRequest: ({ onRunSettled, state }) => {
        if (state.registered) return;
        state.registered = true;
        onRunSettled?.((s) => {
          outcomes.push(
            s.status === 'success' ? { status: s.status, text: s.text, n: s.responseMessages.length } : s,
          );
        });
      },
    };
    const tool = createTool({ id: 't', description: 't', inputSchema: z.object({}), execute: async () => 1 });
    let block = false;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({
        steps: ({ index }) => (index % 2 === 0 ? { toolCalls: [{ toolName: 't', args: {} }] } : 'done'),
      }),
      tools: { t: tool },
      inputProcessors: [watcher],
      outputProcessors: [{ id: 'g', processOutputResult: ({ abort }) => void (block && abort('no')) }],
    });
    await agent.generate('go');
    expect(outcomes).toEqual([{ status: 'success', text: 'done', n: 1 }]);
    block = true;
    await agent.generate('go');
    expect(outcomes.at(-1)).toEqual({ status: 'tripwire' });
    expect(outcomes).toHaveLength(2);
  });
});
