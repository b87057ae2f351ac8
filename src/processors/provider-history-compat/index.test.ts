/**
 * `ProviderHistoryCompat` (api-reference §6.4, §8): rewrites the outbound prompt with each rule's
 * `applyToPrompt` (built-ins, then `additionalRules`), returning `{ prompt }` only on a change;
 * on the first provider rejection of a run it recovers with the first matching rule (a `fix` that
 * reports a change, or forcing a rule's rewrite) and asks for one retry.
 */
import { APICallError, type LanguageModelV2Prompt } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../errors/configuration-error.js';
import { MessageList } from '../../messages/message-list.js';
import type { MastraDBMessage } from '../../messages/types.js';
import type { MastraLanguageModel } from '../../models/types.js';
import type { ProcessAPIErrorArgs, ProcessLLMRequestArgs, ProcessorState } from '../../pipeline/types.js';
import { DEFAULT_COMPAT_RULES } from './compat-rules/index.js';
import type { CompatRule } from './compat-rules/types.js';
import { ProviderHistoryCompat } from './index.js';

function model(provider: string, modelId = 'm'): MastraLanguageModel {
  return { provider, modelId } as unknown as MastraLanguageModel;
}

const abort = (() => {
  throw new Error('abort called');
}) as never;

function requestArgs(
  prompt: LanguageModelV2Prompt,
  over: Partial<ProcessLLMRequestArgs> = {},
): ProcessLLMRequestArgs {
  return {
    prompt,
    model: model('openai.chat'),
    stepNumber: 0,
    steps: [],
    state: {},
    retryCount: 0,
    abort,
    ...over,
  };
}

function errorArgs(error: unknown, over: Partial<ProcessAPIErrorArgs> = {}): ProcessAPIErrorArgs {
  const messageList = over.messageList ?? new MessageList();
  return {
    error,
    messages: messageList.get.all.db(),
    messageList,
    stepNumber: 0,
    steps: [],
    state: {},
    retryCount: 0,
    model: model('openai.chat'),
    abort,
    ...over,
  };
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
  it('returns undefined when no rule applies', () => {
    expect(new ProviderHistoryCompat().processLLMRequest(requestArgs(plainPrompt))).toBeUndefined();
  });

  it('returns the rewritten prompt when a built-in applies, leaving the input untouched', () => {
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
    const result = new ProviderHistoryCompat().processLLMRequest(
      requestArgs(prompt, { model: model('anthropic.messages') }),
    );
    expect(result?.prompt?.[0]).toEqual({
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: 'a_1', toolName: 't', input: {} }],
    });
    expect(prompt).toEqual(before);
  });

  it('threads the prompt through rules in order; custom rules see model, messageList and forced=false', () => {
    const seen: unknown[] = [];
    const messageList = new MessageList();
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
    const m = model('openai.chat');
    const result = new ProviderHistoryCompat({ additionalRules: [first, second] }).processLLMRequest(
      requestArgs(plainPrompt, { model: m, messageList }),
    );
    expect(seen).toEqual([3, 'openai.chat', messageList, false]);
    expect(result?.prompt).toHaveLength(3);
    expect(plainPrompt).toHaveLength(2);
  });

  it('treats a rule returning the same prompt as no change', () => {
    const same: CompatRule = { name: 'same', applyToPrompt: ({ prompt }) => prompt };
    expect(
      new ProviderHistoryCompat({ additionalRules: [same] }).processLLMRequest(requestArgs(plainPrompt)),
    ).toBeUndefined();
  });

  it('names the rule when one throws, keeping the original error as cause', () => {
    const boom = new Error('kaput');
    const bad: CompatRule = {
      name: 'bad-rule',
      applyToPrompt: () => {
        throw boom;
      },
    };
    const processor = new ProviderHistoryCompat({ additionalRules: [bad] });
    let thrown: unknown;
    try {
      processor.processLLMRequest(requestArgs(plainPrompt));
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Error).message).toMatch(/Compat rule "bad-rule" threw in applyToPrompt: kaput/);
    expect((thrown as Error).cause).toBe(boom);
  });

  it('rejects a rule that returns something other than a prompt array or undefined', () => {
    const asyncRule = {
      name: 'async-rule',
      applyToPrompt: async () => [],
    } as unknown as CompatRule;
    expect(() =>
      new ProviderHistoryCompat({ additionalRules: [asyncRule] }).processLLMRequest(requestArgs(plainPrompt)),
    ).toThrow(/"async-rule".*got a Promise/);
  });
});

describe('ProviderHistoryCompat.processAPIError', () => {
  it('forces a matching rewrite rule in state and retries; the next request applies it', () => {
    const processor = new ProviderHistoryCompat();
    const state: ProcessorState = {};
    const responses = model('openai.responses');
    expect(
      processor.processLLMRequest(requestArgs(orphanPrompt(), { state, model: responses })),
    ).toBeUndefined();

    const error = apiError('Bad Request', JSON.stringify({ error: { message: ORPHAN } }));
    expect(processor.processAPIError(errorArgs(error, { state, model: responses }))).toEqual({ retry: true });
    expect(state.forcedRules).toEqual(['openai-orphan-item-id']);

    const result = processor.processLLMRequest(requestArgs(orphanPrompt(), { state, model: responses }));
    expect(result?.prompt?.[1]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'hello' }] });
  });

  it('still recovers after earlier error-lane retries in the run (retryCount > 0)', () => {
    const state: ProcessorState = {};
    const result = new ProviderHistoryCompat().processAPIError(
      errorArgs(apiError(ORPHAN), { state, retryCount: 2 }),
    );
    expect(result).toEqual({ retry: true });
    expect(state.forcedRules).toEqual(['openai-orphan-item-id']);
  });

  it('applies each rule fix at most once per run, then falls back to forcing its rewrite once', () => {
    const fix = vi.fn(() => true);
    const rule: CompatRule = {
      name: 'both',
      errorPatterns: [/boom/],
      fix,
      applyToPrompt: ({ prompt, forced }) =>
        forced ? [...prompt, { role: 'user', content: [{ type: 'text', text: 'forced' }] }] : undefined,
    };
    const processor = new ProviderHistoryCompat({ additionalRules: [rule] });
    const state: ProcessorState = {};
    expect(processor.processAPIError(errorArgs(new Error('boom'), { state }))).toEqual({ retry: true });
    expect(state.fixedRules).toEqual(['both']);
    // Same rejection after the fix: the fix is not run again, the rewrite is forced instead.
    expect(processor.processAPIError(errorArgs(new Error('boom'), { state, retryCount: 1 }))).toEqual({
      retry: true,
    });
    expect(fix).toHaveBeenCalledTimes(1);
    expect(state.forcedRules).toEqual(['both']);
    // Nothing left to try: the error surfaces.
    expect(processor.processAPIError(errorArgs(new Error('boom'), { state, retryCount: 2 }))).toBeUndefined();
    expect(fix).toHaveBeenCalledTimes(1);
  });

  it('does not retry a rule that is already forced', () => {
    const state: ProcessorState = { forcedRules: ['openai-orphan-item-id'] };
    expect(
      new ProviderHistoryCompat().processAPIError(errorArgs(apiError(ORPHAN), { state })),
    ).toBeUndefined();
  });

  it('finds the pattern along the cause chain and in raw stream error events', () => {
    const processor = new ProviderHistoryCompat();
    const wrapped = new Error('model call failed', { cause: apiError(ORPHAN) });
    expect(processor.processAPIError(errorArgs(wrapped))).toEqual({ retry: true });
    const event = {
      type: 'response.failed',
      response: { error: { code: 'invalid_request', message: ORPHAN } },
    };
    expect(processor.processAPIError(errorArgs(event))).toEqual({ retry: true });
  });

  it('returns undefined for an error no rule recognises', () => {
    expect(
      new ProviderHistoryCompat().processAPIError(errorArgs(apiError('Rate limit reached'))),
    ).toBeUndefined();
  });

  it('skips the retry when the forced rewrite would not change the prompt last sent', () => {
    const processor = new ProviderHistoryCompat();
    const state: ProcessorState = {};
    const filtered = apiError("The prompt triggered Azure OpenAI's content management policy.");
    // The last prompt has no <system-reminder>, so renaming cannot help.
    processor.processLLMRequest(requestArgs(plainPrompt, { state }));
    expect(processor.processAPIError(errorArgs(filtered, { state }))).toBeUndefined();

    // With a reminder in the last prompt, the forced rename is worth one retry.
    const withReminder: LanguageModelV2Prompt = [
      { role: 'user', content: [{ type: 'text', text: '<system-reminder>be brief</system-reminder>' }] },
    ];
    const state2: ProcessorState = {};
    processor.processLLMRequest(requestArgs(withReminder, { state: state2 }));
    expect(processor.processAPIError(errorArgs(filtered, { state: state2 }))).toEqual({ retry: true });
    const next = processor.processLLMRequest(requestArgs(withReminder, { state: state2 }));
    expect(next?.prompt?.[0]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: '<system-context>be brief</system-context>' }],
    });
  });

  it('calls a custom fix with the stored messages; true retries and edits reach the list', () => {
    const messageList = new MessageList();
    messageList.add([{ role: 'user', content: 'hello there' }], 'input');
    const fix = vi.fn((messages: MastraDBMessage[]) => {
      const part = messages[0]?.content.parts[0];
      if (part?.type !== 'text') return false;
      part.text = 'fixed';
      return true;
    });
    const rule: CompatRule = { name: 'custom-fix', errorPatterns: [/custom failure/], fix };
    const processor = new ProviderHistoryCompat({ additionalRules: [rule] });
    expect(processor.processAPIError(errorArgs(new Error('a custom failure'), { messageList }))).toEqual({
      retry: true,
    });
    expect(fix).toHaveBeenCalledTimes(1);
    expect(messageList.get.all.db()[0]?.content.parts[0]).toMatchObject({ type: 'text', text: 'fixed' });
  });

  it('moves on when a fix reports no change, and the first rule that acts wins', () => {
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
    expect(processor.processAPIError(errorArgs(new Error('boom')))).toEqual({ retry: true });
    expect(noChange).toHaveBeenCalledTimes(1);
    expect(winner).toHaveBeenCalledTimes(1);
    expect(later).not.toHaveBeenCalled();
    // A global pattern matches again on the next error (lastIndex is reset).
    expect(processor.processAPIError(errorArgs(new Error('boom')))).toEqual({ retry: true });
    expect(winner).toHaveBeenCalledTimes(2);
  });

  it('forces a custom applyToPrompt rule, which then sees forced=true', () => {
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
    const processor = new ProviderHistoryCompat({ additionalRules: [rule] });
    const state: ProcessorState = {};
    expect(processor.processLLMRequest(requestArgs(plainPrompt, { state }))).toBeUndefined();
    expect(processor.processAPIError(errorArgs(new Error('needs rewrite'), { state }))).toEqual({
      retry: true,
    });
    const result = processor.processLLMRequest(requestArgs(plainPrompt, { state }));
    expect(result?.prompt).toHaveLength(3);
    expect(seen).toEqual([false, true, true]);
  });

  it('names the rule when a fix throws', () => {
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
    expect(() => processor.processAPIError(errorArgs(new Error('boom')))).toThrow(
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
