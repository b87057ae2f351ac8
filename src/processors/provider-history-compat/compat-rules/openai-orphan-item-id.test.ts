/**
 * `openaiOrphanItemId`: reactive only. Once forced by the Responses API's
 * "provided without its required 'reasoning' item" rejection, item references (`itemId`,
 * `resultItemId` under `openai`/`azure`) are removed from assistant messages that have no
 * reasoning part, so they are replayed by value.
 */
import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import type { MastraLanguageModel } from '../../../models/types.js';
import { openaiOrphanItemId } from './openai-orphan-item-id.js';

const responses = { provider: 'openai.responses', modelId: 'gpt-5' } as unknown as MastraLanguageModel;

function apply(prompt: LanguageModelV2Prompt, forced: boolean) {
  return openaiOrphanItemId.applyToPrompt?.({ prompt, model: responses, forced });
}

function build(): LanguageModelV2Prompt {
  return [
    { role: 'user', content: [{ type: 'text', text: 'hi' }] },
    {
      role: 'assistant',
      providerOptions: { openai: { itemId: 'msg_1' } },
      content: [
        { type: 'text', text: 'hello', providerOptions: { openai: { itemId: 'msg_1', phase: 'final' } } },
        {
          type: 'tool-call',
          toolCallId: 'call_1',
          toolName: 't',
          input: {},
          providerOptions: { azure: { itemId: 'fc_1' }, other: { keep: true } },
        },
        {
          type: 'tool-result',
          toolCallId: 'call_1',
          toolName: 't',
          output: { type: 'text', value: 'x' },
          providerOptions: { openai: { resultItemId: 'out_1' } },
        },
      ],
    },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'r', providerOptions: { openai: { itemId: 'rs_2' } } },
        { type: 'text', text: 'second', providerOptions: { openai: { itemId: 'msg_2' } } },
      ],
    },
  ];
}

describe('openaiOrphanItemId', () => {
  it('is named openai-orphan-item-id and recognises the orphaned-item rejection', () => {
    expect(openaiOrphanItemId.name).toBe('openai-orphan-item-id');
    const hit = (text: string) => (openaiOrphanItemId.errorPatterns ?? []).some((p) => p.test(text));
    expect(
      hit("Item 'msg_abc' of type 'message' was provided without its required 'reasoning' item: 'rs_abc'."),
    ).toBe(true);
    expect(hit("Item with id 'msg_abc' not found.")).toBe(false);
  });

  it('does nothing until forced', () => {
    expect(apply(build(), false)).toBeUndefined();
  });

  it('when forced, strips item ids from assistant messages without reasoning, keeping other options', () => {
    const prompt = build();
    const before = structuredClone(prompt);
    const next = apply(prompt, true);
    expect(next?.[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'hello', providerOptions: { openai: { phase: 'final' } } },
        {
          type: 'tool-call',
          toolCallId: 'call_1',
          toolName: 't',
          input: {},
          providerOptions: { other: { keep: true } },
        },
        { type: 'tool-result', toolCallId: 'call_1', toolName: 't', output: { type: 'text', value: 'x' } },
      ],
    });
    // The message with its reasoning item keeps its references, and is the same object.
    expect(next?.[2]).toBe(prompt[2]);
    expect(next?.[0]).toBe(prompt[0]);
    expect(prompt).toEqual(before);
  });

  it('returns undefined when forced but there is no item id to remove', () => {
    expect(
      apply(
        [
          { role: 'user', content: [{ type: 'text', text: 'hi' }] },
          { role: 'assistant', content: [{ type: 'text', text: 'plain' }] },
        ],
        true,
      ),
    ).toBeUndefined();
  });
});
