/**
 * A hit is equivalent to the live run (issue 10 item 3, "generate() and stream() return the
 * same…"): processToolResult sees the tool's raw result on a hit as it did live, sources, files
 * and provider metadata replay, the entry shares nothing processors or callers can edit, and the
 * call settings that change the answer are part of the default key.
 */
import { Agent } from 'sluice/agent';
import { InMemoryServerCache, type MastraServerCache } from 'sluice/cache';
import { type OutputProcessor, type Processor, ResponseCache } from 'sluice/processors';
import { ScriptedModel, type ScriptedStep } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

const quiet = { warn: () => {} };

function agentWith(
  cache: MastraServerCache,
  model: ScriptedModel,
  extra: { tools?: Record<string, unknown>; outputProcessors?: Processor[] } = {},
) {
  return new Agent({
    id: 'fidelity',
    instructions: 'Be brief.',
    model,
    ...extra,
    // One tenant: a scope, so steps that call tools are cached.
    inputProcessors: [new ResponseCache({ cache, scope: 'tenant-1', logger: quiet })],
  } as ConstructorParameters<typeof Agent>[0]);
}

/** Step 0 calls `lookup`, step 1 answers once the prompt holds a tool result. */
function toolLoopModel(onFinal?: () => string) {
  return new ScriptedModel({
    steps: (call): ScriptedStep =>
      call.prompt.some((m) => m.role === 'tool')
        ? { text: onFinal ? onFinal() : 'final' }
        : { toolCalls: [{ toolName: 'lookup', args: { q: 'x' }, toolCallId: 'c1' }] },
  });
}

function lookupTool(execute: () => Promise<unknown>) {
  return createTool({ id: 'lookup', description: 'l', inputSchema: z.object({ q: z.string() }), execute });
}

/** The tool results the model received in its last call's prompt, as JSON text. */
function toolOutputsIn(model: ScriptedModel, call: number): string {
  const prompt = model.calls[call]?.prompt ?? [];
  return JSON.stringify(prompt.filter((m) => m.role === 'tool'));
}

describe('tool results: the entry records what execute returned, before processToolResult', () => {
  it('a non-idempotent processToolResult (appends a marker) gives the model the same text live and on a hit', async () => {
    const marker: Processor = {
      id: 'marker',
      processToolResult: ({ toolCallId, toolName, args, result, messageList }) => {
        messageList.updateToolInvocation({
          type: 'tool-invocation',
          toolInvocation: {
            state: 'result',
            toolCallId,
            toolName,
            args,
            result: `${String(result)} [checked]`,
          },
        });
      },
    };
    const cache = new InMemoryServerCache();
    const execute = vi.fn(async () => 'raw');
    // Step 1 answers differently each run so its key differs: it reaches the model every time.
    let run = 0;
    const model = new ScriptedModel({
      steps: (call): ScriptedStep =>
        call.prompt.some((m) => m.role === 'tool')
          ? { text: `final ${run}` }
          : { toolCalls: [{ toolName: 'lookup', args: { q: 'x' }, toolCallId: 'c1' }] },
    });
    const agent = () =>
      agentWith(cache, model, { tools: { lookup: lookupTool(execute) }, outputProcessors: [marker] });
    const seen: string[] = [];
    for (run = 1; run <= 2; run++) {
      const out = await agent().generate('go', {
        requestContext: ResponseCache.context({
          key: ({ stepNumber }) => (stepNumber === 0 ? 'tool-step' : `final-${run}`),
        }),
      });
      expect(out.toolResults.map((r) => r.payload.result)).toEqual(['raw [checked]']);
      seen.push(toolOutputsIn(model, model.calls.length - 1));
    }
    expect(execute).toHaveBeenCalledTimes(1);
    // Step 0 hit on run 2: the model is called for step 1 only.
    expect(model.calls).toHaveLength(3);
    expect(seen[0]).toContain('raw [checked]');
    expect(seen[0]).not.toContain('[checked] [checked]');
    expect(seen[1]).toBe(seen[0]);
  });

  it('a processToolResult that edits the result in place: the hit starts from the unedited result', async () => {
    const tagger: Processor = {
      id: 'tagger',
      processToolResult: ({ result }) => {
        (result as { tags: string[] }).tags.push('seen');
      },
    };
    const cache = new InMemoryServerCache();
    const execute = vi.fn(async () => ({ tags: ['a'] }));
    const model = toolLoopModel();
    const agent = () =>
      agentWith(cache, model, { tools: { lookup: lookupTool(execute) }, outputProcessors: [tagger] });
    const live = await agent().generate('go');
    const hit = await agent().generate('go');
    expect(execute).toHaveBeenCalledTimes(1);
    expect(model.calls).toHaveLength(2);
    expect(live.toolResults.map((r) => r.payload.result)).toEqual([{ tags: ['a', 'seen'] }]);
    expect(hit.toolResults.map((r) => r.payload.result)).toEqual([{ tags: ['a', 'seen'] }]);
  });
});

describe('sources, files and provider metadata replay', () => {
  const meta = (v: string) => ({ acme: { v } });
  const step: ScriptedStep = {
    events: [
      { type: 'part', part: { type: 'reasoning-start', id: 'r1', providerMetadata: meta('r-start') } },
      { type: 'part', part: { type: 'reasoning-delta', id: 'r1', delta: 'thinking' } },
      { type: 'part', part: { type: 'reasoning-end', id: 'r1', providerMetadata: meta('r-sig') } },
      { type: 'part', part: { type: 'text-start', id: 't1', providerMetadata: meta('t-start') } },
      { type: 'part', part: { type: 'text-delta', id: 't1', delta: 'hello', providerMetadata: meta('t-d') } },
      { type: 'part', part: { type: 'text-end', id: 't1', providerMetadata: meta('t-end') } },
      {
        type: 'part',
        part: {
          type: 'source',
          sourceType: 'url',
          id: 's1',
          url: 'https://a.example/doc',
          title: 'A doc',
          providerMetadata: meta('src'),
        },
      },
      {
        type: 'part',
        part: {
          type: 'file',
          mediaType: 'image/png',
          data: { type: 'data', data: new Uint8Array([1, 2, 3]) },
        },
      },
      { type: 'finish', providerMetadata: meta('finish') },
    ],
  };

  /** What a caller can read of a step's result, without per-run ids. */
  function observable(out: Awaited<ReturnType<Agent['generate']>>) {
    return {
      text: out.text,
      sources: out.sources.map((c) => c.payload),
      files: out.files.map((c) => c.payload),
      reasoning: out.reasoning.map((c) => c.payload),
      providerMetadata: out.providerMetadata,
      content: out.steps[0]?.content,
    };
  }

  it('result.sources, files, reasoning metadata, step content and providerMetadata match the live run', async () => {
    const model = new ScriptedModel({ steps: () => step });
    const cache = new InMemoryServerCache();
    const live = observable(await agentWith(cache, model).generate('cite'));
    const hit = observable(await agentWith(cache, model).generate('cite'));
    expect(model.calls).toHaveLength(1);
    expect(live.sources).toHaveLength(1);
    expect(live.files).toHaveLength(1);
    expect(live.providerMetadata).toEqual(meta('finish'));
    expect(hit).toEqual(live);
  });

  it('a caller editing a result (file bytes, source metadata) live or after a hit does not change the entry', async () => {
    const model = new ScriptedModel({ steps: () => step });
    const cache = new InMemoryServerCache();
    const edit = (out: Awaited<ReturnType<Agent['generate']>>) => {
      const [file] = out.files;
      const [source] = out.sources;
      if (!file || !source) throw new Error('the run has a file and a source');
      (file.payload.data as Uint8Array)[0] = 9;
      (source.payload.providerMetadata as { acme: { v: string } }).acme.v = 'edited';
    };
    const live = await agentWith(cache, model).generate('cite');
    const before = structuredClone(observable(live));
    edit(live);
    const hit = await agentWith(cache, model).generate('cite');
    expect(observable(hit)).toEqual(before);
    edit(hit);
    const again = observable(await agentWith(cache, model).generate('cite'));
    expect(model.calls).toHaveLength(1);
    expect(again).toEqual(before);
  });

  it('stream(): a hit emits the same source and file chunks', async () => {
    const model = new ScriptedModel({ steps: () => step });
    const cache = new InMemoryServerCache();
    const payloads: unknown[][] = [];
    for (let i = 0; i < 2; i++) {
      const out = await agentWith(cache, model).stream('cite');
      const mine: unknown[] = [];
      for await (const chunk of out.fullStream) {
        if (chunk.type === 'source' || chunk.type === 'file') mine.push(chunk.payload);
      }
      payloads.push(mine);
    }
    expect(model.calls).toHaveLength(1);
    expect(payloads[0]).toHaveLength(2);
    expect(payloads[1]).toEqual(payloads[0]);
  });
});

describe('the entry shares nothing the run hands out', () => {
  it('an output processor editing tool-call args in place does not corrupt the entry (the next step still hits)', async () => {
    const edit: OutputProcessor = {
      id: 'edit-args',
      processOutputStream: async ({ part }) => {
        if (part.type === 'tool-call') (part.payload.args as { q: string }).q += '!';
        return part;
      },
    };
    const cache = new InMemoryServerCache();
    const execute = vi.fn(async () => 'ok');
    const model = toolLoopModel();
    const agent = () =>
      agentWith(cache, model, { tools: { lookup: lookupTool(execute) }, outputProcessors: [edit] });
    const live = await agent().generate('go');
    const hit = await agent().generate('go');
    // The hit's step 0 passes the processor once, like the live one: the same step-1 prompt hits.
    expect(model.calls).toHaveLength(2);
    expect(hit.toolCalls.map((c) => c.payload.args)).toEqual(live.toolCalls.map((c) => c.payload.args));
    expect(live.toolCalls[0]?.payload.args).toEqual({ q: 'x!' });
  });

  it('a caller editing a returned tool result does not change what the next hit returns', async () => {
    const cache = new InMemoryServerCache();
    const model = toolLoopModel();
    const agent = () => agentWith(cache, model, { tools: { lookup: lookupTool(async () => ({ n: 1 })) } });
    const live = await agent().generate('go');
    (live.toolResults[0]?.payload.result as { n: number }).n = 99;
    const first = await agent().generate('go');
    (first.toolResults[0]?.payload.result as { n: number }).n = 98;
    const second = await agent().generate('go');
    expect(model.calls).toHaveLength(2);
    expect(second.toolResults[0]?.payload.result).toEqual({ n: 1 });
  });
});

describe('answer-shaping call settings are part of the default key', () => {
  const counting = () => {
    let n = 0;
    return new ScriptedModel({ steps: () => `answer ${++n}` });
  };

  it('model settings: a different temperature, maxOutputTokens or stopSequences misses; the same settings hit', async () => {
    const model = counting();
    const agent = agentWith(new InMemoryServerCache(), model);
    await agent.generate('q', { modelSettings: { temperature: 0 } });
    await agent.generate('q', { modelSettings: { temperature: 0 } });
    expect(model.calls).toHaveLength(1);
    await agent.generate('q', { modelSettings: { temperature: 1 } });
    await agent.generate('q', { modelSettings: { temperature: 0, maxOutputTokens: 5 } });
    await agent.generate('q', { modelSettings: { temperature: 0, stopSequences: ['END'] } });
    await agent.generate('q', { modelSettings: { temperature: 0, seed: 7 } });
    expect(model.calls).toHaveLength(5);
  });

  it('settings that do not change the answer (maxRetries, headers) do not change the key', async () => {
    const model = counting();
    const agent = agentWith(new InMemoryServerCache(), model);
    await agent.generate('q');
    await agent.generate('q', { modelSettings: { maxRetries: 5, headers: { 'x-trace': '1' } } });
    expect(model.calls).toHaveLength(1);
  });

  it('provider options: different options miss, equal options hit', async () => {
    const model = counting();
    const agent = agentWith(new InMemoryServerCache(), model);
    await agent.generate('q', { providerOptions: { openai: { reasoningEffort: 'low' } } });
    await agent.generate('q', { providerOptions: { openai: { reasoningEffort: 'low' } } });
    expect(model.calls).toHaveLength(1);
    await agent.generate('q', { providerOptions: { openai: { reasoningEffort: 'high' } } });
    expect(model.calls).toHaveLength(2);
  });

  it('structured output: a different schema misses (the cached JSON would not match it)', async () => {
    const model = new ScriptedModel({ steps: () => '{"a":1,"b":"x"}' });
    const agent = agentWith(new InMemoryServerCache(), model);
    const one = z.object({ a: z.number() });
    const two = z.object({ a: z.number(), b: z.string() });
    await agent.generate('q', { structuredOutput: { schema: one } });
    await agent.generate('q', { structuredOutput: { schema: one } });
    expect(model.calls).toHaveLength(1);
    const out = await agent.generate('q', { structuredOutput: { schema: two } });
    expect(model.calls).toHaveLength(2);
    expect(out.object).toEqual({ a: 1, b: 'x' });
  });
});

describe('custom keys in a tool loop', () => {
  it('a fixed string key names the first step; later steps get their own key, so step 1 never replays step 0', async () => {
    const cache = new InMemoryServerCache();
    const execute = vi.fn(async () => 'ok');
    const model = toolLoopModel();
    const agent = () => agentWith(cache, model, { tools: { lookup: lookupTool(execute) } });
    const requestContext = ResponseCache.context({ key: 'my-key' });
    const live = await agent().generate('go', { requestContext, maxSteps: 5 });
    expect(live.text).toBe('final');
    expect(live.steps).toHaveLength(2);
    expect(execute).toHaveBeenCalledTimes(1);
    expect(await cache.get('my-key')).toBeDefined();
    expect(await cache.get('my-key:step:1')).toBeDefined();

    const hit = await agent().generate('go', { requestContext, maxSteps: 5 });
    expect(hit.text).toBe('final');
    expect(model.calls).toHaveLength(2);
    expect(execute).toHaveBeenCalledTimes(1);
  });
});

describe('ttl units', () => {
  it('ttl is seconds: the backend is asked for ttl * 1000 ms, 0 for no expiry; an in-memory entry expires after it', async () => {
    const asked: Array<number | undefined> = [];
    class Recording extends InMemoryServerCache {
      override async set(key: string, value: unknown, ttlMs?: number): Promise<void> {
        asked.push(ttlMs);
        return super.set(key, value, ttlMs);
      }
    }
    const model = new ScriptedModel({ steps: () => 'a' });
    const make = (cache: MastraServerCache, ttl: number) =>
      new Agent({
        id: 'ttl',
        instructions: 'x',
        model,
        inputProcessors: [new ResponseCache({ cache, ttl, logger: quiet })],
      });
    await make(new Recording(), 600).generate('q');
    await make(new Recording(), 0).generate('q');
    expect(asked).toEqual([600_000, 0]);

    const now = vi.spyOn(Date, 'now');
    try {
      const cache = new InMemoryServerCache();
      const agent = make(cache, 2);
      now.mockReturnValue(1_000_000);
      await agent.generate('expiring');
      now.mockReturnValue(1_001_900);
      await agent.generate('expiring');
      expect(model.calls).toHaveLength(3);
      now.mockReturnValue(1_002_100);
      await agent.generate('expiring');
      expect(model.calls).toHaveLength(4);
    } finally {
      now.mockRestore();
    }
  });
});
