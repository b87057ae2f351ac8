/**
 * An option name Sluice does not know is refused, never ignored: a misspelt `inputProcessors`
 * would otherwise run the agent with no guardrail at all. The error names the key and the valid
 * names closest to it. Options the original documents but Sluice does not implement are accepted
 * with one warning per agent saying what differs; the legacy `threadId`/`resourceId` call shape
 * is refused with the replacement.
 */
import { readFileSync } from 'node:fs';
import { InMemoryStore, Memory } from 'sluice/memory';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { ConfigurationError } from '../errors/index.js';
import type { Processor } from '../pipeline/types.js';
import { ScriptedModel } from '../test/index.js';
import { Agent } from './agent.js';
import documented from './documented-options.json' with { type: 'json' };
import { AGENT_CONFIG_OPTIONS, CALL_OPTIONS } from './option-names.js';

const guard: Processor = { id: 'guard', processInput: ({ messages }) => messages };
const model = () => new ScriptedModel({ steps: ['ok', 'ok', 'ok'] });
const base = () => ({ id: 'a', instructions: 'x', model: model() });

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());
const warnings = () => warn.mock.calls.map((call) => String(call[0]));

function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}

describe('an unknown Agent constructor option is refused, naming the nearest valid one', () => {
  it.each<[string, string[]]>([
    ['inputProcessor', ['inputProcessors']],
    ['outputProcessor', ['outputProcessors']],
    ['processors', ['inputProcessors', 'outputProcessors', 'errorProcessors']],
    ['guardrails', []],
    ['instruction', ['instructions']],
    ['maxProcessorRetry', ['maxProcessorRetries']],
  ])('%s', (key, nearest) => {
    const error = caught(() => new Agent({ ...base(), [key]: [guard] } as never));
    expect(ConfigurationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'AGENT_INVALID_CONFIG', details: { option: key } });
    const message = (error as Error).message;
    expect(message).toContain(`"${key}"`);
    for (const name of nearest) expect(message).toContain(`"${name}"`);
    expect(message).toMatch(nearest.length > 0 ? /did you mean/ : /valid options/i);
  });

  it('a misspelt key inside static defaultOptions is refused at construction', () => {
    const error = caught(
      () => new Agent({ ...base(), defaultOptions: { inputProcesors: [guard] } as never }),
    );
    expect(error).toMatchObject({
      code: 'AGENT_INVALID_CONFIG',
      details: { option: 'defaultOptions.inputProcesors' },
    });
    expect((error as Error).message).toContain('"inputProcessors"');
  });

  it('a key whose value is undefined is not a mistake (spread objects carry them)', () => {
    expect(() => new Agent({ ...base(), inputProcessor: undefined } as never)).not.toThrow();
  });
});

describe('an unknown generate()/stream() option is refused before the model is called', () => {
  it.each<[string, 'generate' | 'stream', string, string]>([
    ['inputProcessor', 'generate', 'inputProcessor', 'inputProcessors'],
    ['outputProcessor', 'stream', 'outputProcessor', 'outputProcessors'],
    ['maxstep', 'generate', 'maxstep', 'maxSteps'],
    ['memroy', 'stream', 'memroy', 'memory'],
  ])('%s via %s', async (_name, method, key, nearest) => {
    const m = model();
    const agent = new Agent({ id: 'a', instructions: 'x', model: m });
    const error = await agent[method]('hi', { [key]: [guard] } as never).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'AGENT_INVALID_OPTIONS', details: { option: key } });
    expect((error as Error).message).toContain(`"${key}"`);
    expect((error as Error).message).toContain(`"${nearest}"`);
    expect(m.calls).toHaveLength(0);
  });

  it('a misspelt key in function-valued defaultOptions is refused when a call starts', async () => {
    const agent = new Agent({ ...base(), defaultOptions: () => ({ outputProcesors: [guard] }) as never });
    await expect(agent.generate('hi')).rejects.toMatchObject({
      code: 'AGENT_INVALID_OPTIONS',
      details: { option: 'defaultOptions.outputProcesors' },
    });
  });

  it.each([[{ threadId: 't1', resourceId: 'u1' }], [{ threadId: 't1' }], [{ resourceId: 'u1' }]])(
    'the legacy shape %j is refused with the replacement',
    async (options) => {
      const agent = new Agent(base());
      const error = await agent.generate('hi', options as never).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ code: 'AGENT_INVALID_OPTIONS' });
      expect((error as Error).message).toContain('memory: { thread');
      expect((error as Error).message).toMatch(/threadId|resourceId/);
    },
  );
});

describe('documented options Sluice does not implement: one warning per agent, naming the difference', () => {
  it('constructor options warn once, at construction', () => {
    new Agent({ ...base(), scorers: {}, requestContextSchema: {} } as never);
    expect(warnings()).toHaveLength(2);
    expect(warnings()[0]).toContain('"scorers"');
    expect(warnings()[0]).toContain(documented.agentConfig.scorers);
    expect(warnings()[1]).toContain(documented.agentConfig.requestContextSchema);
  });

  it('call options warn on the first call of each agent only', async () => {
    const first = new Agent(base());
    await first.generate('hi', { requireToolApproval: true, stopWhen: () => true } as never);
    await first.generate('hi', { requireToolApproval: true, stopWhen: () => true } as never);
    await first.stream('hi', { requireToolApproval: true } as never).then((o) => o.consumeStream());
    expect(warnings()).toHaveLength(2);
    expect(warnings().join('\n')).toContain(documented.callOptions.requireToolApproval);
    expect(warnings().join('\n')).toContain(documented.callOptions.stopWhen);
    const second = new Agent(base());
    await second.generate('hi', { requireToolApproval: true } as never);
    expect(warnings()).toHaveLength(3);
  });

  it('the call still runs', async () => {
    const agent = new Agent(base());
    const result = await agent.generate('hi', { savePerStep: true } as never);
    expect(result.text).toBe('ok');
  });
});

describe('the memory call option refuses unknown keys too', () => {
  const agentWithMemory = () =>
    new Agent({ ...base(), memory: new Memory({ storage: new InMemoryStore() }) });

  it.each<[Record<string, unknown>, string, string]>([
    [{ thred: 't1', resource: 'u1' }, 'thred', 'thread'],
    [{ thread: 't1', resource: 'u1', option: { readOnly: true } }, 'option', 'options'],
    [{ thread: 't1', resourse: 'u1' }, 'resourse', 'resource'],
  ])('%j', async (memory, key, nearest) => {
    const error = await agentWithMemory()
      .generate('hi', { memory } as never)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toMatchObject({ code: 'AGENT_INVALID_OPTIONS', details: { option: `memory.${key}` } });
    expect((error as Error).message).toContain(`"${nearest}"`);
  });

  it('onTitleGenerated is documented: a warning, and the call runs', async () => {
    const result = await agentWithMemory().generate('hi', {
      memory: { thread: 't1', resource: 'u1', onTitleGenerated: () => {} },
    } as never);
    expect(result.text).toBe('ok');
    expect(warnings().join('\n')).toContain(documented.memoryCallOption.onTitleGenerated);
  });
});

describe('the list of documented-but-unimplemented options', () => {
  it('names no option Sluice implements, and every note is one line', () => {
    for (const key of Object.keys(documented.agentConfig)) expect(AGENT_CONFIG_OPTIONS).not.toContain(key);
    for (const key of Object.keys(documented.callOptions)) expect(CALL_OPTIONS).not.toContain(key);
    for (const section of [documented.agentConfig, documented.callOptions, documented.memoryCallOption])
      for (const note of Object.values(section)) expect(note).not.toMatch(/\n/);
  });
});

describe('the migration page lists the documented-but-unimplemented options as the data file does', () => {
  it('one row per option, with its note', () => {
    const readme = readFileSync(new URL('../../docs/migration.md', import.meta.url), 'utf8');
    for (const section of [documented.agentConfig, documented.callOptions, documented.memoryCallOption]) {
      for (const [key, note] of Object.entries(section)) {
        expect(readme).toContain(`| \`${key}\` |`);
        expect(readme).toContain(`| ${note} |`);
      }
    }
  });
});
