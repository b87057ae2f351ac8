import { Agent } from 'sluice/agent';
import { InMemoryServerCache } from 'sluice/cache';
import { InMemoryStore, Memory } from 'sluice/memory';
import { ResponseCache } from 'sluice/processors';
import { ScriptedModel } from 'sluice/test';
import { describe, expect, it } from 'vitest';

// Issue #13 item 3: a call with memory puts the resource and thread on the request context, so
// the response cache (whose default scope is MASTRA_RESOURCE_ID_KEY) scopes per user with no
// extra code. Both pieces are real here: a Memory on an InMemoryStore and a ResponseCache on an
// InMemoryServerCache, on one agent.
function setup() {
  const model = new ScriptedModel({ steps: ['answer for A', 'answer for B', 'unused'] });
  const agent = new Agent({
    id: 'cached-memory',
    instructions: 'Be brief.',
    model,
    memory: new Memory({ storage: new InMemoryStore() }),
    inputProcessors: [new ResponseCache({ cache: new InMemoryServerCache() })],
  });
  return { model, agent };
}

describe('memory + response cache: the memory call option scopes cache entries per resource', () => {
  it('user B never receives user A’s cached answer to the same first message', async () => {
    const { model, agent } = setup();
    const a = await agent.generate('What is on my plan?', { memory: { thread: 'a-1', resource: 'user-a' } });
    const b = await agent.generate('What is on my plan?', { memory: { thread: 'b-1', resource: 'user-b' } });
    expect(a.text).toBe('answer for A');
    expect(b.text).toBe('answer for B');
    expect(model.calls).toHaveLength(2);
  });

  it('the same user asking the same first message in a new thread is served from the cache', async () => {
    const { model, agent } = setup();
    await agent.generate('What is on my plan?', { memory: { thread: 'a-1', resource: 'user-a' } });
    const again = await agent.generate('What is on my plan?', {
      memory: { thread: 'a-2', resource: 'user-a' },
    });
    expect(again.text).toBe('answer for A');
    expect(model.calls).toHaveLength(1);
  });

  it('a later turn of a thread is keyed over the prompt with its loaded history, so it misses', async () => {
    const { model, agent } = setup();
    await agent.generate('What is on my plan?', { memory: { thread: 'a-1', resource: 'user-a' } });
    const second = await agent.generate('What is on my plan?', {
      memory: { thread: 'a-1', resource: 'user-a' },
    });
    expect(model.calls).toHaveLength(2);
    expect(second.text).toBe('answer for B');
  });
});

describe('memory + an output guardrail: an aborting guardrail keeps the turn from being saved', () => {
  it('PIIDetector (offline, block) on the answer: tripwire, and recall finds nothing of the turn', async () => {
    const { PIIDetector } = await import('sluice/processors');
    const storage = new InMemoryStore();
    const memory = new Memory({ storage });
    const model = new ScriptedModel({
      steps: ['Sure, mail her at ana.silva@posteo.de today.', 'Hello again.'],
    });
    const agent = new Agent({
      id: 'guarded-memory',
      instructions: 'Be brief.',
      model,
      memory,
      outputProcessors: [new PIIDetector({ strategy: 'block', detectionTypes: ['email'] })],
    });
    const blocked = await agent.generate('How do I reach Ana?', {
      memory: { thread: 't-1', resource: 'u-1' },
    });
    expect(blocked.tripwire).toBeDefined();
    expect((await memory.recall({ threadId: 't-1', perPage: false })).messages).toEqual([]);

    // The next turn is not sent the blocked one.
    await agent.generate('Hi', { memory: { thread: 't-1', resource: 'u-1' } });
    const sent = JSON.stringify(model.calls[1]?.prompt);
    expect(sent).not.toContain('How do I reach Ana?');
    expect(sent).not.toContain('ana.silva@posteo.de');
  });
});
