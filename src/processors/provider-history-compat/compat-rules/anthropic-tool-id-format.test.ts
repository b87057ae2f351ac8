/**
 * `anthropicToolIdFormat`: for Anthropic models the outbound prompt
 * gets tool-call ids matching `^[a-zA-Z0-9_-]+$`, rewritten in each call and its paired result
 * together; other providers are left alone unless the rule was forced by a rejection.
 */
import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import type { MastraLanguageModel } from '../../../models/types.js';
import { anthropicToolIdFormat } from './anthropic-tool-id-format.js';

function model(provider: string, modelId = 'some-model'): MastraLanguageModel {
  return { provider, modelId } as unknown as MastraLanguageModel;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

function apply(
  prompt: LanguageModelV2Prompt,
  provider = 'anthropic.messages',
  forced = false,
  modelId?: string,
) {
  return anthropicToolIdFormat.applyToPrompt?.({ prompt, model: model(provider, modelId), forced });
}

/** A call with `id` and its result in the following tool message. */
function toolTurn(id: string, toolName = 'search'): LanguageModelV2Prompt {
  return [
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId: id, toolName, input: { q: id } }] },
    {
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: id, toolName, output: { type: 'text', value: `r:${id}` } },
      ],
    },
  ];
}

function ids(prompt: LanguageModelV2Prompt): string[] {
  const out: string[] = [];
  for (const message of prompt) {
    if (message.role !== 'assistant' && message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call' || part.type === 'tool-result')
        out.push(`${part.type}:${part.toolCallId}`);
    }
  }
  return out;
}

describe('anthropicToolIdFormat', () => {
  it('is named anthropic-tool-id-format and recognises Anthropic id-format rejections', () => {
    expect(anthropicToolIdFormat.name).toBe('anthropic-tool-id-format');
    const patterns = anthropicToolIdFormat.errorPatterns ?? [];
    const hit = (text: string) => patterns.some((p) => p.test(text));
    expect(hit("messages.1.content.0.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'")).toBe(
      true,
    );
    expect(
      hit("messages.2.content.0.tool_result.tool_use_id: String should match pattern '^[a-zA-Z0-9_-]+$'"),
    ).toBe(true);
    expect(hit('Invalid tool_call_id')).toBe(true);
    expect(hit('tool_call_id is invalid')).toBe(true);
    expect(hit('Overloaded')).toBe(false);
  });

  it('rewrites an invalid id in the call and its paired result together (bad characters become _)', () => {
    const prompt: LanguageModelV2Prompt = [
      { role: 'user', content: [{ type: 'text', text: 'find it' }] },
      ...toolTurn('functions.search:0'),
    ];
    const next = apply(prompt);
    expect(next).toBeDefined();
    expect(ids(next ?? [])).toEqual(['tool-call:functions_search_0', 'tool-result:functions_search_0']);
    // Everything else about the parts is kept.
    expect(next?.[1]).toEqual({
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId: 'functions_search_0',
          toolName: 'search',
          input: { q: 'functions.search:0' },
        },
      ],
    });
    // Untouched messages are shared, not copied.
    expect(next?.[0]).toBe(prompt[0]);
  });

  it('never mutates the input prompt, its messages or parts', () => {
    const prompt = deepFreeze<LanguageModelV2Prompt>([...toolTurn('a.b'), ...toolTurn('ok_id')]);
    const before = structuredClone(prompt);
    const next = apply(prompt);
    expect(prompt).toEqual(before);
    expect(ids(next ?? [])).toEqual([
      'tool-call:a_b',
      'tool-result:a_b',
      'tool-call:ok_id',
      'tool-result:ok_id',
    ]);
    expect(next?.[2]).toBe(prompt[2]);
  });

  it('returns undefined when every id already matches the pattern', () => {
    expect(apply([...toolTurn('toolu_01ABC'), ...toolTurn('call-2')])).toBeUndefined();
  });

  it('leaves non-Anthropic providers alone unless forced', () => {
    const prompt = toolTurn('call:1');
    expect(apply(prompt, 'openai.chat')).toBeUndefined();
    expect(ids(apply(prompt, 'openai.chat', true) ?? [])).toEqual(['tool-call:call_1', 'tool-result:call_1']);
  });

  it('recognises Claude served elsewhere (vertex.anthropic provider, or a claude model id)', () => {
    const prompt = toolTurn('call:1');
    expect(apply(prompt, 'vertex.anthropic.messages')).toBeDefined();
    expect(apply(prompt, 'amazon-bedrock', false, 'us.anthropic.claude-sonnet-4')).toBeDefined();
  });

  it('keeps pairing one-to-one when rewritten ids would collide (suffix), valid ids untouched', () => {
    const prompt: LanguageModelV2Prompt = [...toolTurn('a.b'), ...toolTurn('a_b'), ...toolTurn('a:b')];
    const next = apply(prompt);
    expect(ids(next ?? [])).toEqual([
      'tool-call:a_b_2',
      'tool-result:a_b_2',
      'tool-call:a_b',
      'tool-result:a_b',
      'tool-call:a_b_3',
      'tool-result:a_b_3',
    ]);
    expect(next?.[2]).toBe(prompt[2]);
  });

  it('rewrites provider-executed results held in the assistant message', () => {
    const prompt: LanguageModelV2Prompt = [
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'searching' },
          {
            type: 'tool-call',
            toolCallId: 'ws.1',
            toolName: 'web_search',
            input: {},
            providerExecuted: true,
          },
          {
            type: 'tool-result',
            toolCallId: 'ws.1',
            toolName: 'web_search',
            output: { type: 'json', value: [] },
          },
        ],
      },
    ];
    const next = apply(prompt);
    expect(ids(next ?? [])).toEqual(['tool-call:ws_1', 'tool-result:ws_1']);
    const [original] = prompt as Array<{ content: unknown[] }>;
    const [rewritten] = (next ?? []) as Array<{ content: unknown[] }>;
    expect(rewritten?.content[0]).toBe(original?.content[0]);
  });

  it('rewrites every result of a tool message holding several calls, each to its own id', () => {
    const prompt: LanguageModelV2Prompt = [
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'x.1', toolName: 't', input: {} },
          { type: 'tool-call', toolCallId: 'x.2', toolName: 't', input: {} },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'x.2', toolName: 't', output: { type: 'text', value: '2' } },
          { type: 'tool-result', toolCallId: 'x.1', toolName: 't', output: { type: 'text', value: '1' } },
        ],
      },
    ];
    expect(ids(apply(prompt) ?? [])).toEqual([
      'tool-call:x_1',
      'tool-call:x_2',
      'tool-result:x_2',
      'tool-result:x_1',
    ]);
  });
});
