/**
 * 000-quality-guardrail: `abort(reason, { retry: true })` from `processOutputStep` replays the
 * step with the reason as feedback when `maxProcessorRetries` allows it; otherwise it is a plain
 * abort (README "Processors": retries).
 */
import { Agent } from 'sluice/agent';
import type { MastraDBMessage } from 'sluice/memory';
import type { OutputProcessor, Processor } from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel } from 'sluice/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QualityGuardrail } from './000-quality-guardrail.js';
import { evaluateResponseQuality } from './helpers.js';

const REASON = 'Response quality too low. Please provide more detail.';
const BAD = 'Too short.';
const GOOD =
  'Paris is the capital of France and its largest city, home to more than two million people ' +
  'within the city limits. It sits on the Seine river in the north of the country and has been ' +
  'the seat of government for centuries. Its museums, cafes and monuments draw tens of millions ' +
  'of visitors every year.';

const reminder = (reason: string) =>
  `<system-reminder reason="processor-retry" processor="quality-guardrail">${reason}</system-reminder>`;

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

function guardedAgent(
  model: ScriptedModel,
  options: { maxProcessorRetries?: number; guardrail?: OutputProcessor; before?: OutputProcessor[] } = {},
) {
  return new Agent({
    id: 'guarded-agent',
    instructions: 'Answer in detail.',
    model,
    outputProcessors: [...(options.before ?? []), options.guardrail ?? new QualityGuardrail()],
    maxProcessorRetries: options.maxProcessorRetries,
  });
}

/** The `retryCount` of every `processOutputStep` call, read when the call is made. */
function recordRetryCounts(processor: QualityGuardrail): number[] {
  const seen: number[] = [];
  const original = processor.processOutputStep.bind(processor);
  vi.spyOn(processor, 'processOutputStep').mockImplementation((args) => {
    seen.push(args.retryCount);
    return original(args);
  });
  return seen;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('QualityGuardrail (000-quality-guardrail)', () => {
  it('the scripted answers straddle the 0.7 threshold (sanity check of the fixture)', async () => {
    expect(await evaluateResponseQuality(BAD)).toBeLessThan(0.7);
    expect(await evaluateResponseQuality(GOOD)).toBeGreaterThanOrEqual(0.7);
  });

  it('with maxProcessorRetries, a rejected answer is retried: the earlier prompt, the rejected answer, then the reason as a processor-retry system reminder', async () => {
    const model = new ScriptedModel({ steps: [BAD, GOOD] });

    await guardedAgent(model, { maxProcessorRetries: 3 }).generate('Tell me about Paris.');

    expect(model.calls).toHaveLength(2);
    const first = model.calls[0]?.prompt ?? [];
    const retried = model.calls[1]?.prompt ?? [];
    // The earlier request stays a prefix (provider prompt caches hold).
    expect(retried.slice(0, first.length)).toEqual(first);
    expect(retried).toHaveLength(first.length + 2);
    expect(retried.at(-2)).toMatchObject({ role: 'assistant', content: [{ type: 'text', text: BAD }] });
    expect(retried.at(-1)).toMatchObject({
      role: 'user',
      content: [{ type: 'text', text: reminder(REASON) }],
    });
  });

  it('the result holds only the accepted answer: no tripwire, finishReason from the accepted step', async () => {
    const model = new ScriptedModel({ steps: [BAD, GOOD] });

    const result = await guardedAgent(model, { maxProcessorRetries: 3 }).generate('Tell me about Paris.');

    expect(result.tripwire).toBeUndefined();
    expect(result.finishReason).toBe('stop');
    expect(result.text).toBe(GOOD);
  });

  it('neither the rejected answer nor the feedback is persisted', async () => {
    // This wrapper (same id) runs the seed's hook for its decision and returns the live list, so
    // the check does not depend on how `return []` is read.
    const seed = new QualityGuardrail();
    const guardrail = {
      id: seed.id,
      processOutputStep: async (args) => {
        await seed.processOutputStep(args);
        return args.messageList;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: [BAD, GOOD] });

    const result = await guardedAgent(model, { maxProcessorRetries: 3, guardrail }).generate(
      'Tell me about Paris.',
    );

    const stored = JSON.stringify(result.messages);
    expect(stored).not.toContain('processor-retry');
    expect(stored).not.toContain(BAD);
    expect(result.response.messages).toMatchObject([
      { role: 'assistant', content: [{ type: 'text', text: GOOD }] },
    ]);
  });

  it('retryCount counts the processor-triggered retries of the request: 0, then 1', async () => {
    const guardrail = new QualityGuardrail();
    const retryCounts = recordRetryCounts(guardrail);
    const model = new ScriptedModel({ steps: [BAD, GOOD] });

    await guardedAgent(model, { maxProcessorRetries: 3, guardrail }).generate('Tell me about Paris.');

    expect(retryCounts).toEqual([0, 1]);
  });

  it('after three retries retryCount is 3 and the guardrail blocks instead of retrying', async () => {
    const guardrail = new QualityGuardrail();
    const retryCounts = recordRetryCounts(guardrail);
    const model = new ScriptedModel({ steps: () => BAD });

    const result = await guardedAgent(model, { maxProcessorRetries: 5, guardrail }).generate('Tell me.');

    expect(retryCounts).toEqual([0, 1, 2, 3]);
    expect(model.calls).toHaveLength(4);
    expect(result.tripwire).toMatchObject({
      reason: 'Response quality too low after multiple attempts.',
      processorId: 'quality-guardrail',
    });
    expect(result.finishReason).toBe('other');
    expect(result.text).toBe('');
  });

  it('without maxProcessorRetries a retry request is a plain abort: result.tripwire with reason and metadata, finishReason "other"', async () => {
    const model = new ScriptedModel({ steps: [BAD, GOOD] });

    const result = await guardedAgent(model).generate('Tell me about Paris.');

    expect(model.calls).toHaveLength(1);
    expect(result.finishReason).toBe('other');
    expect(result.tripwire).toMatchObject({
      reason: REASON,
      processorId: 'quality-guardrail',
      metadata: { qualityScore: await evaluateResponseQuality(BAD) },
    });
    expect(result.text).toBe('');
  });

  it('without maxProcessorRetries the stream ends with a tripwire chunk carrying the reason', async () => {
    const model = new ScriptedModel({ steps: [BAD, GOOD] });

    const output = await guardedAgent(model).stream('Tell me about Paris.');
    const chunks: ChunkType[] = await collect(output.fullStream);

    expect(chunks.at(-1)).toMatchObject({
      type: 'tripwire',
      from: 'AGENT',
      payload: { reason: REASON, processorId: 'quality-guardrail' },
    });
    expect(model.calls).toHaveLength(1);
  });

  it('maxProcessorRetries caps the retries: past the cap the retry request becomes the final tripwire', async () => {
    const model = new ScriptedModel({ steps: () => BAD });

    const result = await guardedAgent(model, { maxProcessorRetries: 1 }).generate('Tell me.');

    expect(model.calls).toHaveLength(2);
    expect(result.finishReason).toBe('other');
    expect(result.tripwire).toMatchObject({ reason: REASON, retry: true, processorId: 'quality-guardrail' });
  });

  it("a call-level maxProcessorRetries enables retries when the agent sets none (the call's value wins)", async () => {
    const model = new ScriptedModel({ steps: [BAD, GOOD] });

    const result = await guardedAgent(model).generate('Tell me about Paris.', { maxProcessorRetries: 2 });

    expect(model.calls).toHaveLength(2);
    expect(result.tripwire).toBeUndefined();
    expect(result.text).toBe(GOOD);
  });

  it("the seed's `return []` on acceptance changes nothing: the answer stays in the conversation", async () => {
    const seen: MastraDBMessage[][] = [];
    const model = new ScriptedModel({ steps: [GOOD] });

    const result = await guardedAgent(model, {
      before: [
        {
          id: 'observer',
          processOutputStep: ({ messageList }) => {
            seen.push(messageList.get.all.db().slice());
            return messageList;
          },
        },
      ],
    }).generate('Tell me about Paris.');

    expect(seen[0]?.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(result.text).toBe(GOOD);
    expect(result.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(result.response.messages).toMatchObject([
      { role: 'assistant', content: [{ type: 'text', text: GOOD }] },
    ]);
  });
});
