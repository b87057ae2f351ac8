/**
 * The limiter counts through its per-text cache: a multi-step tool loop over a long history
 * tokenizes the history once, not once per step. `countTokens` of the real tokenizer is wrapped
 * to count what it is asked.
 */
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Agent } from '../../agent/index.js';
import { ScriptedModel } from '../../test/index.js';
import { createTool } from '../../tools/index.js';
import { TokenLimiter } from './index.js';

const counted = vi.hoisted(() => new Map<string, number>());
vi.mock('gpt-tokenizer/encoding/o200k_base', async (importOriginal) => {
  const actual = await importOriginal<typeof import('gpt-tokenizer/encoding/o200k_base')>();
  return {
    ...actual,
    countTokens: (text: string, options?: unknown) => {
      counted.set(text, (counted.get(text) ?? 0) + 1);
      return actual.countTokens(text, options as never);
    },
  };
});

const lookup = createTool({
  id: 'lookup',
  description: 'Look something up',
  inputSchema: z.object({ q: z.string() }),
  execute: async ({ q }) => ({ answer: `about ${q}` }),
});

describe('TokenLimiter counts history once across a run (per-text cache)', () => {
  it('a 4-step tool loop over 200 history messages tokenizes each history text once', async () => {
    const history = Array.from({ length: 200 }, (_, i) => ({
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: `history turn ${i} with a few distinct words ${i * 7}`,
    }));
    const model = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'lookup', args: { q: 'a' } }] },
        { toolCalls: [{ toolName: 'lookup', args: { q: 'b' } }] },
        { toolCalls: [{ toolName: 'lookup', args: { q: 'c' } }] },
        'done',
      ],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'Be brief.',
      model,
      tools: { lookup },
      inputProcessors: [new TokenLimiter(100_000)],
    });
    await agent.generate([...history, { role: 'user', content: 'go' }], { maxSteps: 5 });
    expect(model.calls).toHaveLength(4);
    for (const message of history) expect(counted.get(message.content)).toBe(1);
  });
});
