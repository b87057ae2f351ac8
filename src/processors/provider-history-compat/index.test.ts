/**
 * `ProviderHistoryCompat`: rewrites the outbound prompt with each rule's
 * `applyToPrompt` (built-ins, then `additionalRules`), returning `{ prompt }` only on a change;
 * on the first provider rejection of a run it recovers with the first matching rule (a `fix` that
 * reports a change, or forcing a rule's rewrite) and asks for one retry.
 */
import { APICallError, type LanguageModelV2Prompt } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../errors/configuration-error.js';
import type { MastraDBMessage } from '../../messages/types.js';
import type { MastraLanguageModel } from '../../models/types.js';
import { createProcessorHarness, type ProcessorHarnessOptions } from '../../test/processor-harness.js';
import { DEFAULT_COMPAT_RULES } from './compat-rules/index.js';
import type { CompatRule } from './compat-rules/types.js';
import { ProviderHistoryCompat } from './index.js';

function model(provider: string, modelId = 'm'): MastraLanguageModel {
  return { provider, modelId } as unknown as MastraLanguageModel;
}

const RETRY = { retry: true, processorId: 'provider-history-compat' };
const NO_RETRY = { retry: false };

/** One run of `processor`; hooks see an OpenAI chat model unless told otherwise. */
function harness(processor: ProviderHistoryCompat, options: ProcessorHarnessOptions = {}) {
  return createProcessorHarness(processor, { model: model('openai.chat'), ...options });
}

function apiError(message: string, responseBody?: string): APICallError {
  return new APICallError({
    message,
    url: 'https://api.example',
    requestBodyValues: {},
    statusCode: 400,
    responseBody,
  });
}

const ORPHAN = "Item 'msg_1' of type 'message' was provided without its required 'reasoning' item: 'rs_1'.";

/** An assistant message replaying a Responses item id with no reasoning part. */
function orphanPrompt(): LanguageModelV2Prompt {
  return [
    { role: 'user', content: [{ type: 'text', text: 'hi' }] },
    {
      role: 'assistant',
      content: [{ type: 'text', text: 'hello', providerOptions: { openai: { itemId: 'msg_1' } } }],
    },
    { role: 'user', content: [{ type: 'text', text: 'more' }] },
  ];
}

const plainPrompt: LanguageModelV2Prompt = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: [{ type: 'text', text: 'hi' }] },
];

describe('ProviderHistoryCompat: identity and rules', () => {
  it('has id provider-history-compat and name Provider History Compat', () => {
    const processor = new ProviderHistoryCompat();
    expect(processor.id).toBe('provider-history-compat');
    expect(processor.name).toBe('Provider History Compat');
  });

  it('runs the built-in rules in the documented order, then additional rules', () => {
    const extra: CompatRule = { name: 'extra', applyToPrompt: () => undefined };
    expect(DEFAULT_COMPAT_RULES.map((r) => r.name)).toEqual([
      'anthropic-tool-id-format',
      'cerebras-strip-reasoning-content',
      'azure-system-reminder-transform',
      'openai-orphan-item-id',
    ]);
    expect(new ProviderHistoryCompat({ additionalRules: [extra] }).rules.map((r) => r.name)).toEqual([
      ...DEFAULT_COMPAT_RULES.map((r) => r.name),
      'extra',
    ]);
  });
});

describe('ProviderHistoryCompat.processLLMRequest', () => {
  it('sends the prompt unchanged when no rule applies', async () => {
    const run = await harness(new ProviderHistoryCompat()).processLLMRequest({ prompt: plainPrompt });
    // The same object: the hook returned nothing, so nothing was copied.
    expect(run.result.prompt).toBe(plainPrompt);
  });

  it('sends the rewritten prompt when a built-in applies, leaving the input untouched', async () => {
    const prompt: LanguageModelV2Prompt = [
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'a.1', toolName: 't', input: {} }] },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'a.1', toolName: 't', output: { type: 'text', value: '' } },
        ],
      },
    ];
    const before = structuredClone(prompt);
    const run = await harness(new ProviderHistoryCompat(), {
      model: model('anthropic.messages'),
    }).processLLMRequest({ prompt });
    expect(run.result.prompt[0]).toEqual({
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: 'a_1', toolName: 't', input: {} }],
    });
    expect(prompt).toEqual(before);
  });

  it('threads the prompt through rules in order; custom rules see model, messageList and forced=false', async () => {
    const seen: unknown[] = [];
    const first: CompatRule = {
      name: 'first',
      applyToPrompt: ({ prompt }) => [...prompt, { role: 'user', content: [{ type: 'text', text: 'A' }] }],
    };
    const second: CompatRule = {
      name: 'second',
      applyToPrompt: (a) => {
        seen.push(a.prompt.length, a.model.provider, a.messageList, a.forced);
        return undefined;
      },
    };
    const h = harness(new ProviderHistoryCompat({ additionalRules: [first, second] }));
    const run = await h.processLLMRequest({ prompt: plainPrompt });
    expect(seen).toEqual([3, 'openai.chat', h.messageList, false]);
    expect(run.result.prompt).toHaveLength(3);
    expect(plainPrompt).toHaveLength(2);
  });

  it('treats a rule returning the same prompt as no change', async () => {
    const same: CompatRule = { name: 'same', applyToPrompt: ({ prompt }) => prompt };
    const run = await harness(new ProviderHistoryCompat({ additionalRules: [same] })).processLLMRequest({
      prompt: plainPrompt,
    });
    expect(run.result.prompt).toBe(plainPrompt);
  });

  it('names the rule when one throws, keeping the original error as cause', async () => {
    const boom = new Error('kaput');
    const bad: CompatRule = {
      name: 'bad-rule',
      applyToPrompt: () => {
        throw boom;
      },
    };
    const h = harness(new ProviderHistoryCompat({ additionalRules: [bad] }));
    const thrown = await h.processLLMRequest({ prompt: plainPrompt }).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    // The run reports the hook failure; the processor's own error, naming the rule, is its cause.
    expect(thrown).toMatchObject({ code: 'PROCESSOR_HOOK_FAILED', processorId: 'provider-history-compat' });
    const own = thrown?.cause as Error;
    expect(own.message).toMatch(/Compat rule "bad-rule" threw in applyToPrompt: kaput/);
    expect(own.cause).toBe(boom);
  });

  it('rejects a rule that returns something other than a prompt array or undefined', async () => {
    const asyncRule = {
      name: 'async-rule',
      applyToPrompt: async () => [],
    } as unknown as CompatRule;
    await expect(
      harness(new ProviderHistoryCompat({ additionalRules: [asyncRule] })).processLLMRequest({
        prompt: plainPrompt,
      }),
    ).rejects.toThrow(/"async-rule".*got a Promise/);
  });
});

describe('ProviderHistoryCompat.processAPIError', () => {
  it('forces a matching rewrite rule in state and retries; the next request applies it', async () => {
    const h = harness(new ProviderHistoryCompat(), { model: model('openai.responses') });
    const prompt = orphanPrompt();
    expect((await h.processLLMRequest({ prompt })).result.prompt).toBe(prompt);

    const error = apiError('Bad Request', JSON.stringify({ error: { message: ORPHAN } }));
    expect((await h.processAPIError({ error })).result).toEqual(RETRY);
    expect(h.state.forcedRules).toEqual(['openai-orphan-item-id']);

    const run = await h.processLLMRequest({ prompt: orphanPrompt() });
    expect(run.result.prompt[1]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'hello' }] });
  });

  it('still recovers after earlier error-lane retries in the run (retryCount > 0)', async () => {
    const once = (name: string): CompatRule => ({
      name,
      errorPatterns: [new RegExp(name)],
      fix: () => true,
    });
    const processor = new ProviderHistoryCompat({
      additionalRules: [once('first-failure'), once('second-failure')],
    });
    const hook = vi.spyOn(processor, 'processAPIError');
    const h = harness(processor);
    // Two earlier retries in the run, for other rejections.
    expect((await h.processAPIError({ error: new Error('first-failure') })).result).toEqual(RETRY);
    expect((await h.processAPIError({ error: new Error('second-failure') })).result).toEqual(RETRY);
    const run = await h.processAPIError({ error: apiError(ORPHAN) });
    expect(hook.mock.calls[2]?.[0].retryCount).toBe(2);
    expect(run.result).toEqual(RETRY);
    expect(h.state.forcedRules).toEqual(['openai-orphan-item-id']);
  });

  it('applies each rule fix at most once per run, then falls back to forcing its rewrite once', async () => {
    const fix = vi.fn(() => true);
    const rule: CompatRule = {
      name: 'both',
      errorPatterns: [/boom/],
      fix,
      applyToPrompt: ({ prompt, forced }) =>
        forced ? [...prompt, { role: 'user', content: [{ type: 'text', text: 'forced' }] }] : undefined,
    };
    const h = harness(new ProviderHistoryCompat({ additionalRules: [rule] }));
    expect((await h.processAPIError({ error: new Error('boom') })).result).toEqual(RETRY);
    expect(h.state.fixedRules).toEqual(['both']);
    // Same rejection after the fix: the fix is not run again, the rewrite is forced instead.
    expect((await h.processAPIError({ error: new Error('boom') })).result).toEqual(RETRY);
    expect(fix).toHaveBeenCalledTimes(1);
    expect(h.state.forcedRules).toEqual(['both']);
    // Nothing left to try: the error surfaces.
    expect((await h.processAPIError({ error: new Error('boom') })).result).toEqual(NO_RETRY);
    expect(fix).toHaveBeenCalledTimes(1);
  });

  it('does not retry a rule that is already forced', async () => {
    const h = harness(new ProviderHistoryCompat());
    expect((await h.processAPIError({ error: apiError(ORPHAN) })).result).toEqual(RETRY);
    expect((await h.processAPIError({ error: apiError(ORPHAN) })).result).toEqual(NO_RETRY);
    expect(h.state.forcedRules).toEqual(['openai-orphan-item-id']);
  });

  it('finds the pattern along the cause chain and in raw stream error events', async () => {
    const processor = new ProviderHistoryCompat();
    const wrapped = new Error('model call failed', { cause: apiError(ORPHAN) });
    expect((await harness(processor).processAPIError({ error: wrapped })).result).toEqual(RETRY);
    const event = {
      type: 'response.failed',
      response: { error: { code: 'invalid_request', message: ORPHAN } },
    };
    expect((await harness(processor).processAPIError({ error: event })).result).toEqual(RETRY);
  });

  it('does not retry an error no rule recognises', async () => {
    const h = harness(new ProviderHistoryCompat());
    expect((await h.processAPIError({ error: apiError('Rate limit reached') })).result).toEqual(NO_RETRY);
  });

  it('skips the retry when the forced rewrite would not change the prompt last sent', async () => {
    const processor = new ProviderHistoryCompat();
    const filtered = apiError("The prompt triggered Azure OpenAI's content management policy.");
    // The last prompt has no <system-reminder>, so renaming cannot help.
    const h = harness(processor);
    await h.processLLMRequest({ prompt: plainPrompt });
    expect((await h.processAPIError({ error: filtered })).result).toEqual(NO_RETRY);

    // With a reminder in the last prompt, the forced rename is worth one retry.
    const withReminder: LanguageModelV2Prompt = [
      { role: 'user', content: [{ type: 'text', text: '<system-reminder>be brief</system-reminder>' }] },
    ];
    const h2 = harness(processor);
    await h2.processLLMRequest({ prompt: withReminder });
    expect((await h2.processAPIError({ error: filtered })).result).toEqual(RETRY);
    const next = await h2.processLLMRequest({ prompt: withReminder });
    expect(next.result.prompt[0]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: '<system-context>be brief</system-context>' }],
    });
  });

  it('calls a custom fix with the stored messages; true retries and edits reach the conversation', async () => {
    const fix = vi.fn((messages: MastraDBMessage[]) => {
      const part = messages[0]?.content.parts[0];
      if (part?.type !== 'text') return false;
      part.text = 'fixed';
      return true;
    });
    const rule: CompatRule = { name: 'custom-fix', errorPatterns: [/custom failure/], fix };
    const h = harness(new ProviderHistoryCompat({ additionalRules: [rule] }), { messages: 'hello there' });
    const run = await h.processAPIError({ error: new Error('a custom failure') });
    expect(run.result).toEqual(RETRY);
    expect(fix).toHaveBeenCalledTimes(1);
    expect(run.messages[0]?.content.parts[0]).toMatchObject({ type: 'text', text: 'fixed' });
  });

  it('moves on when a fix reports no change, and the first rule that acts wins', async () => {
    const noChange = vi.fn(() => false);
    const winner = vi.fn(() => true);
    const later = vi.fn(() => true);
    const processor = new ProviderHistoryCompat({
      additionalRules: [
        { name: 'no-change', errorPatterns: [/boom/], fix: noChange },
        { name: 'winner', errorPatterns: [/boom/g], fix: winner },
        { name: 'later', errorPatterns: [/boom/], fix: later },
      ],
    });
    expect((await harness(processor).processAPIError({ error: new Error('boom') })).result).toEqual(RETRY);
    expect(noChange).toHaveBeenCalledTimes(1);
    expect(winner).toHaveBeenCalledTimes(1);
    expect(later).not.toHaveBeenCalled();
    // A global pattern matches again on the next error, in a new run (lastIndex is reset).
    expect((await harness(processor).processAPIError({ error: new Error('boom') })).result).toEqual(RETRY);
    expect(winner).toHaveBeenCalledTimes(2);
  });

  it('forces a custom applyToPrompt rule, which then sees forced=true', async () => {
    const seen: boolean[] = [];
    const rule: CompatRule = {
      name: 'custom-rewrite',
      errorPatterns: [/needs rewrite/],
      applyToPrompt: ({ prompt, forced }) => {
        seen.push(forced === true);
        return forced
          ? [...prompt, { role: 'user', content: [{ type: 'text', text: 'rewritten' }] }]
          : undefined;
      },
    };
    const h = harness(new ProviderHistoryCompat({ additionalRules: [rule] }));
    expect((await h.processLLMRequest({ prompt: plainPrompt })).result.prompt).toBe(plainPrompt);
    expect((await h.processAPIError({ error: new Error('needs rewrite') })).result).toEqual(RETRY);
    const run = await h.processLLMRequest({ prompt: plainPrompt });
    expect(run.result.prompt).toHaveLength(3);
    // Request (not forced), the error hook's dry run, then the retried request.
    expect(seen).toEqual([false, true, true]);
  });

  it('names the rule when a fix throws', async () => {
    const processor = new ProviderHistoryCompat({
      additionalRules: [
        {
          name: 'fragile',
          errorPatterns: [/boom/],
          fix: () => {
            throw new Error('no');
          },
        },
      ],
    });
    await expect(harness(processor).processAPIError({ error: new Error('boom') })).rejects.toThrow(
      /Compat rule "fragile" threw in fix: no/,
    );
  });
});

describe('ProviderHistoryCompat options validation', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['additionalRules not an array', { additionalRules: {} }, /additionalRules must be an array/],
    ['a rule that is not an object', { additionalRules: [null] }, /additionalRules\[0\] must be an object/],
    [
      'a rule without a name',
      { additionalRules: [{ name: ' ', fix: () => true }] },
      /additionalRules\[0\].*non-empty/,
    ],
    [
      'a rule that does nothing',
      { additionalRules: [{ name: 'idle' }] },
      /additionalRules\[0\].*fix.*applyToPrompt/,
    ],
    ['fix not a function', { additionalRules: [{ name: 'x', fix: true }] }, /`fix` must be a function/],
    [
      'a fix without errorPatterns (it could never run)',
      { additionalRules: [{ name: 'x', fix: () => true }] },
      /additionalRules\[0\]\.errorPatterns.*needs at least one RegExp/,
    ],
    [
      'a fix with empty errorPatterns',
      { additionalRules: [{ name: 'x', fix: () => true, errorPatterns: [] }] },
      /additionalRules\[0\]\.errorPatterns/,
    ],
    [
      'errorPatterns with a string',
      { additionalRules: [{ name: 'x', fix: () => true, errorPatterns: ['oops'] }] },
      /additionalRules\[0\].*errorPatterns.*RegExp/,
    ],
    [
      'a duplicate name',
      {
        additionalRules: [
          { name: 'x', errorPatterns: [/x/], fix: () => true },
          { name: 'x', errorPatterns: [/x/], fix: () => true },
        ],
      },
      /additionalRules\[1\].*"x" already exists/,
    ],
    [
      'a built-in name',
      { additionalRules: [{ name: 'openai-orphan-item-id', applyToPrompt: () => undefined }] },
      /additionalRules\[0\].*already exists/,
    ],
  ];
  for (const [label, options, message] of cases) {
    it(`throws PROCESSOR_INVALID_OPTIONS for ${label}`, () => {
      let thrown: unknown;
      try {
        new ProviderHistoryCompat(options as never);
      } catch (error) {
        thrown = error;
      }
      expect(ConfigurationError.isInstance(thrown)).toBe(true);
      expect((thrown as ConfigurationError).code).toBe('PROCESSOR_INVALID_OPTIONS');
      expect((thrown as Error).message).toMatch(/^ProviderHistoryCompat: /);
      expect((thrown as Error).message).toMatch(message);
      expect((thrown as ConfigurationError).details).toMatchObject({
        processor: 'ProviderHistoryCompat',
        option: expect.stringMatching(/^additionalRules/),
      });
    });
  }

  it('names the exact option path in the error details', () => {
    let thrown: unknown;
    try {
      new ProviderHistoryCompat({
        additionalRules: [
          { name: 'ok', applyToPrompt: () => undefined },
          { name: 'x', fix: () => true },
        ],
      });
    } catch (error) {
      thrown = error;
    }
    expect((thrown as ConfigurationError).details).toEqual({
      processor: 'ProviderHistoryCompat',
      option: 'additionalRules[1].errorPatterns',
    });
  });

  it('accepts the exported defaults and other readonly rule lists', () => {
    const extra: readonly CompatRule[] = Object.freeze([{ name: 'extra', applyToPrompt: () => undefined }]);
    expect(new ProviderHistoryCompat({ additionalRules: extra }).rules.map((r) => r.name)).toContain('extra');
  });

  it('accepts no options and an empty list', () => {
    expect(new ProviderHistoryCompat().rules).toEqual(DEFAULT_COMPAT_RULES);
    expect(new ProviderHistoryCompat({ additionalRules: [] }).rules).toEqual(DEFAULT_COMPAT_RULES);
  });
});
