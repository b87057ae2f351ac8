/**
 * Issue 13 items 4–5: what a turn stores. Signals as `role: 'signal'` rows rendered back as
 * `<tag attr>…</tag>` user messages and hidden from default recall and UI messages; `data-*`
 * chunks as assistant parts in emission order (transient ones never); working-memory tool calls
 * never; failed and aborted turns keep the user's message and record the failure, never a partial
 * answer; unavailable-attachment metadata on the user message, so later turns send the
 * placeholder without downloading again.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APICallError } from '@ai-sdk/provider';
import { MessageList } from 'sluice';
import { Agent } from 'sluice/agent';
import { InMemoryStore, Memory } from 'sluice/memory';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { conversationLines } from './testing/prompt-text.js';

const conversation = { thread: 'th', resource: 'res' };

function setup(steps: ConstructorParameters<typeof ScriptedModel>[0]['steps'], options = {}) {
  const storage = new InMemoryStore();
  const memory = new Memory({ storage, options });
  const model = new ScriptedModel({ steps });
  return {
    memory,
    model,
    storage,
    make: (extra: Partial<ConstructorParameters<typeof Agent>[0]> = {}) =>
      new Agent({ id: 'saver', instructions: 'x', model, memory, ...extra }),
  };
}

async function allStored(memory: Memory) {
  return (await memory.recall({ threadId: 'th', perPage: false, hideSignals: false })).messages;
}

describe('signals', () => {
  it('a non-transient signal is stored as a role "signal" row and comes back in later prompts as <tag attr>…</tag>', async () => {
    const { memory, model, make } = setup(['one', 'two']);
    const agent = make({
      inputProcessors: [
        {
          id: 'steer',
          processInputStep: async ({ sendSignal, stepNumber }) => {
            if (stepNumber === 0)
              await sendSignal?.({
                type: 'reactive',
                contents: 'Answer in French.',
                attributes: { reason: 'locale' },
              });
          },
        },
      ],
    });
    await agent.generate('hello', { memory: conversation });
    const stored = await allStored(memory);
    const signal = stored.find((m) => m.role === 'signal');
    expect(signal).toMatchObject({
      role: 'signal',
      type: 'system-reminder',
      content: {
        parts: [{ type: 'text', text: 'Answer in French.' }],
        metadata: { signal: { type: 'reactive' } },
      },
    });
    await agent.generate('again', { memory: conversation, inputProcessors: [] });
    expect(conversationLines(model.calls[1]?.prompt)).toContain(
      'user: <system-reminder reason="locale">Answer in French.</system-reminder>',
    );
  });

  it('default recall hides reminder signals; hideSignals: false shows them; UI messages hide them', async () => {
    const { memory, make } = setup(['one']);
    const agent = make({
      inputProcessors: [
        {
          id: 'steer',
          processInput: async ({ sendSignal, messageList }) => {
            await sendSignal?.({ type: 'reactive', contents: 'hidden reminder' });
            await sendSignal?.({ type: 'notification', contents: 'visible notice' });
            return messageList;
          },
        },
      ],
    });
    await agent.generate('hello', { memory: conversation });
    const byDefault = (await memory.recall({ threadId: 'th' })).messages;
    expect(byDefault.map((m) => m.role)).toEqual(['user', 'signal', 'assistant']);
    expect(byDefault.find((m) => m.role === 'signal')?.type).toBe('notification');
    const raw = (await memory.recall({ threadId: 'th', hideSignals: false })).messages;
    expect(raw.filter((m) => m.role === 'signal')).toHaveLength(2);
    const none = (await memory.recall({ threadId: 'th', hideSignals: true })).messages;
    expect(none.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(
      new MessageList()
        .add(raw, 'memory')
        .get.all.ui()
        .map((m) => m.role),
    ).toEqual(['user', 'assistant']);
    const onlyNotices = (await memory.recall({ threadId: 'th', hideSignals: ['notification'] })).messages;
    expect(onlyNotices.filter((m) => m.role === 'signal').map((m) => m.content.parts[0])).toEqual([
      { type: 'text', text: 'hidden reminder' },
    ]);
  });

  it('stored order is conversation order: a signal sent in processInput stays before the answer', async () => {
    const { memory, make } = setup(['one']);
    const agent = make({
      inputProcessors: [
        {
          id: 'late',
          processInput: async ({ sendSignal, messageList }) => {
            // The answer's message is stamped when the run starts; the signal is stamped later.
            await new Promise((resolve) => setTimeout(resolve, 5));
            await sendSignal?.({ type: 'notification', contents: 'notice' });
            return messageList;
          },
        },
      ],
    });
    await agent.generate('hello', { memory: conversation });
    expect((await allStored(memory)).map((m) => m.role)).toEqual(['user', 'signal', 'assistant']);
  });

  it('a transient signal reaches the current call only and is never stored', async () => {
    const { memory, model, make } = setup(['one', 'two']);
    const agent = make({
      inputProcessors: [
        {
          id: 'hint',
          processInputStep: async ({ sendSignal }) => {
            await sendSignal?.({ type: 'reactive', contents: 'fresh hint', transient: true });
          },
        },
      ],
    });
    await agent.generate('hello', { memory: conversation });
    expect(JSON.stringify(model.calls[0]?.prompt)).toContain('fresh hint');
    expect(JSON.stringify(await allStored(memory))).not.toContain('fresh hint');
    await agent.generate('again', { memory: conversation, inputProcessors: [] });
    expect(JSON.stringify(model.calls[1]?.prompt)).not.toContain('fresh hint');
  });
});

describe('data-* parts', () => {
  it('non-transient data chunks from processOutputStream and processOutputResult are stored on the assistant message in emission order; transient ones are not', async () => {
    const { memory, make } = setup([{ text: ['a', 'b'] }]);
    const agent = make({
      outputProcessors: [
        {
          id: 'notes',
          processOutputStream: async ({ part, writer }) => {
            if (part.type === 'text-delta') {
              await writer?.custom({ type: 'data-progress', data: { delta: part.payload.text } });
              await writer?.custom({ type: 'data-ephemeral', data: { x: 1 }, transient: true });
            }
            return part;
          },
          processOutputResult: async ({ writer, messageList }) => {
            await writer?.custom({ type: 'data-summary', data: { done: true } });
            return messageList;
          },
        },
      ],
    });
    await agent.generate('go', { memory: conversation });
    const assistant = (await allStored(memory)).find((m) => m.role === 'assistant');
    const data = assistant?.content.parts.filter((p) => p.type.startsWith('data-'));
    // generate() calls doGenerate: the answer's text is one delta.
    expect(data?.map((p) => [p.type, (p as { data: unknown }).data])).toEqual([
      ['data-progress', { delta: 'ab' }],
      ['data-summary', { done: true }],
    ]);
    expect(assistant?.content.parts.find((p) => p.type === 'text')).toMatchObject({ text: 'ab' });
  });

  it('in a multi-step answer each data part is stored at the end of the step it was emitted in', async () => {
    const lookup = createTool({
      id: 'lookup',
      description: 'Look up',
      inputSchema: { type: 'object', properties: {} },
      execute: async () => 1,
    });
    const { memory, make } = setup([
      { text: 'let me see', toolCalls: [{ toolName: 'lookup', args: {} }] },
      'done',
    ]);
    const agent = make({
      tools: { lookup },
      outputProcessors: [
        {
          id: 'mark',
          processOutputStream: async ({ part, writer }) => {
            if (part.type === 'text-delta')
              await writer?.custom({ type: 'data-mark', data: part.payload.text });
            return part;
          },
        },
      ],
    });
    await agent.generate('go', { memory: conversation });
    const assistant = (await allStored(memory)).find((m) => m.role === 'assistant');
    expect(
      assistant?.content.parts.map((p) =>
        p.type === 'data-mark' ? `data:${(p as { data: string }).data}` : p.type,
      ),
    ).toEqual([
      'step-start',
      'text',
      'tool-invocation',
      'data:let me see',
      'step-start',
      'text',
      'data:done',
    ]);
  });

  it('a tool’s data chunk is stored as well', async () => {
    const tool = createTool({
      id: 'lookup',
      description: 'Look up',
      inputSchema: { type: 'object', properties: {} },
      execute: async (_input, { writer }) => {
        await writer?.custom({ type: 'data-lookup', data: { hits: 3 } });
        return { ok: true };
      },
    });
    const { memory, make } = setup([{ toolCalls: [{ toolName: 'lookup', args: {} }] }, 'done']);
    await make({ tools: { lookup: tool } }).generate('go', { memory: conversation });
    expect(JSON.stringify(await allStored(memory))).toContain('"data-lookup"');
  });
});

describe('working-memory tool calls', () => {
  it('the updateWorkingMemory call is not stored; other tool calls are, with their results', async () => {
    const weather = createTool({
      id: 'weather',
      description: 'Weather',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
      execute: async () => ({ temp: 21 }),
    });
    const { memory, make } = setup(
      [
        {
          toolCalls: [
            { toolName: 'updateWorkingMemory', args: { memory: '# User\n- Name: Ana' } },
            { toolName: 'weather', args: { city: 'Lisbon' } },
          ],
        },
        'It is 21°C.',
      ],
      { workingMemory: { enabled: true } },
    );
    await make({ tools: { weather } }).generate('Weather? I am Ana.', { memory: conversation });
    const stored = JSON.stringify(await allStored(memory));
    expect(stored).not.toContain('updateWorkingMemory');
    expect(stored).toContain('"toolName":"weather"');
    expect(stored).toContain('"temp":21');
    expect(await memory.getWorkingMemory({ threadId: 'th', resourceId: 'res' })).toBe('# User\n- Name: Ana');
  });
});

describe('failed turns', () => {
  const rejection = () =>
    new APICallError({
      message: 'upstream exploded',
      url: 'http://127.0.0.1/v1',
      requestBodyValues: {},
      statusCode: 400,
      isRetryable: false,
    });

  it('a provider error keeps the user message, records the failure on it, stores no answer', async () => {
    const { memory, model, make } = setup([{ throwBeforeStream: rejection() }, 'later answer']);
    const agent = make({ errorProcessorDefaults: false });
    await expect(agent.generate('please remember this', { memory: conversation })).rejects.toThrow();
    const stored = await allStored(memory);
    expect(stored.map((m) => m.role)).toEqual(['user']);
    expect(stored[0]?.content.parts).toEqual([{ type: 'text', text: 'please remember this' }]);
    expect(stored[0]?.content.metadata).toMatchObject({
      mastra: {
        failure: { status: 'failed', error: { message: expect.stringContaining('upstream exploded') } },
      },
    });
    // The next turn still has what the user wrote.
    await agent.generate('did you get it?', { memory: conversation });
    expect(conversationLines(model.calls[1]?.prompt)).toEqual([
      'user: please remember this',
      'user: did you get it?',
    ]);
  });

  it('an input processor that throws before the loop starts stores nothing (the input never went through every input processor)', async () => {
    const { memory, make } = setup(['never']);
    const agent = make({
      inputProcessors: [
        {
          id: 'broken',
          processInput: () => {
            throw new Error('mask service down');
          },
        },
      ],
    });
    await expect(agent.generate('my card is 4111', { memory: conversation })).rejects.toThrow(
      /mask service down/,
    );
    expect(await allStored(memory)).toEqual([]);
  });

  it('a failure mid-stream never stores the partial answer as if complete', async () => {
    const { memory, make } = setup([
      { text: ['partial ', 'answer'], errorAfterChunks: { after: 4, error: rejection(), mode: 'throw' } },
    ]);
    const agent = make({ errorProcessorDefaults: false });
    await agent.generate('q', { memory: conversation }).catch(() => undefined);
    const stored = await allStored(memory);
    expect(stored.map((m) => m.role)).toEqual(['user']);
    expect(JSON.stringify(stored)).not.toContain('partial');
  });

  it('an aborted turn keeps the user message and records the abort', async () => {
    const { memory, make } = setup([{ text: ['slow ', 'answer'], delayMs: 50 }]);
    const agent = make();
    const controller = new AbortController();
    const running = agent.generate('wait for it', { memory: conversation, abortSignal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(running).rejects.toThrow();
    const stored = await allStored(memory);
    expect(stored.map((m) => m.role)).toEqual(['user']);
    expect(stored[0]?.content.metadata).toMatchObject({ mastra: { failure: { status: 'aborted' } } });
  });
});

describe('unavailable attachments', () => {
  let server: Server;
  let base = '';
  const hits: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.statusCode = 404;
      res.end('gone');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('the metadata is stored on the user message and later turns send the placeholder without downloading again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { memory, model, make } = setup(['first', 'second']);
    const agent = make({ attachmentDownloads: { allowPrivateNetworks: true } });
    const url = `${base}/report.pdf`;
    await agent.generate(
      [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Read this.' },
            { type: 'file', data: url, mediaType: 'application/pdf', filename: 'report.pdf' },
          ],
        },
      ],
      { memory: conversation },
    );
    const [user] = await allStored(memory);
    expect(user?.content.metadata).toMatchObject({
      mastra: { unavailableAttachments: [{ url, name: 'report.pdf' }] },
    });
    const downloads = hits.length;
    expect(downloads).toBeGreaterThan(0);
    await agent.generate('And now?', { memory: conversation });
    expect(JSON.stringify(model.calls[1]?.prompt)).toContain('[Attachment unavailable: report.pdf]');
    expect(hits).toHaveLength(downloads);
    vi.restoreAllMocks();
  });
});
