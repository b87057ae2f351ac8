/**
 * How an agent's processor arrays are resolved per call:
 * functions of `{ requestContext }`, per-call replacement, `processorIndex`, and the early
 * configuration errors. Hook-by-hook rules live in hooks-input/hooks-output/state-and-abort.
 */
import { ConfigurationError } from 'sluice';
import { Agent } from 'sluice/agent';
import type { InputProcessor, OutputProcessor, ProcessInputArgs, Processor } from 'sluice/processors';
import { RequestContext } from 'sluice/request-context';
import { ScriptedModel } from 'sluice/test';
import { describe, expect, it } from 'vitest';

/** An input processor that blocks any input containing `word`. */
function blocker(word: string) {
  return {
    id: 'blocker',
    processInput: ({ messages, messageList, abort }) => {
      const text = JSON.stringify(messages.map((m) => m.content.parts));
      if (word && text.includes(word)) abort(`"${word}" is not allowed`);
      return messageList;
    },
  } satisfies Processor;
}

/** Input and output processors that log which of them ran. */
function loggers(log: string[]) {
  const input = (id: string) =>
    ({
      id,
      processInput: ({ messageList }) => {
        log.push(id);
        return messageList;
      },
    }) satisfies Processor;
  const output = (id: string) =>
    ({
      id,
      processOutputResult: ({ messageList }) => {
        log.push(id);
        return messageList;
      },
    }) satisfies Processor;
  return { input, output };
}

function contextWith(values: Record<string, unknown>): RequestContext {
  const requestContext = new RequestContext();
  for (const [key, value] of Object.entries(values)) requestContext.set(key, value);
  return requestContext;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe('processor arrays per call', () => {
  it('agent arrays may be functions of { requestContext }, built per call from its values', async () => {
    const built: string[] = [];
    const model = new ScriptedModel({ steps: () => 'ok' });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      inputProcessors: ({ requestContext }) => {
        const word = String(requestContext.get('blockedWord') ?? '');
        built.push(`input:${word}`);
        return [blocker(word)];
      },
      outputProcessors: ({ requestContext }) => {
        built.push(`output:${String(requestContext.get('tag'))}`);
        return [
          {
            id: 'tagger',
            processOutputResult: ({ messageList }) => {
              messageList.get.response.db().forEach((m) => {
                m.content.metadata = { ...m.content.metadata, tag: requestContext.get('tag') };
              });
              return messageList;
            },
          },
        ];
      },
    });

    const blocked = await agent.generate('I like apples', {
      requestContext: contextWith({ blockedWord: 'apple', tag: 'one' }),
    });
    const allowed = await agent.generate('I like apples', {
      requestContext: contextWith({ blockedWord: 'pear', tag: 'two' }),
    });

    expect(blocked.tripwire).toMatchObject({ reason: '"apple" is not allowed', processorId: 'blocker' });
    expect(allowed.tripwire).toBeUndefined();
    expect(allowed.text).toBe('ok');
    expect(allowed.response.uiMessages.find((m) => m.role === 'assistant')?.metadata).toMatchObject({
      tag: 'two',
    });
    expect(built).toEqual(['input:apple', 'output:one', 'input:pear', 'output:two']);
  });

  it('per-call arrays replace the agent’s arrays for that call only', async () => {
    const log: string[] = [];
    const { input, output } = loggers(log);
    const model = new ScriptedModel({ steps: () => 'ok' });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      inputProcessors: [input('agent-input')],
      outputProcessors: [output('agent-output')],
    });

    await agent.generate('one', {
      inputProcessors: [input('call-input')],
      outputProcessors: [output('call-output')],
    });
    const perCall = log.splice(0);
    await agent.generate('two');
    const agentOnly = log.splice(0);
    await (await agent.stream('three', { outputProcessors: [] })).consumeStream();
    const emptyOutput = log.splice(0);

    expect(perCall).toEqual(['call-input', 'call-output']);
    expect(agentOnly).toEqual(['agent-input', 'agent-output']);
    // An empty per-call array still replaces; the other array stays the agent's.
    expect(emptyOutput).toEqual(['agent-input']);
  });

  it('per-call arrays may be functions of { requestContext } too', async () => {
    const model = new ScriptedModel({ steps: () => 'ok' });
    const agent = new Agent({ id: 'a', instructions: 'sys', model });

    const result = await agent.generate('I like pears', {
      requestContext: contextWith({ blockedWord: 'pear' }),
      inputProcessors: ({ requestContext }) => [blocker(String(requestContext.get('blockedWord')))],
    });

    expect(result.tripwire).toMatchObject({ reason: '"pear" is not allowed' });
    expect(model.calls).toHaveLength(0);
  });

  it('processorIndex is set at runtime on the combined list, in array order', async () => {
    const indexSeen: Record<string, number | undefined> = {};
    const probe = (id: string) =>
      ({
        id,
        processInput({ messageList }) {
          indexSeen[id] = this.processorIndex;
          return messageList;
        },
        processOutputResult({ messageList }) {
          indexSeen[id] = this.processorIndex;
          return messageList;
        },
      }) satisfies Processor & ThisType<Processor>;
    const first = probe('first');
    const second = probe('second');
    const third = probe('third');
    const fourth = probe('fourth');
    const model = new ScriptedModel({ steps: () => 'ok' });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      inputProcessors: [first, second],
      outputProcessors: [third, fourth],
    });

    await agent.generate('hi');

    expect(indexSeen.first).toBe(0);
    expect(indexSeen.second).toBe(1);
    expect(typeof indexSeen.third).toBe('number');
    expect(indexSeen.fourth).toBe((indexSeen.third as number) + 1);

    // A per-call array is indexed on its own combined list.
    const callFirst = probe('call-first');
    const callSecond = probe('call-second');
    await agent.generate('hi', { inputProcessors: [callSecond, callFirst] });
    expect(indexSeen['call-second']).toBe(0);
    expect(indexSeen['call-first']).toBe(1);
  });
});

describe('shared hook context', () => {
  it('every hook receives the call’s requestContext, retryCount 0 and an abort function', async () => {
    const requestContext = contextWith({ tenant: 't1' });
    const seen: Array<{ hook: string; sameContext: boolean; retryCount: number; abort: string }> = [];
    const note = (
      hook: string,
      ctx: { requestContext?: RequestContext; retryCount: number; abort: unknown },
    ) => {
      seen.push({
        hook,
        sameContext: ctx.requestContext === requestContext,
        retryCount: ctx.retryCount,
        abort: typeof ctx.abort,
      });
    };
    const processor = {
      id: 'context-probe',
      processInput: (args) => {
        note('processInput', args);
        return args.messageList;
      },
      processInputStep: (args) => {
        note('processInputStep', args);
      },
      processLLMRequest: (args) => {
        note('processLLMRequest', args);
      },
      processLLMResponse: (args) => {
        note('processLLMResponse', args);
      },
      processOutputStream: async (args) => {
        note('processOutputStream', args);
        return args.part;
      },
      processOutputStep: (args) => {
        note('processOutputStep', args);
        return args.messageList;
      },
      processOutputResult: (args) => {
        note('processOutputResult', args);
        return args.messageList;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: () => 'ok' });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      inputProcessors: [processor],
      outputProcessors: [processor],
    });

    await agent.generate('hi', { requestContext });

    expect(new Set(seen.map((s) => s.hook)).size).toBe(7);
    for (const entry of seen) {
      expect(entry).toEqual({ hook: entry.hook, sameContext: true, retryCount: 0, abort: 'function' });
    }
  });
});

describe('configuration errors', () => {
  const ok = { id: 'ok', processInput: ({ messageList }) => messageList } satisfies Processor;
  const model = () => new ScriptedModel({ steps: () => 'ok' });

  it('new Agent() throws a ConfigurationError naming the slot of a processor without an id', () => {
    const noId = { processInput: (args: ProcessInputArgs) => args.messageList } as unknown as InputProcessor;
    let error: unknown;
    try {
      new Agent({ id: 'a', instructions: 'sys', model: model(), inputProcessors: [ok, noId] });
    } catch (e) {
      error = e;
    }
    expect(ConfigurationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'PROCESSOR_MISSING_ID' });
    expect((error as Error).message).toContain('inputProcessors[1]');
  });

  it('new Agent() throws a ConfigurationError naming a processor with no hook its array runs', () => {
    const inputOnly = {
      id: 'input-only',
      processInput: ({ messageList }) => messageList,
    } satisfies Processor;
    let error: unknown;
    try {
      new Agent({
        id: 'a',
        instructions: 'sys',
        model: model(),
        outputProcessors: [inputOnly as unknown as OutputProcessor],
      });
    } catch (e) {
      error = e;
    }
    expect(ConfigurationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'PROCESSOR_NO_HOOK' });
    expect((error as Error).message).toContain('outputProcessors[0]');
    expect((error as Error).message).toContain('input-only');
  });

  it('new Agent() throws a ConfigurationError naming a duplicate id in one array', () => {
    const again = { id: 'ok', processInputStep: () => undefined } satisfies Processor;
    let error: unknown;
    try {
      new Agent({ id: 'a', instructions: 'sys', model: model(), inputProcessors: [ok, again] });
    } catch (e) {
      error = e;
    }
    expect(ConfigurationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'PROCESSOR_DUPLICATE_ID' });
    expect((error as Error).message).toContain('inputProcessors[1]');
    expect((error as Error).message).toContain('"ok"');
  });

  it('a function-valued array is checked when generate() or stream() starts, before any model call', async () => {
    const scripted = model();
    const noId = { processInput: (args: ProcessInputArgs) => args.messageList } as unknown as InputProcessor;
    const agent = new Agent({ id: 'a', instructions: 'sys', model: scripted, inputProcessors: () => [noId] });

    const fromGenerate = await rejection(agent.generate('hi'));
    const fromStream = await rejection(agent.stream('hi'));

    for (const error of [fromGenerate, fromStream]) {
      expect(ConfigurationError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain('inputProcessors[0]');
    }
    expect(scripted.calls).toHaveLength(0);
  });

  it('an invalid per-call array rejects the call, naming its slot', async () => {
    const scripted = model();
    const agent = new Agent({ id: 'a', instructions: 'sys', model: scripted });

    const error = await rejection(agent.generate('hi', { inputProcessors: [ok, ok] }));

    expect(ConfigurationError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('inputProcessors[1]');
    expect(scripted.calls).toHaveLength(0);
  });
});
