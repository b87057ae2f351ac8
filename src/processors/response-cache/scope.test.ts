/**
 * Tenant scope of ResponseCache: one caller's replayed tool results never reach another. The
 * scope is the explicit `scope`, else the resource id (a number used as its string), else the
 * request context's `userId`; with none of these a step that calls tools is neither cached nor
 * replayed (one warning per processor naming the fix). `scope: null` is the explicit opt-in to
 * sharing. Pinned on which tools ran and what each caller got back.
 */
import { Agent } from 'sluice/agent';
import { InMemoryServerCache } from 'sluice/cache';
import { ResponseCache, type ResponseCacheOptions } from 'sluice/processors';
import { MASTRA_RESOURCE_ID_KEY, RequestContext } from 'sluice/request-context';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const BALANCES: Record<string, number> = { alice: 100, bob: 7, '1': 100, '2': 7 };

/** The bank: `getBalance` answers for whoever the request context says is calling. */
function bank(options: Partial<ResponseCacheOptions> = {}, cache = new InMemoryServerCache()) {
  const ran: string[] = [];
  const warnings: string[] = [];
  const getBalance = createTool({
    id: 'getBalance',
    description: 'The caller’s balance',
    inputSchema: z.object({}),
    execute: async (_input, { requestContext }) => {
      const who = String(
        requestContext.get('userId') ?? requestContext.get(MASTRA_RESOURCE_ID_KEY as never) ?? 'nobody',
      );
      ran.push(who);
      return { balance: BALANCES[who] ?? 0 };
    },
  });
  // Step 0 calls the tool; step 1 reads the balance back from the prompt.
  const model = new ScriptedModel({
    steps: ({ prompt }) => {
      const last = prompt.at(-1);
      if (last?.role !== 'tool') return { toolCalls: [{ toolName: 'getBalance', args: {} }] };
      const part = last.content[0] as { output?: { value?: { balance?: number } } };
      return `Your balance is ${part.output?.value?.balance}`;
    },
  });
  const agent = new Agent({
    id: 'bank',
    instructions: 'Answer balance questions.',
    model,
    tools: { getBalance },
    inputProcessors: [new ResponseCache({ cache, logger: { warn: (m) => warnings.push(m) }, ...options })],
  });
  const ask = async (context: Record<string, unknown>) => {
    const requestContext = new RequestContext();
    for (const [k, v] of Object.entries(context)) requestContext.set(k as never, v as never);
    return (await agent.generate('What is my balance?', { requestContext })).text;
  };
  return { ask, ran, warnings, model, cache };
}

describe('ResponseCache scope: callers never share replayed tool results', () => {
  it('keyed by userId in the request context: Bob gets his own balance, and Alice hits her own entry', async () => {
    const { ask, ran } = bank();
    expect(await ask({ userId: 'alice' })).toBe('Your balance is 100');
    expect(await ask({ userId: 'bob' })).toBe('Your balance is 7');
    expect(ran).toEqual(['alice', 'bob']);
    expect(await ask({ userId: 'alice' })).toBe('Your balance is 100');
    expect(ran).toEqual(['alice', 'bob']);
  });

  it('a number resource id is used as its string: resource 2 gets its own balance, resource 1 hits, 1 and "1" are one scope', async () => {
    const { ask, ran } = bank();
    expect(await ask({ [MASTRA_RESOURCE_ID_KEY]: 1 })).toBe('Your balance is 100');
    expect(await ask({ [MASTRA_RESOURCE_ID_KEY]: 2 })).toBe('Your balance is 7');
    expect(ran).toEqual(['1', '2']);
    expect(await ask({ [MASTRA_RESOURCE_ID_KEY]: '1' })).toBe('Your balance is 100');
    expect(ran).toEqual(['1', '2']);
  });

  it('the resource id wins over userId (the documented default scope)', async () => {
    const { ask, ran } = bank();
    await ask({ [MASTRA_RESOURCE_ID_KEY]: 'alice', userId: 'x' });
    await ask({ [MASTRA_RESOURCE_ID_KEY]: 'alice', userId: 'y' });
    expect(ran).toHaveLength(1);
  });

  it('a userId scope never meets a resource id scope of the same value', async () => {
    const { ask, ran } = bank();
    await ask({ [MASTRA_RESOURCE_ID_KEY]: 'alice' });
    await ask({ userId: 'alice' });
    expect(ran).toHaveLength(2);
  });

  it('a resource id spelled like a user scope ("userId:alice") never meets user alice', async () => {
    const { ask, ran } = bank();
    await ask({ userId: 'alice' });
    await ask({ [MASTRA_RESOURCE_ID_KEY]: 'userId:alice' });
    expect(ran).toEqual(['alice', 'userId:alice']);
  });

  for (const [label, context] of [
    ['no ids at all', {}],
    ['only an organizationId (an org is not one user)', { organizationId: 'acme' }],
    ['an empty resource id', { [MASTRA_RESOURCE_ID_KEY]: '' }],
    ['a resource id that is an object', { [MASTRA_RESOURCE_ID_KEY]: { id: 'alice' } }],
  ] as const) {
    it(`without a scope (${label}) a step that calls tools is not cached: every caller’s tool runs; one warning names the fix`, async () => {
      const { ask, ran, warnings } = bank();
      await ask(context);
      await ask(context);
      await ask(context);
      // Step 0 (the tool call) ran every time; the tool never replayed someone else's result.
      expect(ran).toHaveLength(3);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/getBalance/);
      expect(warnings[0]).toMatch(/MASTRA_RESOURCE_ID_KEY/);
      expect(warnings[0]).toMatch(/scope: null/);
    });
  }

  it('without a scope a step with no tool calls is still cached (its answer depends only on its prompt)', async () => {
    const warnings: string[] = [];
    let n = 0;
    const model = new ScriptedModel({ steps: () => `answer ${++n}` });
    const agent = new Agent({
      id: 'plain',
      instructions: 'x',
      model,
      inputProcessors: [
        new ResponseCache({ cache: new InMemoryServerCache(), logger: { warn: (m) => warnings.push(m) } }),
      ],
    });
    await agent.generate('hi');
    expect((await agent.generate('hi')).text).toBe('answer 1');
    expect(model.calls).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it('scope: null is the explicit opt-in: tool steps are shared, with no warning', async () => {
    const { ask, ran, warnings } = bank({ scope: null });
    expect(await ask({ userId: 'alice' })).toBe('Your balance is 100');
    expect(await ask({ userId: 'bob' })).toBe('Your balance is 100');
    expect(ran).toEqual(['alice']);
    expect(warnings).toEqual([]);
  });

  it('an explicit scope string isolates like a resource id', async () => {
    const { ask, ran } = bank({ scope: 'org-1' });
    await ask({});
    await ask({});
    expect(ran).toHaveLength(1);
  });

  it('an entry with tool calls written under the shared scope is not replayed to a caller without a scope', async () => {
    const cache = new InMemoryServerCache();
    const shared = bank({ scope: null }, cache);
    await shared.ask({ userId: 'alice' });
    const unscoped = bank({}, cache);
    expect(await unscoped.ask({})).toBe('Your balance is 0');
    expect(unscoped.ran).toEqual(['nobody']);
  });
});
