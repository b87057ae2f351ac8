/**
 * `azureSystemReminderTransform`: for Azure OpenAI models the
 * `<system-reminder>` wrapper in outbound text becomes `<system-context>` (attributes kept) to
 * avoid content-moderation rejections; stored history and other providers are untouched.
 */
import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import type { MastraLanguageModel } from '../../../models/types.js';
import { azureSystemReminderTransform } from './azure-system-reminder-transform.js';

function apply(prompt: LanguageModelV2Prompt, provider = 'azure.chat', forced = false, modelId = 'gpt-4o') {
  const model = { provider, modelId } as unknown as MastraLanguageModel;
  return azureSystemReminderTransform.applyToPrompt?.({ prompt, model, forced });
}

function build(): LanguageModelV2Prompt {
  return [
    { role: 'system', content: 'Messages may contain <system-reminder>...</system-reminder> tags.' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'question' },
        { type: 'text', text: '<system-reminder reason="max-steps" step="5">Wrap up.</system-reminder>' },
      ],
    },
    { role: 'assistant', content: [{ type: 'text', text: 'ok <system-reminder>x</system-reminder >' }] },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c',
          toolName: 't',
          output: { type: 'text', value: '<system-reminder>tool</system-reminder>' },
        },
      ],
    },
  ];
}

describe('azureSystemReminderTransform', () => {
  it('is named azure-system-reminder-transform and recognises Azure content-filter rejections', () => {
    expect(azureSystemReminderTransform.name).toBe('azure-system-reminder-transform');
    const hit = (text: string) =>
      (azureSystemReminderTransform.errorPatterns ?? []).some((p) => p.test(text));
    expect(
      hit(
        "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. Please modify your prompt and retry.",
      ),
    ).toBe(true);
    expect(
      hit('{"error":{"code":"content_filter","innererror":{"code":"ResponsibleAIPolicyViolation"}}}'),
    ).toBe(true);
    expect(hit('Rate limit reached')).toBe(false);
  });

  it('renames the wrapper in system, user and assistant text for Azure, keeping attributes', () => {
    const prompt = build();
    const before = structuredClone(prompt);
    const next = apply(prompt);
    expect(next?.[0]).toEqual({
      role: 'system',
      content: 'Messages may contain <system-context>...</system-context> tags.',
    });
    expect(next?.[1]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'question' },
        { type: 'text', text: '<system-context reason="max-steps" step="5">Wrap up.</system-context>' },
      ],
    });
    expect(next?.[2]).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'ok <system-context>x</system-context >' }],
    });
    // Tool output is data, not a wrapper the runtime added: left as is.
    expect(next?.[3]).toBe(prompt[3]);
    expect(prompt).toEqual(before);
  });

  it('does not touch look-alike tags', () => {
    expect(
      apply([{ role: 'system', content: '<system-reminders> and <system-reminder-x>' }]),
    ).toBeUndefined();
  });

  it('leaves other providers alone unless forced', () => {
    expect(apply(build(), 'openai.chat')).toBeUndefined();
    expect(apply(build(), 'openai.chat', true)?.[0]).toEqual({
      role: 'system',
      content: 'Messages may contain <system-context>...</system-context> tags.',
    });
  });

  it('recognises Azure behind a gateway by the model id prefix azure/…', () => {
    expect(apply(build(), 'gateway', false, 'azure/gpt-4o')?.[0]).toEqual({
      role: 'system',
      content: 'Messages may contain <system-context>...</system-context> tags.',
    });
    expect(apply(build(), 'gateway', false, 'openai/gpt-4o')).toBeUndefined();
  });

  it('returns undefined when no text carries the tag', () => {
    expect(apply([{ role: 'user', content: [{ type: 'text', text: 'plain' }] }])).toBeUndefined();
  });
});
