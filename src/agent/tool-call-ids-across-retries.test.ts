/**
 * A tool-call id the run has handed out is never handed out again in that run, even when the
 * step that carried it was rejected and replayed: the client saw the rejected attempt's
 * `tool-call` chunks and the retry prompt shows those calls, so a retry reusing an id would make
 * a client keyed by id merge two different calls (stale arguments, a result on the wrong call).
 */
import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ChunkType } from '../stream/chunk-types.js';
import { ScriptedModel } from '../test/index.js';
import { createTool } from '../tools/index.js';
import { Agent } from './agent.js';

const call = (toolCallId: string, word: string) => ({
  type: 'tool-call' as const,
  toolName: 'echo',
  args: { word },
  toolCallId,
});

function promptCallIds(prompt: LanguageModelV2Prompt): string[] {
  const ids: string[] = [];
  for (const message of prompt) {
    if (message.role !== 'assistant') continue;
    for (const part of message.content) if (part.type === 'tool-call') ids.push(part.toolCallId);
  }
  return ids;
}

describe('tool-call ids stay unique across a replayed step', () => {
  it('a retried step whose provider repeats its ids gets ids the rejected attempt did not use', async () => {
    const seen: string[] = [];
    const echo = createTool({
      id: 'echo',
      description: 'Echo a word',
      inputSchema: z.object({ word: z.string() }),
      execute: async ({ word }) => {
        seen.push(word);
        return { echoed: word };
      },
    });
    // Step 1 answers call_1 twice (the second becomes call_1_1); it is rejected once, and the
    // replay answers the same ids again.
    const model = new ScriptedModel({
      steps: [
        [call('call_1', 'a')],
        [call('call_1', 'rejected-1'), call('call_1', 'rejected-2')],
        [call('call_1', 'kept-1'), call('call_1', 'kept-2')],
        'done',
      ],
    });
    let rejected = false;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      maxProcessorRetries: 1,
      tools: { echo },
      outputProcessors: [
        {
          id: 'judge',
          processOutputStep: ({ stepNumber, abort }) => {
            if (stepNumber === 1 && !rejected) {
              rejected = true;
              abort('try again', { retry: true });
            }
          },
        },
      ],
    });
    const stream = await agent.stream('go', { maxSteps: 5 });
    const chunks: ChunkType[] = [];
    for await (const chunk of stream.fullStream) chunks.push(chunk);

    expect(seen).toEqual(['a', 'kept-1', 'kept-2']);
    const streamedCallIds = chunks
      .filter((c) => c.type === 'tool-call')
      .map((c) => (c as { payload: { toolCallId: string } }).payload.toolCallId);
    expect(streamedCallIds).toHaveLength(5);
    expect(new Set(streamedCallIds).size).toBe(5);
    // The replay's prompt shows the rejected calls; the replay's own calls must not reuse them.
    const retryPromptIds = promptCallIds(model.calls[2]!.prompt as LanguageModelV2Prompt);
    const keptIds = streamedCallIds.slice(3);
    for (const id of keptIds) expect(retryPromptIds).not.toContain(id);
  });
});
