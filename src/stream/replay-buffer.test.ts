import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '../agent/index.js';
import { InMemoryStore, Memory } from '../memory/index.js';
import { ScriptedModel } from '../test/index.js';
import { createTool } from '../tools/index.js';
import { ChunkBuffer } from './chunk-buffer.js';

const delta = (text: string) => ({ type: 'text-delta', payload: { id: 't', text } });

describe('a chunk log without replay releases what its one reader has passed, at step boundaries', () => {
  it('bulk chunks the reader took are released when the next step starts; boundaries and data parts stay', async () => {
    const buffer = new ChunkBuffer<{ type: string; payload?: unknown }>({ replay: false });
    const reader = buffer.stream()[Symbol.asyncIterator]();
    buffer.push({ type: 'step-start' });
    buffer.push(delta('a'));
    buffer.push({ type: 'data-progress', payload: 1 });
    buffer.push(delta('b'));
    for (let i = 0; i < 4; i++) await reader.next();
    buffer.push({ type: 'step-start' });
    expect(buffer.chunks.map((c) => c.type)).toEqual([
      'step-start',
      'released',
      'data-progress',
      'released',
      'step-start',
    ]);
  });

  it('chunks the reader has not reached yet are kept for it', async () => {
    const buffer = new ChunkBuffer<{ type: string; payload?: unknown }>({ replay: false });
    const reader = buffer.stream()[Symbol.asyncIterator]();
    buffer.push(delta('a'));
    buffer.push(delta('b'));
    await reader.next();
    buffer.push({ type: 'step-start' });
    expect(buffer.chunks.map((c) => c.type)).toEqual(['released', 'text-delta', 'step-start']);
    expect((await reader.next()).value).toEqual(delta('b'));
  });

  it('with replay (the default) every chunk stays for readers that come later', async () => {
    const buffer = new ChunkBuffer<{ type: string; payload?: unknown }>();
    buffer.push(delta('a'));
    const first = buffer.stream()[Symbol.asyncIterator]();
    await first.next();
    buffer.push({ type: 'step-start' });
    buffer.close();
    const later: string[] = [];
    for await (const chunk of buffer.stream()) later.push(chunk.type);
    expect(later).toEqual(['text-delta', 'step-start']);
  });

  it('a run read once still stores its data parts and text in memory', async () => {
    const progress = createTool({
      id: 'progress',
      description: 'reports progress',
      inputSchema: z.object({}),
      execute: async (_input, context) => {
        await context.writer?.custom({ type: 'data-progress', data: { pct: 50 } });
        return 'ok';
      },
    });
    const memory = new Memory({ storage: new InMemoryStore() });
    const agent = new Agent({
      id: 'once',
      name: 'once',
      instructions: 'x',
      memory,
      tools: { progress },
      model: new ScriptedModel({
        steps: [
          { text: ['wor', 'king'], toolCalls: [{ toolName: 'progress', args: {} }] },
          { text: ['do', 'ne'] },
        ],
      }),
    });
    const output = await agent.stream('go', {
      memory: { thread: 't1', resource: 'r1' },
      replayBuffer: false,
    });
    for await (const _chunk of output.fullStream) {
      // read once, as a server does
    }
    expect(await output.text).toBe('workingdone');
    const { messages } = await memory.recall({ threadId: 't1', resourceId: 'r1', perPage: false });
    const parts = messages.flatMap((m) => (m.role === 'assistant' ? m.content.parts : []));
    expect(parts).toContainEqual(expect.objectContaining({ type: 'data-progress', data: { pct: 50 } }));
    expect(parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'done' }));
  });
});
