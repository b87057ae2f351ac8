/**
 * ToolCallFilter never leaves reasoning behind without what it led to (README "ToolCallFilter"):
 * when every tool call of an assistant message is filtered and nothing but reasoning is left,
 * the message goes. A reasoning item sent without its following item is rejected by the OpenAI
 * Responses API, and the reasoning is about a call the model no longer sees.
 */
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '../../agent/index.js';
import { ScriptedModel } from '../../test/index.js';
import { createTool } from '../../tools/index.js';
import { ToolCallFilter } from './index.js';

const lookup = createTool({
  id: 'lookup',
  description: 'Looks something up',
  inputSchema: z.object({ q: z.string() }),
  execute: async ({ q }) => `${q}: result`,
});

const labels = (prompt: LanguageModelV4Prompt) =>
  prompt.map((m) =>
    typeof m.content === 'string'
      ? `${m.role}:${m.content}`
      : `${m.role}:${m.content.map((p) => ('text' in p ? `${p.type}=${p.text}` : p.type)).join('|')}`,
  );

describe('ToolCallFilter: reasoning that only led to filtered calls', () => {
  it('is dropped with them; reasoning beside kept text stays', async () => {
    const first = await new Agent({
      id: 'first',
      instructions: 'S',
      model: new ScriptedModel({
        steps: [
          {
            reasoning: 'I should look it up',
            toolCalls: [{ toolName: 'lookup', args: { q: 'a' }, toolCallId: 'h1' }],
          },
          { reasoning: 'now answer', text: 'answer one' },
        ],
      }),
      tools: { lookup },
    }).generate('q1');

    const model = new ScriptedModel({ steps: ['ok'] });
    await new Agent({
      id: 'second',
      instructions: 'S',
      model,
      tools: { lookup },
      inputProcessors: [new ToolCallFilter()],
    }).generate([...first.messages, { role: 'user', content: 'q2' }]);

    expect(labels(model.calls[0]!.prompt as LanguageModelV4Prompt)).toEqual([
      'system:S',
      'user:text=q1',
      'assistant:reasoning=now answer|text=answer one',
      'user:text=q2',
    ]);
  });
});
