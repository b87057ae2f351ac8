/**
 * How the default error processors merge into an agent's list (README "Error processors"), rule
 * by rule: lists in, resolved ids out.
 */
import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import type { ErrorProcessor, Processor } from '../processors/index.js';
import { RequestContext } from '../request-context/index.js';
import { ScriptedModel } from '../test/index.js';
import { Agent } from './agent.js';
import { DEFAULT_ERROR_PROCESSOR_IDS } from './resolve-error-processors.js';

const PHC = 'provider-history-compat';
const PEH = 'prefill-error-handler';
const UFH = 'unsupported-file-handler';
const SERP = 'stream-error-retry-processor';

/** A user-supplied error processor; `*` in a table marks these. */
function user(id: string): ErrorProcessor {
  return { id, processAPIError: () => undefined };
}

function agentWith(config: { errorProcessors?: ErrorProcessor[]; errorProcessorDefaults?: boolean }): Agent {
  return new Agent({
    id: 'merge-agent',
    instructions: 'x',
    model: new ScriptedModel({ steps: ['ok'] }),
    ...config,
  });
}

/** Resolved ids, with user-supplied instances marked `*`. */
async function resolved(agent: Agent, supplied: readonly Processor[]): Promise<string[]> {
  const list = await agent.listErrorProcessors();
  return list.map((p) => (supplied.includes(p) ? `${p.id}*` : p.id));
}

describe('default error processor merge', () => {
  const table: Array<{ rule: string; list: string[] | undefined; out: string[] }> = [
    {
      rule: 'every agent gets the four defaults (no errorProcessors configured)',
      list: undefined,
      out: [PHC, PEH, UFH, SERP],
    },
    {
      rule: 'an empty errorProcessors list merges like any list: all four defaults',
      list: [],
      out: [PHC, PEH, UFH, SERP],
    },
    {
      rule: 'naming only a later default never inverts the order (only a custom StreamErrorRetryProcessor)',
      list: [SERP],
      out: [PHC, PEH, UFH, `${SERP}*`],
    },
    {
      rule: 'processors with custom ids keep their position in the list',
      list: ['custom'],
      out: ['custom*', PHC, PEH, UFH, SERP],
    },
    {
      rule: 'a user default-id processor takes part in the default ordering; custom ids stay put',
      list: [PEH, 'custom'],
      out: [PHC, `${PEH}*`, UFH, SERP, 'custom*'],
    },
    {
      rule: 'missing repair defaults go before a user retry processor that follows a custom one',
      list: ['custom', SERP],
      out: ['custom*', PHC, PEH, UFH, `${SERP}*`],
    },
    {
      rule: 'passing all four ids runs a fully custom set (no default added)',
      list: [PHC, PEH, UFH, SERP],
      out: [`${PHC}*`, `${PEH}*`, `${UFH}*`, `${SERP}*`],
    },
    {
      rule: "the user's relative order is never changed, even against the default sequence",
      list: [SERP, 'a', PHC],
      out: [PEH, UFH, `${SERP}*`, 'a*', `${PHC}*`],
    },
    {
      rule: 'several custom processors around defaults keep their places',
      list: ['a', UFH, 'b'],
      out: ['a*', PHC, PEH, `${UFH}*`, SERP, 'b*'],
    },
  ];

  for (const { rule, list, out } of table) {
    it(rule, async () => {
      const supplied = (list ?? []).map(user);
      const agent = agentWith(list === undefined ? {} : { errorProcessors: supplied });
      expect(await resolved(agent, supplied)).toEqual(out);
    });
  }

  it("a default is added only when no processor has its id: the user's instance wins and is not duplicated", async () => {
    const mine = user(PEH);
    const list = await agentWith({ errorProcessors: [mine] }).listErrorProcessors();
    expect(list.filter((p) => p.id === PEH)).toEqual([mine]);
  });

  it('the defaults are the documented classes with the documented ids, in the documented order', async () => {
    const list = await agentWith({}).listErrorProcessors();
    expect(list.map((p) => [p.constructor.name, p.id])).toEqual([
      ['ProviderHistoryCompat', PHC],
      ['PrefillErrorHandler', PEH],
      ['UnsupportedFileHandler', UFH],
      ['StreamErrorRetryProcessor', SERP],
    ]);
    expect(DEFAULT_ERROR_PROCESSOR_IDS).toEqual([PHC, PEH, UFH, SERP]);
  });

  it('errorProcessorDefaults: false runs only the configured processors', async () => {
    const mine = user(SERP);
    expect(
      await resolved(agentWith({ errorProcessorDefaults: false, errorProcessors: [mine] }), [mine]),
    ).toEqual([`${SERP}*`]);
  });

  it('errorProcessorDefaults: false with no processors runs none', async () => {
    expect(await agentWith({ errorProcessorDefaults: false }).listErrorProcessors()).toEqual([]);
    expect(
      await agentWith({ errorProcessorDefaults: false, errorProcessors: [] }).listErrorProcessors(),
    ).toEqual([]);
  });

  it('a function-valued list is merged on every call, from that call’s request context', async () => {
    const agent = new Agent({
      id: 'fn-agent',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['ok'] }),
      errorProcessors: ({ requestContext }) => [user(String(requestContext.get('which')))],
    });
    const ctx = (which: string) => new RequestContext([['which', which]]);
    expect((await agent.listErrorProcessors(ctx('a'))).map((p) => p.id)).toEqual(['a', PHC, PEH, UFH, SERP]);
    expect((await agent.listErrorProcessors(ctx(SERP))).map((p) => p.id)).toEqual([PHC, PEH, UFH, SERP]);
  });

  it('an invalid errorProcessorDefaults value fails at construction', () => {
    expect(() => agentWith({ errorProcessorDefaults: 'no' as unknown as boolean })).toThrow(
      /errorProcessorDefaults" must be true or false/,
    );
  });
});

describe('per-call errorProcessors replace the resolved list, defaults included', () => {
  const serverError = () =>
    new APICallError({
      message: 'Internal server error',
      url: 'http://127.0.0.1/v1/chat/completions',
      requestBodyValues: {},
      statusCode: 500,
      isRetryable: true,
    });

  it('with the defaults, a retryable 500 is retried once by StreamErrorRetryProcessor', async () => {
    const model = new ScriptedModel({ steps: [{ throwBeforeStream: serverError() }, 'recovered'] });
    const agent = new Agent({ id: 'a', instructions: 'x', model });
    const result = await agent.generate('hi');
    expect(result.text).toBe('recovered');
    expect(model.calls).toHaveLength(2);
  });

  it('a per-call list without a retry processor means no default retries for that call', async () => {
    const model = new ScriptedModel({ steps: [{ throwBeforeStream: serverError() }, 'never'] });
    const seen: string[] = [];
    const agent = new Agent({ id: 'a', instructions: 'x', model });
    const only: ErrorProcessor = {
      id: 'only',
      processAPIError: ({ error }) => {
        seen.push(APICallError.isInstance(error) ? `api ${error.statusCode}` : 'other');
      },
    };
    await expect(agent.generate('hi', { errorProcessors: [only] })).rejects.toMatchObject({
      statusCode: 500,
    });
    expect(seen).toEqual(['api 500']);
    expect(model.calls).toHaveLength(1);
  });

  it('an empty per-call list runs no error processor at all', async () => {
    const model = new ScriptedModel({ steps: [{ throwBeforeStream: serverError() }, 'never'] });
    const agent = new Agent({ id: 'a', instructions: 'x', model });
    await expect(agent.generate('hi', { errorProcessors: [] })).rejects.toMatchObject({ statusCode: 500 });
    expect(model.calls).toHaveLength(1);
  });
});

describe('error processors in the processLLMRequest lane', () => {
  it('an error processor that implements processLLMRequest runs there, after the input processors', async () => {
    const order: string[] = [];
    const agent = new Agent({
      id: 'lane',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['ok'] }),
      inputProcessors: [{ id: 'input', processLLMRequest: () => void order.push('input') }],
      errorProcessors: [
        {
          id: 'repair',
          processLLMRequest: () => void order.push('repair'),
          processAPIError: () => undefined,
        },
      ],
    });
    await agent.generate('hi');
    expect(order).toEqual(['input', 'repair']);
  });

  it('a processor in both inputProcessors and errorProcessors runs once, at its input position', async () => {
    const order: string[] = [];
    const both = {
      id: 'both',
      processLLMRequest: () => void order.push('both'),
      processAPIError: () => undefined,
    };
    const agent = new Agent({
      id: 'lane',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['ok'] }),
      inputProcessors: [both, { id: 'after', processLLMRequest: () => void order.push('after') }],
      errorProcessors: [both],
    });
    await agent.generate('hi');
    expect(order).toEqual(['both', 'after']);
  });
});
