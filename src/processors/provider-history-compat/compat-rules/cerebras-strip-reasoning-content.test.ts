/**
 * `cerebrasStripReasoningContent`: for Cerebras models, reasoning parts are
 * dropped from outbound assistant messages (an assistant message left empty is dropped too);
 * other providers keep them unless the rule was forced by Cerebras' rejection.
 */
import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import type { MastraLanguageModel } from '../../../models/types.js';
import { cerebrasStripReasoningContent } from './cerebras-strip-reasoning-content.js';

function model(provider: string): MastraLanguageModel {
  return { provider, modelId: 'm' } as unknown as MastraLanguageModel;
}

function apply(prompt: LanguageModelV2Prompt, provider = 'cerebras.chat', forced = false) {
  return cerebrasStripReasoningContent.applyToPrompt?.({ prompt, model: model(provider), forced });
}

const prompt: LanguageModelV2Prompt = Object.freeze([
  Object.freeze({ role: 'system', content: 'Be brief.' }),
  { role: 'user', content: [{ type: 'text', text: 'hi' }] },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'thinking…' },
      { type: 'text', text: 'hello' },
    ],
  },
  { role: 'user', content: [{ type: 'text', text: 'again' }] },
  { role: 'assistant', content: [{ type: 'reasoning', text: 'only thoughts' }] },
  { role: 'user', content: [{ type: 'text', text: 'third' }] },
]) as LanguageModelV2Prompt;

describe('cerebrasStripReasoningContent', () => {
  it('is named cerebras-strip-reasoning-content and recognises the reasoning_content rejection', () => {
    expect(cerebrasStripReasoningContent.name).toBe('cerebras-strip-reasoning-content');
    const hit = (text: string) =>
      (cerebrasStripReasoningContent.errorPatterns ?? []).some((p) => p.test(text));
    expect(
      hit(
        "messages.1.assistant.reasoning_content: property 'messages.1.assistant.reasoning_content' is unsupported",
      ),
    ).toBe(true);
    expect(hit('unrecognized field reasoning_content')).toBe(true);
    expect(hit('Missing reasoning_content field in the assistant message')).toBe(false);
  });

  it('drops reasoning parts and assistant messages left empty, for Cerebras models', () => {
    const before = structuredClone(prompt);
    const next = apply(prompt);
    expect(next).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'hello' }] },
      { role: 'user', content: [{ type: 'text', text: 'again' }] },
      { role: 'user', content: [{ type: 'text', text: 'third' }] },
    ]);
    expect(prompt).toEqual(before);
    expect(next?.[0]).toBe(prompt[0]);
  });

  it('keeps reasoning for other providers unless forced', () => {
    expect(apply(prompt, 'openai.chat')).toBeUndefined();
    expect(apply(prompt, 'openai.chat', true)).toHaveLength(5);
  });

  it('returns undefined when no assistant message holds reasoning', () => {
    expect(
      apply([
        { role: 'user', content: [{ type: 'text', text: 'hi' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'hello' }] },
      ]),
    ).toBeUndefined();
  });
});
