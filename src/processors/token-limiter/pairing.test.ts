/**
 * Property test of TokenLimiter's request trimming through a real Agent: random histories
 * (text turns, tool rounds with several calls, results split over tool messages), random
 * instructions, limits and trim modes, and a run that itself calls tools. For every model call:
 * - no orphan: every tool-call id sent has its result, and every result its call;
 * - system messages are never dropped; the newest message is never dropped;
 * - what is sent is the untrimmed prompt minus whole messages, in order;
 * - `contiguous` sends a suffix of the conversation;
 * - the current run's own tool calls and results are all there, and so is the run's question
 *   (the input's newest user message): a loop step is never sent without it;
 * - a trimmed request starts with a user message (Anthropic and others reject one that starts
 *   with an assistant or tool message);
 * - without the run's own tool traffic, the request fits the limit.
 * A run may instead end with one of the documented tripwires, and then no model call is made.
 * Seeded, so a failure names the seed that replays it.
 */
import type { LanguageModelV2Prompt, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '../../agent/index.js';
import type { InputProcessor } from '../../pipeline/types.js';
import { ScriptedModel } from '../../test/index.js';
import { seededRandom as seeded } from '../../test/seeded-random.js';
import { createTool } from '../../tools/index.js';
import { TokenLimiter, type TokenLimiterTrimMode } from './index.js';

/** Seeded cases: SLUICE_PROPERTY_RUNS, or the full 300 with CI set (vitest.config.ts). */
const ITERATIONS = inject('propertyRuns') ?? 300;

const WORDS = [
  'alpha',
  'beta',
  'gamma',
  'delta',
  'tokens',
  'limit',
  'weather',
  'Oslo',
  '東京',
  '{"k":1}',
  'ok',
];

type Input =
  | { role: 'user' | 'assistant'; content: string }
  | {
      role: 'assistant';
      content: Array<
        | { type: 'text'; text: string }
        | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }
      >;
    }
  | {
      role: 'tool';
      content: Array<{
        type: 'tool-result';
        toolCallId: string;
        toolName: string;
        output: { type: 'text'; value: string };
      }>;
    };

function history(random: () => number): Input[] {
  const int = (max: number) => Math.floor(random() * max);
  const words = (max: number) =>
    Array.from({ length: 1 + int(max) }, () => WORDS[int(WORDS.length)]).join(' ');
  const messages: Input[] = [];
  let id = 0;
  const turns = 1 + int(10);
  for (let turn = 0; turn < turns; turn++) {
    messages.push({ role: 'user', content: words(60) });
    if (random() < 0.5) {
      messages.push({ role: 'assistant', content: words(80) });
      continue;
    }
    const calls = Array.from({ length: 1 + int(3) }, () => `h-${id++}`);
    messages.push({
      role: 'assistant',
      content: [
        ...(random() < 0.4 ? [{ type: 'text' as const, text: words(20) }] : []),
        ...calls.map((toolCallId) => ({
          type: 'tool-call' as const,
          toolCallId,
          toolName: 'lookup',
          input: { q: toolCallId },
        })),
      ],
    });
    const results = calls.map((toolCallId) => ({
      type: 'tool-result' as const,
      toolCallId,
      toolName: 'lookup',
      output: { type: 'text' as const, value: words(150) },
    }));
    // Results of one round arrive in one tool message, or split over two.
    const split = results.length > 1 && random() < 0.5 ? 1 + int(results.length - 1) : results.length;
    messages.push({ role: 'tool', content: results.slice(0, split) });
    if (split < results.length) messages.push({ role: 'tool', content: results.slice(split) });
    if (random() < 0.6) messages.push({ role: 'assistant', content: words(40) });
  }
  messages.push({ role: 'user', content: words(8) });
  return messages;
}

const lookup = createTool({
  id: 'lookup',
  description: 'Looks something up',
  inputSchema: z.object({ q: z.string(), size: z.number() }),
  execute: async ({ q, size }) => `${q}: ${'data '.repeat(size)}`,
});

/** Tool call ids sent as calls and as results. */
function sentIds(prompt: LanguageModelV4Prompt): { calls: string[]; results: string[] } {
  const calls: string[] = [];
  const results: string[] = [];
  for (const message of prompt) {
    if (message.role !== 'assistant' && message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call') calls.push(part.toolCallId);
      if (part.type === 'tool-result') results.push(part.toolCallId);
    }
  }
  return { calls, results };
}

/** Records the prompt a processor in this position sees. */
function promptSpy(id: string, into: LanguageModelV2Prompt[]): InputProcessor {
  return {
    id,
    processLLMRequest: ({ prompt }) => {
      into.push(prompt);
      return undefined;
    },
  };
}

/** The run's question: the newest user message before the run's own tool traffic. */
function question(prompt: LanguageModelV2Prompt): LanguageModelV2Prompt[number] | undefined {
  const first = prompt.findIndex((m) =>
    m.role === 'assistant' || m.role === 'tool'
      ? m.content.some((p) => 'toolCallId' in p && p.toolCallId.startsWith('run-'))
      : false,
  );
  return prompt.slice(0, first === -1 ? prompt.length : first).findLast((m) => m.role === 'user');
}

const DOCUMENTED =
  /^TokenLimiterProcessor: (System messages alone exceed token limit|No messages fit within the token limit)/;

describe('TokenLimiter: random histories never produce an invalid request', () => {
  it(`${ITERATIONS} seeded runs`, async () => {
    let trimmedRuns = 0;
    let pinnedOverRuns = 0;
    let tripwires = 0;
    for (let seed = 1; seed <= ITERATIONS; seed++) {
      const random = seeded(seed);
      const input = history(random);
      const trimMode: TokenLimiterTrimMode = random() < 0.5 ? 'best-fit' : 'contiguous';
      const limit = 60 + Math.floor(random() * 1500);
      const runToolSteps = Math.floor(random() * 3);
      const instructions = Array.from({ length: 1 + Math.floor(random() * 30) }, () => 'Be helpful.').join(
        ' ',
      );
      const sizes = Array.from({ length: 4 }, () => Math.floor(random() * 200));
      const model = new ScriptedModel({
        steps: (call) =>
          call.index < runToolSteps
            ? {
                toolCalls: Array.from({ length: 1 + (call.index % 2) }, (_, j) => ({
                  toolName: 'lookup',
                  args: { q: `run-${call.index}-${j}`, size: sizes[(call.index + j) % 4] as number },
                  toolCallId: `run-${call.index}-${j}`,
                })),
              }
            : 'done',
      });
      const before: LanguageModelV2Prompt[] = [];
      const after: LanguageModelV2Prompt[] = [];
      const limiter = new TokenLimiter({ limit, trimMode });
      const agent = new Agent({
        id: 'property',
        instructions,
        model,
        tools: { lookup },
        maxSteps: 5,
        inputProcessors: [promptSpy('before', before), limiter, promptSpy('after', after)],
      });
      const result = await agent.generate(input as never);
      const where = `seed ${seed} (limit ${limit}, ${trimMode})`;

      if (result.tripwire) {
        tripwires++;
        expect(result.tripwire.reason, where).toMatch(DOCUMENTED);
        expect(after.length, where).toBe(model.calls.length);
        continue;
      }
      expect(model.calls.length, where).toBe(runToolSteps + 1);
      const runIds: string[] = [];
      for (let c = 0; c < model.calls.length; c++) {
        const sent = model.calls[c]?.prompt as LanguageModelV4Prompt;
        const pre = before[c] as LanguageModelV2Prompt;
        const post = after[c] as LanguageModelV2Prompt;
        const ids = sentIds(sent);
        expect([...ids.calls].sort(), `${where}, call ${c}: every call has its result`).toEqual(
          [...ids.results].sort(),
        );
        expect(new Set(ids.calls).size, where).toBe(ids.calls.length);
        expect(sent[0], where).toEqual({ role: 'system', content: instructions });
        for (const id of runIds) expect(ids.calls, `${where}: the run's own call ${id}`).toContain(id);

        // Whole messages removed, order kept; system and newest kept.
        let j = 0;
        for (const message of post) {
          while (j < pre.length && pre[j] !== message) j++;
          expect(j < pre.length, `${where}, call ${c}: sent messages are a subsequence`).toBe(true);
          j++;
        }
        expect(
          post.filter((m) => m.role === 'system'),
          where,
        ).toEqual(pre.filter((m) => m.role === 'system'));
        expect(post.at(-1), where).toBe(pre.at(-1));
        expect(
          post.find((m) => m.role !== 'system')?.role,
          `${where}, call ${c}: starts with a user message`,
        ).toBe('user');
        expect(post, `${where}, call ${c}: the run's question is sent`).toContain(question(pre));
        if (post.length < pre.length) trimmedRuns++;
        if (trimMode === 'contiguous') {
          const kept = post.filter((m) => m.role !== 'system');
          const all = pre.filter((m) => m.role !== 'system');
          expect(kept, `${where}: contiguous sends a suffix`).toEqual(all.slice(all.length - kept.length));
        }
        if (runIds.length === 0 && post.length < pre.length) {
          let total = 24;
          for (const message of post) total += await limiter.countMessage(message);
          // countMessage rounds each message up: allow one token of rounding per message.
          expect(total, `${where}: fits the limit`).toBeLessThanOrEqual(limit + post.length);
        } else if (runIds.length > 0) {
          let total = 24;
          for (const message of post) total += await limiter.countMessage(message);
          if (total > limit + post.length) pinnedOverRuns++;
        }
        const step = c < runToolSteps ? 1 + (c % 2) : 0;
        for (let k = 0; k < step; k++) runIds.push(`run-${c}-${k}`);
      }
    }
    // The generator exercises every branch: trimming, runs over the limit on their own tool
    // traffic, and tripwires.
    expect(trimmedRuns).toBeGreaterThan(ITERATIONS / 4);
    expect(pinnedOverRuns).toBeGreaterThan(0);
    expect(tripwires).toBeGreaterThan(0);
  }, 60_000);
});
