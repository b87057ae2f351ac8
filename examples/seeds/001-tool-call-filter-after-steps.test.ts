/**
 * 001-tool-call-filter-after-steps: with `filterAfterToolSteps: 2` the filter also works during
 * the agent loop, keeping only the calls of the two most recent tool-producing steps in the
 * prompt. Stored messages keep every call.
 */
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { Agent } from 'sluice/agent';
import { ScriptedModel, type ScriptedStep } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toolCallFilter } from './001-tool-call-filter-after-steps.js';

const lookup = createTool({
  id: 'lookup',
  description: 'Look something up',
  inputSchema: z.object({ q: z.string() }),
  execute: async ({ q }) => `result for ${q}`,
});

const sentCalls = (prompt: LanguageModelV4Prompt) =>
  prompt.flatMap((m) =>
    m.role === 'assistant' ? m.content.flatMap((p) => (p.type === 'tool-call' ? [p.toolCallId] : [])) : [],
  );

describe('ToolCallFilter({ filterAfterToolSteps: 2 }) (001-tool-call-filter-after-steps)', () => {
  it('each model call sees the calls of at most the two latest tool steps; the stored run keeps all', async () => {
    const steps: ScriptedStep[] = [1, 2, 3, 4].map((n) => ({
      toolCalls: [{ toolName: 'lookup', args: { q: `q${n}` }, toolCallId: `c${n}` }],
    }));
    const model = new ScriptedModel({ steps: [...steps, 'All done.'] });
    const agent = new Agent({
      id: 'researcher',
      instructions: 'Research step by step.',
      model,
      tools: { lookup },
      inputProcessors: [toolCallFilter],
    });

    const result = await agent.generate('Research four things');

    expect(model.calls.map((call) => sentCalls(call.prompt))).toEqual([
      [],
      ['c1'],
      ['c1', 'c2'],
      ['c2', 'c3'],
      ['c3', 'c4'],
    ]);
    const stored = JSON.stringify(result.messages);
    for (const id of ['c1', 'c2', 'c3', 'c4']) expect(stored).toContain(`"${id}"`);
  });
});
