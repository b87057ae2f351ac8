/**
 * Seeds (api-reference 1.8.3, 6.20): memory input processors run before yours, memory output
 * processors after yours; per-call, empty and function-valued arrays never remove them; an abort
 * in any input or output hook saves nothing of the turn; only what the list holds after all
 * processors is stored; processLLMRequest rewrites never are.
 */
import { Agent } from 'sluice/agent';
import { InMemoryStore, Memory } from 'sluice/memory';
import type { InputProcessor, OutputProcessor, Processor } from 'sluice/processors';
import { ScriptedModel } from 'sluice/test';
import { describe, expect, it } from 'vitest';
import { conversationLines } from './testing/prompt-text.js';

const conversation = { thread: 'th', resource: 'res' };

function setup(
  config: Partial<ConstructorParameters<typeof Agent>[0]> = {},
  steps: string[] = ['one', 'two', 'three'],
) {
  const storage = new InMemoryStore();
  const memory = new Memory({ storage, options: { workingMemory: { enabled: true } } });
  const model = new ScriptedModel({ steps });
  const agent = new Agent({ id: 'lanes', instructions: 'Be brief.', model, memory, ...config });
  return { memory, model, agent };
}

/** An input processor recording what it saw when its processInput ran. */
function recorder(log: string[], id = 'mine'): InputProcessor {
  return {
    id,
    processInput: ({ messageList, systemMessages }) => {
      log.push(`${id}: remembered=${messageList.get.remembered.db().length}`);
      log.push(`${id}: system=${systemMessages.length}`);
      return messageList;
    },
  };
}

describe('memory processors in the framework lanes', () => {
  it('your processInput runs after memory loaded the history; your output hooks run before memory saves', async () => {
    const { agent } = setup();
    const order: string[] = [];
    const mine: Processor = {
      id: 'mine',
      processInput: ({ messageList }) => {
        order.push('mine.processInput');
        return messageList;
      },
      processOutputResult: ({ messageList }) => {
        order.push('mine.processOutputResult');
        return messageList;
      },
    };
    const result = await agent.generate('hi', {
      memory: conversation,
      inputProcessors: [mine as InputProcessor],
      outputProcessors: [mine as OutputProcessor],
    });
    expect(order).toEqual(['mine.processInput', 'mine.processOutputResult']);
    // The list the run reports shows memory's processors ran around it: loaded history (none on a
    // new thread) and a saved turn.
    expect(result.text).toBe('one');
    const indexes = [] as number[];
    const probe = await agent.generate('again', {
      memory: conversation,
      inputProcessors: [
        {
          id: 'probe',
          processInput: ({ messageList }) => {
            indexes.push(messageList.get.remembered.db().length);
            return messageList;
          },
        },
      ],
    });
    expect(probe.text).toBe('two');
    expect(indexes).toEqual([2]);
  });

  it('processInput of your processor sees the history and the working-memory system message', async () => {
    const { agent } = setup();
    await agent.generate('a', { memory: conversation });
    const log: string[] = [];
    await agent.generate('b', { memory: conversation, inputProcessors: [recorder(log)] });
    // 1 = the instructions, 2 = + working memory.
    expect(log).toEqual(['mine: remembered=2', 'mine: system=2']);
  });

  it.each([
    ['an empty per-call array', () => []],
    ['a function-valued per-call array', () => () => []],
  ])('%s cannot remove memory: history is still loaded and the turn still saved', async (_name, make) => {
    const { agent, model, memory } = setup({ inputProcessors: [recorder([])], outputProcessors: [] });
    await agent.generate('a', {
      memory: conversation,
      inputProcessors: make() as never,
      outputProcessors: make() as never,
    });
    await agent.generate('b', {
      memory: conversation,
      inputProcessors: make() as never,
      outputProcessors: make() as never,
    });
    expect(conversationLines(model.calls[1]?.prompt)).toEqual(['user: a', 'assistant: one', 'user: b']);
    expect((await memory.recall({ threadId: 'th' })).messages).toHaveLength(4);
  });

  it('per-call arrays replace the agent’s, and memory still runs around them', async () => {
    const agentLog: string[] = [];
    const callLog: string[] = [];
    const { agent } = setup({ inputProcessors: [recorder(agentLog, 'agent-own')] });
    await agent.generate('a', { memory: conversation });
    await agent.generate('b', { memory: conversation, inputProcessors: [recorder(callLog, 'per-call')] });
    expect(agentLog).toEqual(['agent-own: remembered=0', 'agent-own: system=2']);
    expect(callLog).toEqual(['per-call: remembered=2', 'per-call: system=2']);
  });
});

describe('an abort in any hook saves nothing of the turn', () => {
  const aborting: Array<[string, Processor]> = [
    ['processInput', { id: 'guard', processInput: ({ abort }) => abort('blocked input') }],
    ['processInputStep', { id: 'guard', processInputStep: ({ abort }) => abort('blocked step') }],
    ['processInputLLMRequest', { id: 'guard', processLLMRequest: ({ abort }) => abort('blocked request') }],
    [
      'processOutputStream',
      {
        id: 'guard',
        processOutputStream: async ({ part, abort }) =>
          part.type === 'text-delta' ? abort('blocked chunk') : part,
      },
    ],
    ['processOutputStep', { id: 'guard', processOutputStep: ({ abort }) => abort('blocked step output') }],
    ['processOutputResult', { id: 'guard', processOutputResult: ({ abort }) => abort('blocked result') }],
  ];

  it.each(aborting)('%s abort: neither the user message nor the answer is stored', async (hook, guard) => {
    const { agent, memory } = setup();
    const input = hook.startsWith('processInput');
    const result = await agent.generate('secret question', {
      memory: conversation,
      ...(input
        ? { inputProcessors: [guard as InputProcessor] }
        : { outputProcessors: [guard as OutputProcessor] }),
    });
    expect(result.tripwire?.reason).toMatch(/^blocked/);
    expect((await memory.recall({ threadId: 'th', perPage: false, hideSignals: false })).messages).toEqual(
      [],
    );
  });
});

describe('stream(): an output guardrail that aborts keeps the turn from being saved', () => {
  it('the stream ends with a tripwire chunk and nothing of the turn is stored', async () => {
    const { agent, memory } = setup();
    const output = await agent.stream('secret', {
      memory: conversation,
      outputProcessors: [
        {
          id: 'guard',
          processOutputStream: async ({ part, abort }) =>
            part.type === 'text-delta' ? abort('blocked') : part,
        },
      ],
    });
    const types: string[] = [];
    for await (const chunk of output.fullStream) types.push(chunk.type);
    expect(types.at(-1)).toBe('tripwire');
    expect((await memory.recall({ threadId: 'th', perPage: false, hideSignals: false })).messages).toEqual(
      [],
    );
  });
});

describe('only what the list holds after all processors is stored', () => {
  it('an output processor that rewrites the answer changes what is stored', async () => {
    const { agent, memory } = setup();
    await agent.generate('tell me', {
      memory: conversation,
      outputProcessors: [
        {
          id: 'redact',
          processOutputResult: ({ messages }) => {
            for (const message of messages)
              for (const part of message.content.parts) if (part.type === 'text') part.text = '[redacted]';
            return messages;
          },
        },
      ],
    });
    const stored = (await memory.recall({ threadId: 'th' })).messages;
    expect(stored.map((m) => m.content.parts.find((p) => p.type === 'text'))).toEqual([
      { type: 'text', text: 'tell me' },
      expect.objectContaining({ type: 'text', text: '[redacted]' }),
    ]);
  });

  it('an input processor that rewrites the user message changes what is stored', async () => {
    const { agent, memory } = setup();
    await agent.generate('my card is 4111', {
      memory: conversation,
      inputProcessors: [
        {
          id: 'mask',
          processInput: ({ messages }) => {
            for (const message of messages)
              for (const part of message.content.parts)
                if (part.type === 'text') part.text = part.text.replace(/\d+/g, '****');
            return messages;
          },
        },
      ],
    });
    const [user] = (await memory.recall({ threadId: 'th' })).messages;
    expect(user?.content.parts).toEqual([{ type: 'text', text: 'my card is ****' }]);
  });

  it('a processLLMRequest rewrite reaches the model but is never stored', async () => {
    const { agent, model, memory } = setup();
    await agent.generate('original', {
      memory: conversation,
      inputProcessors: [
        {
          id: 'rewrite',
          processLLMRequest: ({ prompt }) => ({
            prompt: prompt.map((m) =>
              m.role === 'user' ? { ...m, content: [{ type: 'text' as const, text: 'REWRITTEN' }] } : m,
            ),
          }),
        },
      ],
    });
    expect(conversationLines(model.calls[0]?.prompt)).toEqual(['user: REWRITTEN']);
    const [user] = (await memory.recall({ threadId: 'th' })).messages;
    expect(user?.content.parts).toEqual([{ type: 'text', text: 'original' }]);
  });

  it('system messages (instructions, call system, working memory) are never stored', async () => {
    const { agent, memory } = setup();
    await agent.generate('a', { memory: conversation, system: 'extra system' });
    const stored = (await memory.recall({ threadId: 'th', perPage: false, hideSignals: false })).messages;
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant']);
  });
});

describe('memory.getInputProcessors() / getOutputProcessors()', () => {
  it('list the documented ids in lane order for the config', () => {
    const memory = new Memory({
      storage: new InMemoryStore(),
      options: { workingMemory: { enabled: true } },
    });
    expect(memory.getInputProcessors().map((p) => p.id)).toEqual([
      'memory-input-filter',
      'working-memory',
      'message-history',
    ]);
    expect(
      memory.getInputProcessors({ lastMessages: false, workingMemory: { enabled: false } }).map((p) => p.id),
    ).toEqual(['memory-input-filter']);
    expect(memory.getOutputProcessors().map((p) => p.id)).toEqual(['message-history']);
  });

  it('outside a call with memory they do nothing; inside one they act on its conversation', async () => {
    const { agent, memory, model } = setup();
    await agent.generate('a', { memory: conversation });
    const plain = new Agent({
      id: 'plain',
      instructions: 'x',
      model,
      inputProcessors: memory.getInputProcessors(),
    });
    await plain.generate('no memory here');
    expect(conversationLines(model.calls[1]?.prompt)).toEqual(['user: no memory here']);
    // Listed again inside a memory call, history is not loaded twice.
    await agent.generate('b', { memory: conversation, inputProcessors: memory.getInputProcessors() });
    expect(conversationLines(model.calls[2]?.prompt)).toEqual(['user: a', 'assistant: one', 'user: b']);
  });
});
