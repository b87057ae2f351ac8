/**
 * ResponseCache through a real Agent and ScriptedModel: the rules of api-reference 6.8 and
 * seed 001 ("caching LLM responses"), pinned on what the provider received and what came out.
 */

import { Agent } from 'sluice/agent';
import { InMemoryServerCache, type MastraServerCache } from 'sluice/cache';
import {
  type InputProcessor,
  type OutputProcessor,
  type ProcessLLMResponseArgs,
  type Processor,
  ResponseCache,
  type ResponseCacheOptions,
} from 'sluice/processors';
import { MASTRA_RESOURCE_ID_KEY, RequestContext } from 'sluice/request-context';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

function agentWith(
  model: ScriptedModel,
  options: Partial<ResponseCacheOptions> & { cache: MastraServerCache },
  extra: Record<string, unknown> = {},
) {
  return new Agent({
    id: 'cached',
    instructions: 'Be brief.',
    model,
    ...extra,
    inputProcessors: [
      new ResponseCache({ logger: { warn: () => {} }, ...options }),
      ...((extra.inputProcessors as Processor[]) ?? []),
    ],
  } as ConstructorParameters<typeof Agent>[0]);
}

const counter = () => {
  let n = 0;
  return new ScriptedModel({
    steps: () => ({ text: `answer ${++n}`, usage: { inputTokens: 7, outputTokens: 3 } }),
  });
};

describe('ResponseCache: a hit replays without calling the provider', () => {
  it('the second identical generate() makes no provider call and returns the same text, usage and finish reason', async () => {
    const model = counter();
    const agent = agentWith(model, { cache: new InMemoryServerCache() });
    const first = await agent.generate('hello');
    const second = await agent.generate('hello');
    expect(model.calls).toHaveLength(1);
    expect(second.text).toBe(first.text);
    expect(second.text).toBe('answer 1');
    expect(second.usage).toEqual(first.usage);
    expect(second.finishReason).toBe(first.finishReason);
  });

  it('stream() of a cached step yields the same text, usage and finish reason as generate()', async () => {
    const model = counter();
    const agent = agentWith(model, { cache: new InMemoryServerCache() });
    const live = await agent.generate('hello');
    const out = await agent.stream('hello');
    const [text, usage, finishReason] = await Promise.all([out.text, out.usage, out.finishReason]);
    expect(model.calls).toHaveLength(1);
    expect({ text, usage, finishReason }).toEqual({
      text: live.text,
      usage: live.usage,
      finishReason: live.finishReason,
    });
  });

  it('a hit streams the same chunk sequence as the live step (reasoning included)', async () => {
    const model = new ScriptedModel({ steps: () => ({ text: ['a', 'b'], reasoning: 'think' }) });
    const agent = agentWith(model, { cache: new InMemoryServerCache() });
    const runs: Array<{ types: string[]; text: string; reasoning: string | undefined }> = [];
    for (let i = 0; i < 2; i++) {
      const out = await agent.stream('hi');
      const types: string[] = [];
      for await (const chunk of out.fullStream) types.push(chunk.type);
      runs.push({ types, text: await out.text, reasoning: await out.reasoningText });
    }
    expect(model.calls).toHaveLength(1);
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[0]?.types).toContain('reasoning-delta');
  });

  it('an output processor that edits chunks in place does not change the recorded entry (no double edit on a hit)', async () => {
    const model = new ScriptedModel({ steps: () => ({ text: ['a', 'b'] }) });
    const shout: OutputProcessor = {
      id: 'shout',
      processOutputStream: async ({ part }) => {
        if (part.type === 'text-delta') part.payload.text += '!';
        return part;
      },
    };
    const agent = agentWith(model, { cache: new InMemoryServerCache() }, { outputProcessors: [shout] });
    // generate() calls doGenerate: the answer is one delta, edited once per run.
    expect((await agent.generate('hi')).text).toBe('ab!');
    expect((await agent.generate('hi')).text).toBe('ab!');
    expect(model.calls).toHaveLength(1);
  });

  it('a different prompt misses', async () => {
    const model = counter();
    const agent = agentWith(model, { cache: new InMemoryServerCache() });
    await agent.generate('hello');
    const other = await agent.generate('hello there');
    expect(model.calls).toHaveLength(2);
    expect(other.text).toBe('answer 2');
  });

  it('processLLMResponse runs on a hit with fromCache: true, and the hit chunks pass the output processors', async () => {
    const seen: boolean[] = [];
    const observer: InputProcessor = {
      id: 'observer',
      processLLMResponse: ({ fromCache }: ProcessLLMResponseArgs) => {
        seen.push(fromCache);
      },
    };
    const upper: OutputProcessor = {
      id: 'upper',
      processOutputStream: async ({ part }) =>
        part.type === 'text-delta'
          ? { ...part, payload: { ...part.payload, text: part.payload.text.toUpperCase() } }
          : part,
    };
    const model = counter();
    const agent = agentWith(
      model,
      { cache: new InMemoryServerCache() },
      { inputProcessors: [observer], outputProcessors: [upper] },
    );
    await agent.generate('hello');
    const hit = await agent.generate('hello');
    expect(seen).toEqual([false, true]);
    expect(hit.text).toBe('ANSWER 1');
    expect(model.calls).toHaveLength(1);
  });
});

describe('ResponseCache: keys', () => {
  it('the key covers the resolved prompt after earlier input processors (a rewrite that differs misses)', async () => {
    const model = counter();
    let suffix = 'a';
    const rewrite: InputProcessor = {
      id: 'rewrite',
      processInput: ({ messages }) =>
        messages.map((m) => ({
          ...m,
          content: { ...m.content, parts: [{ type: 'text' as const, text: `x-${suffix}` }] },
        })),
    };
    const agent = new Agent({
      id: 'cached',
      instructions: 'x',
      model,
      inputProcessors: [rewrite, new ResponseCache({ cache: new InMemoryServerCache() })],
    });
    await agent.generate('one');
    await agent.generate('two'); // rewritten to the same prompt: hit
    expect(model.calls).toHaveLength(1);
    suffix = 'b';
    await agent.generate('one');
    expect(model.calls).toHaveLength(2);
  });

  it('tool definitions and tool choice are part of the key: a changed tool set misses', async () => {
    const cache = new InMemoryServerCache();
    const model = counter();
    const a = createTool({ id: 'a', description: 'A', inputSchema: z.object({}), execute: async () => 'a' });
    const b = createTool({ id: 'b', description: 'B', inputSchema: z.object({}), execute: async () => 'b' });
    await agentWith(model, { cache }, { tools: { a } }).generate('hi');
    await agentWith(model, { cache }, { tools: { a } }).generate('hi');
    expect(model.calls).toHaveLength(1);
    await agentWith(model, { cache }, { tools: { b } }).generate('hi');
    expect(model.calls).toHaveLength(2);
    await agentWith(model, { cache }, { tools: { b } }).generate('hi', { toolChoice: 'none' });
    expect(model.calls).toHaveLength(3);
  });

  it('agentId and model identity are part of the key', async () => {
    const cache = new InMemoryServerCache();
    const m1 = counter();
    await agentWith(m1, { cache, agentId: 'one' }).generate('hi');
    await agentWith(m1, { cache, agentId: 'two' }).generate('hi');
    expect(m1.calls).toHaveLength(2);
    const m2 = new ScriptedModel({ steps: () => 'other model', modelId: 'other' });
    const out = await agentWith(m2, { cache, agentId: 'one' }).generate('hi');
    expect(out.text).toBe('other model');
  });

  it('a custom key function decides the key; a throwing one falls back to the default key', async () => {
    const model = counter();
    const cache = new InMemoryServerCache();
    const agent = agentWith(model, { cache, key: ({ stepNumber }) => `fixed:${stepNumber}` });
    await agent.generate('one');
    const hit = await agent.generate('two');
    expect(model.calls).toHaveLength(1);
    expect(hit.text).toBe('answer 1');
    expect(await cache.get('fixed:0')).toBeDefined();

    const throwing = agentWith(model, {
      cache: new InMemoryServerCache(),
      key: () => {
        throw new Error('boom');
      },
    });
    await throwing.generate('same');
    await throwing.generate('same');
    expect(model.calls).toHaveLength(2);
  });
});

describe('ResponseCache: scope', () => {
  const asUser = (id: string) => new RequestContext([[MASTRA_RESOURCE_ID_KEY, id]]);

  it('by default the resource id scopes entries: resource A never receives B’s entry', async () => {
    const model = counter();
    const agent = agentWith(model, { cache: new InMemoryServerCache() });
    const a = await agent.generate('hello', { requestContext: asUser('user-a') });
    const b = await agent.generate('hello', { requestContext: asUser('user-b') });
    const a2 = await agent.generate('hello', { requestContext: asUser('user-a') });
    expect(model.calls).toHaveLength(2);
    expect(a.text).toBe('answer 1');
    expect(b.text).toBe('answer 2');
    expect(a2.text).toBe('answer 1');
  });

  it('an explicit scope overrides the resource id; scope: null shares across callers', async () => {
    const model = counter();
    const shared = agentWith(model, { cache: new InMemoryServerCache(), scope: null });
    await shared.generate('hello', { requestContext: asUser('user-a') });
    const b = await shared.generate('hello', { requestContext: asUser('user-b') });
    expect(b.text).toBe('answer 1');
    expect(model.calls).toHaveLength(1);

    const org = agentWith(model, { cache: new InMemoryServerCache(), scope: 'org-123' });
    await org.generate('hello', { requestContext: asUser('user-a') });
    await org.generate('hello', { requestContext: asUser('user-b') });
    expect(model.calls).toHaveLength(2);
  });
});

describe('ResponseCache: per-call overrides through the request context', () => {
  it('bust: true skips the read but writes the fresh answer', async () => {
    const model = counter();
    const agent = agentWith(model, { cache: new InMemoryServerCache() });
    await agent.generate('hello');
    const fresh = await agent.generate('hello', { requestContext: ResponseCache.context({ bust: true }) });
    expect(fresh.text).toBe('answer 2');
    const after = await agent.generate('hello');
    expect(after.text).toBe('answer 2');
    expect(model.calls).toHaveLength(2);
  });

  it('context({ key }) and applyContext() merge field by field over the constructor options', async () => {
    const model = counter();
    const cache = new InMemoryServerCache();
    const agent = agentWith(model, { cache, scope: 'tenant' });
    await agent.generate('one', { requestContext: ResponseCache.context({ key: 'custom-key' }) });
    const rc = new RequestContext();
    rc.set('caller-meta', { userId: 'u-123' });
    ResponseCache.applyContext(rc, { key: 'custom-key' });
    ResponseCache.applyContext(rc, { bust: false });
    expect(ResponseCache.applyContext(rc, {})).toBe(rc);
    const hit = await agent.generate('two', { requestContext: rc });
    expect(hit.text).toBe('answer 1');
    expect(model.calls).toHaveLength(1);
    expect(await cache.get('custom-key')).toMatchObject({ chunks: expect.any(Array) });
  });

  it('bad overrides are a clear PROCESSOR_INVALID_OPTIONS error naming the field', () => {
    expect(() => ResponseCache.context({ bust: 'yes' as never })).toThrow(/"bust" must be true or false/);
    expect(() => ResponseCache.context({ scope: 5 as never })).toThrow(
      expect.objectContaining({ code: 'PROCESSOR_INVALID_OPTIONS' }),
    );
    expect(() => new ResponseCache({ cache: {} as never })).toThrow(/"cache" must be a MastraServerCache/);
    expect(() => new ResponseCache({ cache: new InMemoryServerCache(), ttl: -1 })).toThrow(/"ttl"/);
    expect(() => new ResponseCache({ cache: new InMemoryServerCache(), timeoutMs: 0 })).toThrow(
      /"timeoutMs"/,
    );
  });
});

describe('ResponseCache: tool steps replay with their recorded results', () => {
  function toolAgent(cache: MastraServerCache, model: ScriptedModel, execute: () => Promise<unknown>) {
    const lookup = createTool({
      id: 'lookup',
      description: 'Look up',
      inputSchema: z.object({ q: z.string() }),
      execute,
    });
    // One tenant: a scope, so steps that call tools are cached.
    return agentWith(model, { cache, scope: 'tenant-1' }, { tools: { lookup } });
  }

  it('a hit on a tool step does not execute the tool, and the next step sees the same results', async () => {
    const cache = new InMemoryServerCache();
    const execute = vi.fn(async () => ({ found: 'forty-two' }));
    const steps = [
      { toolCalls: [{ toolName: 'lookup', args: { q: 'answer' }, toolCallId: 'c1' }] },
      { text: 'it is 42' },
    ];
    const model = new ScriptedModel({ steps: (call) => steps[call.index % 2] as never });
    const first = await toolAgent(cache, model, execute).generate('what?');
    expect(first.text).toBe('it is 42');
    expect(execute).toHaveBeenCalledTimes(1);
    expect(model.calls).toHaveLength(2);

    // Both steps are cached on their own: a second run calls neither the provider nor the tool.
    const second = await toolAgent(cache, model, execute).generate('what?');
    expect(second.text).toBe('it is 42');
    expect(execute).toHaveBeenCalledTimes(1);
    expect(model.calls).toHaveLength(2);
    expect(second.toolResults.map((r) => r.payload.result)).toEqual([{ found: 'forty-two' }]);
  });

  it('when only the tool step hits, the tool does not run and the next model call sees the recorded result', async () => {
    const cache = new InMemoryServerCache();
    const execute = vi.fn(async () => ({ found: 'forty-two' }));
    const model = new ScriptedModel({
      steps: (call) =>
        call.prompt.some((m) => m.role === 'tool')
          ? { text: 'final' }
          : { toolCalls: [{ toolName: 'lookup', args: { q: 'answer' }, toolCallId: 'c1' }] },
    });
    // Step 0 has a fixed key; step 1 a fresh one each run, so it always reaches the provider.
    let run = 0;
    const requestContext = () =>
      ResponseCache.context({ key: ({ stepNumber }) => (stepNumber === 0 ? 'tool-step' : `final-${run}`) });
    run = 1;
    await toolAgent(cache, model, execute).generate('what?', { requestContext: requestContext() });
    const livePrompt = JSON.stringify(model.calls[1]?.prompt);
    run = 2;
    const replayed = await toolAgent(cache, model, execute).generate('what?', {
      requestContext: requestContext(),
    });
    expect(execute).toHaveBeenCalledTimes(1);
    expect(model.calls).toHaveLength(3);
    expect(JSON.stringify(model.calls[2]?.prompt)).toBe(livePrompt);
    expect(livePrompt).toContain('forty-two');
    expect(replayed.text).toBe('final');
  });

  it('a tool step whose tool failed is not cached (the tool runs again next time)', async () => {
    const cache = new InMemoryServerCache();
    let fail = true;
    const execute = vi.fn(async () => {
      if (fail) throw new Error('transient');
      return 'ok';
    });
    const steps = [{ toolCalls: [{ toolName: 'lookup', args: { q: 'x' } }] }, { text: 'done' }];
    const model = new ScriptedModel({ steps: (call) => steps[call.index % 2] as never });
    await toolAgent(cache, model, execute).generate('go');
    fail = false;
    await toolAgent(cache, model, execute).generate('go');
    expect(execute).toHaveBeenCalledTimes(2);
  });
});
