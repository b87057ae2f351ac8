/**
 * StepRecorder gives colliding tool-call ids unique ids consistently across the parts that
 * carry them: streamed input parts, the call, and a provider-executed result.
 */
import { describe, expect, it } from 'vitest';
import type { ModelStreamPart } from '../models/types.js';
import type { ChunkType } from '../stream/chunk-types.js';
import { StepRecorder } from './run/step-recorder.js';

function record(recorder: StepRecorder, parts: ModelStreamPart[]): ChunkType[] {
  return parts.flatMap((part) => {
    const chunk = recorder.record(part);
    return chunk ? [chunk] : [];
  });
}

const idOf = (chunk: ChunkType) => (chunk as { payload: { toolCallId: string } }).payload.toolCallId;

describe('tool-call ids unique per conversation', () => {
  it('streamed input parts of two calls sharing an id follow their own call', () => {
    const recorder = new StepRecorder('run');
    const chunks = record(recorder, [
      { type: 'tool-input-start', id: 'x', toolName: 't' },
      { type: 'tool-input-delta', id: 'x', delta: '{"a":1}' },
      { type: 'tool-input-end', id: 'x' },
      { type: 'tool-call', toolCallId: 'x', toolName: 't', input: '{"a":1}' },
      { type: 'tool-input-start', id: 'x', toolName: 't' },
      { type: 'tool-input-delta', id: 'x', delta: '{"a":2}' },
      { type: 'tool-input-end', id: 'x' },
      { type: 'tool-call', toolCallId: 'x', toolName: 't', input: '{"a":2}' },
    ] as ModelStreamPart[]);
    expect(chunks.map(idOf)).toEqual(['x', 'x', 'x', 'x', 'x_1', 'x_1', 'x_1', 'x_1']);
    expect(recorder.toolCalls.map((c) => c.payload.args)).toEqual([{ a: 1 }, { a: 2 }]);
    expect(recorder.toolCalls.map((c) => recorder.rawToolInput.get(c))).toEqual(['{"a":1}', '{"a":2}']);
    expect(recorder.toolCalls[1]?.payload.providerToolCallId).toBe('x');
  });

  it('provider-executed results pair with their calls in order', () => {
    const recorder = new StepRecorder('run');
    record(recorder, [
      { type: 'tool-call', toolCallId: '', toolName: 'search', input: '{"q":"a"}', providerExecuted: true },
      { type: 'tool-call', toolCallId: '', toolName: 'search', input: '{"q":"b"}', providerExecuted: true },
      { type: 'tool-result', toolCallId: '', toolName: 'search', result: 'A' },
      { type: 'tool-result', toolCallId: '', toolName: 'search', result: 'B' },
    ] as ModelStreamPart[]);
    expect(recorder.providerToolResults.map((r) => [r.toolCallId, r.args, r.result])).toEqual([
      ['call_1', { q: 'a' }, 'A'],
      ['call_2', { q: 'b' }, 'B'],
    ]);
    const stored = recorder.parts.flatMap((p) => (p.type === 'tool-invocation' ? [p.toolInvocation] : []));
    expect(stored.map((i) => [i.toolCallId, i.state])).toEqual([
      ['call_1', 'result'],
      ['call_2', 'result'],
    ]);
  });

  it('an id already in the conversation is not reused', () => {
    const recorder = new StepRecorder('run', false, () => new Set(['call_0', 'call_0_1']));
    record(recorder, [
      { type: 'tool-call', toolCallId: 'call_0', toolName: 't', input: '{}' },
    ] as ModelStreamPart[]);
    expect(recorder.toolCalls[0]?.payload.toolCallId).toBe('call_0_2');
  });
});
