/**
 * "Failed runs are never cached" (seed 001, api-reference 6.8), widened by issue 10: error or
 * tripwire chunks, a non-success finish, an aborted step, a step a processor rejected (retry)
 * or blocked, a step whose output processors aborted. Each case: the first call does not leave
 * an entry, so the identical second call reaches the provider again.
 */
import { Agent } from 'sluice/agent';
import { InMemoryServerCache } from 'sluice/cache';
import { type OutputProcessor, ResponseCache } from 'sluice/processors';
import { ScriptedModel, type ScriptedStep } from 'sluice/test';
import { describe, expect, it } from 'vitest';

function setup(first: ScriptedStep, extra: Partial<ConstructorParameters<typeof Agent>[0]> = {}) {
  const cache = new InMemoryServerCache();
  let n = 0;
  const model = new ScriptedModel({ steps: () => (n++ === 0 ? first : `fine ${n}`) });
  const agent = new Agent({
    id: 'a',
    instructions: 'x',
    model,
    ...extra,
    inputProcessors: [new ResponseCache({ cache, logger: { warn: () => {} } })],
  });
  return { cache, model, agent };
}

async function settle(promise: Promise<unknown>): Promise<void> {
  await promise.catch(() => undefined);
}

describe('ResponseCache never caches', () => {
  it('a step with an error chunk (provider error mid-stream)', async () => {
    const { cache, model, agent } = setup({
      text: ['par', 'tial'],
      errorAfterChunks: { after: 4, error: new Error('reset') },
    });
    await settle(agent.generate('hi'));
    expect(cache.size).toBe(0);
    expect((await agent.generate('hi')).text).toBe('fine 2');
    expect(model.calls).toHaveLength(2);
  });

  for (const finishReason of ['length', 'content-filter', 'other'] as const) {
    it(`a non-success finish (${finishReason})`, async () => {
      const { cache, model, agent } = setup({ text: 'cut off', finishReason });
      await agent.generate('hi');
      expect(cache.size).toBe(0);
      await agent.generate('hi');
      expect(model.calls).toHaveLength(2);
    });
  }

  it('an aborted step', async () => {
    const { cache, model, agent } = setup({ text: ['a', 'b', 'c', 'd'], delayMs: 15 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user left')), 25);
    await settle(agent.generate('hi', { abortSignal: controller.signal }));
    expect(cache.size).toBe(0);
    expect((await agent.generate('hi')).text).toBe('fine 2');
    expect(model.calls).toHaveLength(2);
  });

  it('a step a processor rejected with a retry (only the accepted attempt, under its own prompt, is written)', async () => {
    const judge: OutputProcessor = {
      id: 'judge',
      processOutputStep: ({ text, abort }) => {
        if (text === 'bad') abort('be good', { retry: true });
      },
    };
    const { model, agent } = setup('bad', { outputProcessors: [judge], maxProcessorRetries: 1 });
    expect((await agent.generate('hi')).text).toBe('fine 2');
    // The rejected answer was not cached under the original prompt: the provider is asked again.
    expect((await agent.generate('hi')).text).toBe('fine 3');
    expect(model.calls).toHaveLength(3);
    // That accepted answer was cached.
    expect((await agent.generate('hi')).text).toBe('fine 3');
    expect(model.calls).toHaveLength(3);
  });

  it('a step a processor blocked (processOutputStep tripwire)', async () => {
    let block = true;
    const judge: OutputProcessor = {
      id: 'judge',
      processOutputStep: ({ abort }) => {
        if (block) abort('not allowed');
      },
    };
    const { cache, model, agent } = setup('secret', { outputProcessors: [judge] });
    const blocked = await agent.generate('hi');
    expect(blocked.tripwire).toBeDefined();
    expect(cache.size).toBe(0);
    block = false;
    expect((await agent.generate('hi')).text).toBe('fine 2');
    expect(model.calls).toHaveLength(2);
  });

  it('a step whose output processors aborted while streaming (tripwire chunk)', async () => {
    let block = true;
    const guard: OutputProcessor = {
      id: 'guard',
      processOutputStream: async ({ part, abort }) => {
        if (block && part.type === 'text-delta') abort('bad word');
        return part;
      },
    };
    const { cache, model, agent } = setup('bad word', { outputProcessors: [guard] });
    const out = await agent.stream('hi');
    const types: string[] = [];
    for await (const chunk of out.fullStream) types.push(chunk.type);
    expect(types).toContain('tripwire');
    expect(cache.size).toBe(0);
    block = false;
    expect((await agent.generate('hi')).text).toBe('fine 2');
    expect(model.calls).toHaveLength(2);
  });

  it('a step whose step-finish chunk an output processor aborted', async () => {
    let block = true;
    const guard: OutputProcessor = {
      id: 'guard',
      processOutputStream: async ({ part, abort }) => {
        if (block && part.type === 'step-finish') abort('late veto');
        return part;
      },
    };
    const { cache, model, agent } = setup('answer', { outputProcessors: [guard] });
    await settle(agent.generate('hi'));
    expect(cache.size).toBe(0);
    block = false;
    await agent.generate('hi');
    expect(model.calls).toHaveLength(2);
  });
});
