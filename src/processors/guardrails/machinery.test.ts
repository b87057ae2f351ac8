/**
 * Shared guardrail machinery: mode resolution, lenient JSON, the helper-model judge against a
 * scripted model, the fail policy (timeouts, warn = fail open, strict = fail closed) and the
 * verdict cache.
 */
import { SluiceError } from 'sluice/errors';
import { GuardrailCheckError, GuardrailTimeoutError } from 'sluice/processors';
import {
  askJudge,
  configFingerprint,
  parseLenientJson,
  resolveGuardrailMode,
  runWithFailPolicy,
  VerdictCache,
} from 'sluice/processors/authoring';
import { ScriptedModel } from 'sluice/test';
import { describe, expect, it, vi } from 'vitest';
import { requireModelFor } from './mode.js';

type Caught = Error & { code?: string; cause?: unknown; options: { metadata?: unknown } };
const caught = (e: unknown) => e as Caught;
const unexpected = (): Caught => {
  throw new Error('expected the promise to reject');
};

describe('resolveGuardrailMode: llm with a model (as in Mastra), offline without one', () => {
  it('defaults', () => {
    expect(resolveGuardrailMode('moderation', { model: 'openai/gpt-5-nano' })).toBe('llm');
    expect(resolveGuardrailMode('moderation', {})).toBe('offline');
    expect(resolveGuardrailMode('moderation', { model: 'x/y', mode: 'hybrid' })).toBe('hybrid');
    expect(resolveGuardrailMode('moderation', { model: 'x/y', mode: 'offline' })).toBe('offline');
  });

  it('llm or hybrid without a model is a construction error naming processor and option', () => {
    for (const mode of ['llm', 'hybrid'] as const) {
      try {
        resolveGuardrailMode('pii-detector', { mode });
        expect.unreachable();
      } catch (error) {
        expect(SluiceError.hasCode(error, 'PROCESSOR_INVALID_OPTIONS')).toBe(true);
        expect((error as SluiceError).details).toEqual({ processor: 'pii-detector', option: 'mode' });
        expect((error as Error).message).toMatch(/pii-detector.*no "model"/);
      }
    }
    expect(() => resolveGuardrailMode('p', { mode: 'fast' })).toThrow(/"llm", "offline", "hybrid"/);
  });

  it('requireModelFor: an option value that needs a model fails without one', () => {
    expect(() => requireModelFor('language-detector', 'strategy', 'translate', undefined)).toThrow(
      /language-detector: strategy "translate" needs a helper model/,
    );
    expect(() => requireModelFor('language-detector', 'strategy', 'translate', 'openai/x')).not.toThrow();
  });
});

describe('parseLenientJson', () => {
  it('reads JSON in fences, in prose, and the first balanced object', () => {
    expect(parseLenientJson('{"a":1}')).toEqual({ a: 1 });
    expect(parseLenientJson('```json\n{"a": 2}\n```')).toEqual({ a: 2 });
    expect(parseLenientJson('Sure! Here it is: {"a": {"b": "}"}} hope it helps {x}')).toEqual({
      a: { b: '}' },
    });
    expect(parseLenientJson('no json here')).toBeUndefined();
    expect(parseLenientJson('{broken')).toBeUndefined();
  });
});

describe('askJudge: one helper-model call, parsed leniently', () => {
  it('sends instructions as system and the text as user; parses a fenced answer', async () => {
    const model = new ScriptedModel({ steps: ['Here you go:\n```json\n{"flagged": true}\n```'] });
    const value = await askJudge({
      processorId: 'moderation',
      model,
      instructions: 'Judge this.',
      prompt: 'some text',
      providerOptions: { openai: { store: false } },
    });
    expect(value).toEqual({ flagged: true });
    expect(model.calls).toHaveLength(1);
    const prompt = model.calls[0]?.prompt;
    expect(prompt?.[0]).toMatchObject({ role: 'system' });
    expect(JSON.stringify(prompt?.[0])).toContain('Judge this.');
    expect(JSON.stringify(prompt?.[1])).toContain('some text');
    expect(model.calls[0]?.responseFormat).toMatchObject({ type: 'json' });
    expect(model.calls[0]?.providerOptions).toEqual({ openai: { store: false } });
  });

  it('jsonPromptInjection: no JSON response format, the schema goes into the prompt', async () => {
    const model = new ScriptedModel({ steps: ['{"ok":1}'] });
    await askJudge({
      processorId: 'p',
      model,
      instructions: 'x',
      prompt: 'y',
      schema: { type: 'object', properties: { ok: { type: 'number' } } },
      structuredOutputOptions: { jsonPromptInjection: true },
    });
    expect(model.calls[0]?.responseFormat).toBeUndefined();
    expect(JSON.stringify(model.calls[0]?.prompt[0])).toContain('JSON Schema of the answer');
  });

  it('an answer without JSON is GUARDRAIL_CHECK_FAILED naming the processor', async () => {
    const model = new ScriptedModel({ steps: ['I cannot help with that.'] });
    const error = await askJudge({ processorId: 'moderation', model, instructions: 'x', prompt: 'y' }).then(
      unexpected,
      caught,
    );
    expect(GuardrailCheckError.isInstance(error)).toBe(true);
    expect(error.code).toBe('GUARDRAIL_CHECK_FAILED');
    expect(error.message).toMatch(/moderation: the helper model's answer has no JSON object/);
  });

  it('a failing model is GUARDRAIL_CHECK_FAILED with the cause kept', async () => {
    const boom = new Error('rate limited');
    const model = new ScriptedModel({ steps: [{ throwBeforeStream: boom }] });
    const error = await askJudge({ processorId: 'p', model, instructions: 'x', prompt: 'y' }).then(
      unexpected,
      caught,
    );
    expect(error.code).toBe('GUARDRAIL_CHECK_FAILED');
    expect(error.cause).toBe(boom);
  });

  it('timeoutMs: a slow model is GUARDRAIL_TIMEOUT and its call is cancelled', async () => {
    const model = new ScriptedModel({ steps: [{ text: '{"a":1}', delayMs: 200 }] });
    const started = Date.now();
    const error = await askJudge({
      processorId: 'p',
      model,
      instructions: 'x',
      prompt: 'y',
      timeoutMs: 30,
    }).then(unexpected, caught);
    expect(GuardrailTimeoutError.isInstance(error)).toBe(true);
    expect(error.code).toBe('GUARDRAIL_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(180);
    expect(model.calls[0]?.abortSignal?.aborted).toBe(true);
  });
});

describe('runWithFailPolicy', () => {
  const slow = (ms: number) => (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      const t = setTimeout(() => resolve('late'), ms);
      signal.addEventListener('abort', () => {
        clearTimeout(t);
        reject(signal.reason);
      });
    });

  it('returns the value when the check succeeds in time', async () => {
    expect(
      await runWithFailPolicy({ processorId: 'p', errorStrategy: 'strict', timeoutMs: 100 }, () => 42),
    ).toEqual({
      ok: true,
      value: 42,
    });
  });

  it('warn fails open: { ok: false }, onFailure told, one console warning per failure kind', async () => {
    const warn = vi.fn();
    const onFailure = vi.fn();
    const warned = new Set<'timeout' | 'check-failed'>();
    const options = {
      processorId: 'moderation',
      errorStrategy: 'warn' as const,
      timeoutMs: 20,
      warn,
      onFailure,
      warned,
    };
    const a = await runWithFailPolicy(options, slow(200));
    const b = await runWithFailPolicy(options, slow(200));
    const c = await runWithFailPolicy(options, () => {
      throw new Error('bad');
    });
    expect([a.ok, b.ok, c.ok]).toEqual([false, false, false]);
    expect(onFailure).toHaveBeenCalledTimes(3);
    expect(onFailure.mock.calls[0]?.[0]).toMatchObject({ kind: 'timeout', processorId: 'moderation' });
    expect(onFailure.mock.calls[2]?.[0]).toMatchObject({ kind: 'check-failed' });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]?.[0]).toMatch(/moderation: guardrail check timed out; content let through/);
  });

  it('strict fails closed through abort() with metadata naming the failure', async () => {
    const abort = vi.fn((reason?: string, options?: unknown) => {
      throw Object.assign(new Error(reason), { options });
    }) as never;
    const error = await runWithFailPolicy(
      { processorId: 'pii-detector', errorStrategy: 'strict', timeoutMs: 20, abort },
      slow(200),
    ).then(unexpected, caught);
    expect(error.message).toMatch(/pii-detector: the guardrail check timed out/);
    expect(error.options.metadata).toEqual({
      processorId: 'pii-detector',
      failure: 'timeout',
      errorStrategy: 'strict',
      message: expect.stringContaining('timeoutMs (20 ms)'),
      code: 'GUARDRAIL_TIMEOUT',
    });
  });

  it("the run's own abort is rethrown, not treated as a check failure", async () => {
    const controller = new AbortController();
    const onFailure = vi.fn();
    const running = runWithFailPolicy(
      { processorId: 'p', errorStrategy: 'warn', abortSignal: controller.signal, onFailure },
      slow(500),
    );
    controller.abort(new Error('user cancelled'));
    await expect(running).rejects.toThrow('user cancelled');
    expect(onFailure).not.toHaveBeenCalled();
  });
});

describe('VerdictCache: content hash plus config fingerprint, bounded LRU', () => {
  it('hits for the same text and config, misses for another config', async () => {
    const cache = new VerdictCache<number>({ fingerprint: configFingerprint({ threshold: 0.5 }) });
    const other = new VerdictCache<number>({ fingerprint: configFingerprint({ threshold: 0.7 }) });
    cache.set('hello', 1);
    expect(cache.get('hello')).toBe(1);
    expect(cache.get('hello!')).toBeUndefined();
    expect(other.get('hello')).toBeUndefined();
    let computed = 0;
    await cache.getOrCompute('x', () => ++computed);
    await cache.getOrCompute('x', () => ++computed);
    expect(computed).toBe(1);
  });

  it('evicts the least recently used entry', () => {
    const cache = new VerdictCache<string>({ maxEntries: 2 });
    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.get('a');
    cache.set('c', 'C');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.size).toBe(2);
  });

  it('configFingerprint is independent of key order', () => {
    expect(configFingerprint({ a: 1, b: [1, 2], r: /x/g })).toBe(
      configFingerprint({ r: /x/g, b: [1, 2], a: 1 }),
    );
  });
});
