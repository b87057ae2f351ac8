/**
 * Semantic recall (memory-api 2, 6): with an embedder and the store's vectors, messages similar
 * to the new user message are loaded with their neighbours (resource scope by default, thread
 * scope on request); saved messages are embedded once per turn, in one batch.
 */
import { Agent } from 'sluice/agent';
import { InMemoryStore, Memory } from 'sluice/memory';
import { ScriptedModel } from 'sluice/test';
import { describe, expect, it } from 'vitest';
import { HashEmbedder } from './testing/hash-embedder.js';
import { conversationLines, promptLines } from './testing/prompt-text.js';

async function seed(memory: Memory, threadId: string, resourceId: string, texts: string[]) {
  await memory.createThread({ resourceId, threadId });
  const start = Date.UTC(2026, 0, 1);
  await memory.saveMessages({
    messages: texts.map((text, i) => ({
      id: `${threadId}-${i}`,
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      createdAt: new Date(start + i * 1000),
      threadId,
      resourceId,
      content: { format: 2 as const, parts: [{ type: 'text' as const, text }] },
    })),
  });
}

const OLD = [
  'My dog is called Biscuit and loves the beach',
  'Biscuit sounds lovely',
  'I work as a carpenter in Braga',
  'Carpentry is a fine craft',
  'Planning a trip to Japan in April',
  'April in Japan means cherry blossoms',
  'filler one',
  'filler two',
  'filler three',
  'filler four',
];

describe('semantic recall', () => {
  it('thread scope: an old message similar to the question (and its neighbour) joins the history, in time order', async () => {
    const embedder = new HashEmbedder();
    const memory = new Memory({
      storage: new InMemoryStore(),
      embedder,
      options: {
        lastMessages: 2,
        semanticRecall: { topK: 1, messageRange: { before: 0, after: 1 }, scope: 'thread' },
      },
    });
    await seed(memory, 't', 'u', OLD);
    const model = new ScriptedModel({ steps: ['Biscuit!'] });
    const agent = new Agent({ id: 'sr', instructions: 'x', model, memory });
    await agent.generate('What is the name of my dog Biscuit?', { memory: { thread: 't', resource: 'u' } });
    expect(conversationLines(model.calls[0]?.prompt)).toEqual([
      'user: My dog is called Biscuit and loves the beach',
      'assistant: Biscuit sounds lovely',
      'user: filler three',
      'assistant: filler four',
      'user: What is the name of my dog Biscuit?',
    ]);
    // The turn's messages were embedded in one batch after saving (the seed batch came first).
    expect(embedder.calls.at(-1)).toEqual(['What is the name of my dog Biscuit?', 'Biscuit!']);
  });

  it('resource scope (default): a match from another thread of the resource comes as context in a system message', async () => {
    const memory = new Memory({
      storage: new InMemoryStore(),
      embedder: new HashEmbedder(),
      options: { lastMessages: 1, semanticRecall: true },
    });
    await seed(memory, 'old-thread', 'u', OLD);
    await seed(memory, 'someone-else', 'other', ['My dog Rex hates the beach', 'ok']);
    const model = new ScriptedModel({ steps: ['sure'] });
    const agent = new Agent({ id: 'sr', instructions: 'x', model, memory });
    await agent.generate('Tell me about my trip to Japan', { memory: { thread: 'new', resource: 'u' } });
    const system = promptLines(model.calls[0]?.prompt).filter((l) => l.startsWith('system: '));
    expect(system.join('\n')).toContain('Planning a trip to Japan in April');
    expect(system.join('\n')).not.toContain('Rex');
    expect(conversationLines(model.calls[0]?.prompt)).toEqual(['user: Tell me about my trip to Japan']);
  });

  it('recall({ vectorSearchString }) adds the similar messages and reports embedding usage', async () => {
    const memory = new Memory({
      storage: new InMemoryStore(),
      embedder: new HashEmbedder(),
      options: { lastMessages: 1, semanticRecall: { topK: 1, messageRange: 0, scope: 'thread' } },
    });
    await seed(memory, 't', 'u', OLD);
    const result = await memory.recall({
      threadId: 't',
      resourceId: 'u',
      vectorSearchString: 'carpenter Braga',
    });
    expect(result.messages.map((m) => m.id)).toEqual(['t-2', 't-9']);
    expect(result.usage?.tokens).toBeGreaterThan(0);
  });

  it('semanticRecall without an embedder is an error naming the fix', () => {
    expect(() => new Memory({ storage: new InMemoryStore(), options: { semanticRecall: true } })).toThrow(
      /"semanticRecall" needs an "embedder"/,
    );
  });
});
