/** buildResponseCacheKey: the default key rules of api-reference 6.8 and issue 10 item 2. */
import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import { buildResponseCacheKey, type ResponseCacheKeyInputs } from 'sluice/processors';
import { describe, expect, it } from 'vitest';

const base = (
  prompt: LanguageModelV2Prompt,
  extra: Partial<ResponseCacheKeyInputs> = {},
): ResponseCacheKeyInputs => ({
  agentId: 'agent',
  model: { provider: 'openai', modelId: 'gpt-5', specVersion: 'v2' },
  prompt,
  stepNumber: 0,
  ...extra,
});
const user = (...content: LanguageModelV2Prompt[number]['content'] & unknown[]): LanguageModelV2Prompt => [
  { role: 'user', content: content as never },
];
const key = (prompt: LanguageModelV2Prompt, extra?: Partial<ResponseCacheKeyInputs>) =>
  buildResponseCacheKey(base(prompt, extra));
const text = (t: string, providerOptions?: Record<string, Record<string, unknown>>) => ({
  type: 'text' as const,
  text: t,
  providerOptions: providerOptions as never,
});

describe('buildResponseCacheKey', () => {
  it('has the documented format, with an 8-hex scope digest when scoped', () => {
    expect(key(user(text('hi')))).toMatch(/^mastra:agent-response:agent:[0-9a-f]{32}$/);
    expect(key(user(text('hi')), { scope: 'user-1' })).toMatch(
      /^mastra:agent-response:agent:[0-9a-f]{8}:[0-9a-f]{32}$/,
    );
  });

  it('is deterministic, and any changed input changes it', () => {
    const prompt = user(text('hi'));
    const k = key(prompt);
    expect(key(user(text('hi')))).toBe(k);
    const variants: Partial<ResponseCacheKeyInputs>[] = [
      { agentId: 'other' },
      { stepNumber: 1 },
      { scope: 'a' },
      { model: { provider: 'anthropic', modelId: 'gpt-5', specVersion: 'v2' } },
      { model: { provider: 'openai', modelId: 'gpt-5-mini', specVersion: 'v2' } },
      { model: { provider: 'openai', modelId: 'gpt-5', specVersion: 'v3' } },
      { toolChoice: { type: 'required' } },
      { tools: [{ type: 'function', name: 'lookup', inputSchema: { type: 'object' } }] },
    ];
    const keys = variants.map((v) => key(prompt, v));
    expect(new Set([k, ...keys]).size).toBe(variants.length + 1);
    expect(key(user(text('hi!')))).not.toBe(k);
  });

  it('call settings (Sluice extension): absent ones leave the key as it was; each set one changes it', () => {
    const prompt = user(text('hi'));
    const k = key(prompt);
    expect(
      key(prompt, { modelSettings: undefined, providerOptions: undefined, responseFormat: undefined }),
    ).toBe(k);
    const variants: Partial<ResponseCacheKeyInputs>[] = [
      { modelSettings: { temperature: 0 } },
      { modelSettings: { temperature: 1 } },
      { modelSettings: { topP: 0.5 } },
      { modelSettings: { topK: 3 } },
      { modelSettings: { maxOutputTokens: 10 } },
      { modelSettings: { presencePenalty: 1 } },
      { modelSettings: { frequencyPenalty: 1 } },
      { modelSettings: { stopSequences: ['END'] } },
      { modelSettings: { seed: 1 } },
      { providerOptions: { openai: { reasoningEffort: 'low' } } },
      { responseFormat: { type: 'json', schema: { type: 'object' } } },
      { responseFormat: { type: 'json', instruction: 'Answer in JSON.' } },
    ];
    const keys = variants.map((v) => key(prompt, v));
    expect(new Set([k, ...keys]).size).toBe(variants.length + 1);
    // The volatile stamp is ignored here too.
    expect(key(prompt, { providerOptions: { mastra: { createdAt: 1 } } })).toBe(
      key(prompt, { providerOptions: { mastra: { createdAt: 2 } } }),
    );
  });

  it('a null scope and no scope give the same unscoped key; different scopes differ', () => {
    const prompt = user(text('hi'));
    expect(key(prompt, { scope: null })).toBe(key(prompt));
    expect(key(prompt, { scope: 'a' })).not.toBe(key(prompt, { scope: 'b' }));
  });

  it('a changed tool definition changes the key (a removed tool never replays)', () => {
    const tool = (description: string) => ({
      type: 'function' as const,
      name: 'lookup',
      description,
      inputSchema: { type: 'object' as const },
    });
    const prompt = user(text('hi'));
    expect(key(prompt, { tools: [tool('a')] })).not.toBe(key(prompt, { tools: [tool('b')] }));
    expect(key(prompt, { tools: [tool('a')] })).not.toBe(key(prompt, { tools: [] }));
  });

  it('excludes the volatile providerOptions.mastra.createdAt stamps, includes other provider options', () => {
    const a = key(user(text('hi', { mastra: { createdAt: 1 } })));
    const b = key(user(text('hi', { mastra: { createdAt: 2 } })));
    expect(a).toBe(b);
    expect(a).toBe(key(user(text('hi'))));
    expect(key(user(text('hi', { openai: { cache: true } })))).not.toBe(a);
    expect(key(user(text('hi', { mastra: { createdAt: 1, modelOutput: 'x' } })))).not.toBe(a);
  });

  it('file parts count: URLs by full href, inline bytes by a digest (never the bytes themselves)', () => {
    const file = (data: unknown) => ({ type: 'file' as const, mediaType: 'image/png', data: data as never });
    const u1 = key(user(file(new URL('https://example.com/a.png?v=1'))));
    const u2 = key(user(file(new URL('https://example.com/a.png?v=2'))));
    expect(u1).not.toBe(u2);
    const big = new Uint8Array(100_000).fill(7);
    const other = big.slice();
    other[99_999] = 8;
    const k1 = key(user(file(big)));
    expect(k1).not.toBe(key(user(file(other))));
    expect(k1.length).toBeLessThan(100);
    expect(key(user(file(big.buffer)))).toBe(k1);
  });

  it('object key order does not matter', () => {
    const a = key(user(text('hi', { openai: { a: 1, b: 2 } })));
    const b = key(user(text('hi', { openai: { b: 2, a: 1 } })));
    expect(a).toBe(b);
  });
});
