/**
 * 001-quality-checker: with `maxProcessorRetries: 3` (as the seed's agent sets it) a
 * low-quality step is replayed with the abort reason as feedback; unset, the retry request
 * aborts. The seed's agent uses a router-string model, so the tests build the same agent with
 * a scripted model.
 */
import { Agent } from 'sluice/agent';
import { ScriptedModel } from 'sluice/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QualityChecker } from './001-quality-checker.js';
import { evaluateQuality } from './helpers.js';

const REASON = 'Response quality score too low. Please provide a more detailed answer.';
const BAD = 'Short answer.';
const GOOD =
  'The French Revolution began in 1789 amid a fiscal crisis, food shortages and deep resentment ' +
  'of aristocratic privilege. It abolished feudal rights, proclaimed the rights of man and ended ' +
  'the absolute monarchy within a few years. Its ideas of citizenship and popular sovereignty ' +
  'shaped European politics for the following century.';

function qualityAgent(
  model: ScriptedModel,
  maxProcessorRetries: number | undefined,
  checker = new QualityChecker(),
) {
  return new Agent({
    id: 'quality-agent',
    name: 'Quality Agent',
    instructions: 'You are a helpful assistant.',
    model,
    outputProcessors: [checker],
    maxProcessorRetries,
  });
}

/** The `retryCount` of every `processOutputStep` call, read when the call is made. */
function recordRetryCounts(processor: QualityChecker): number[] {
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

describe('QualityChecker (001-quality-checker)', () => {
  it('the scripted answers straddle the 0.7 threshold (sanity check of the fixture)', async () => {
    expect(await evaluateQuality(BAD)).toBeLessThan(0.7);
    expect(await evaluateQuality(GOOD)).toBeGreaterThanOrEqual(0.7);
  });

  it('a low-quality step is replayed: the retried prompt ends with the rejected answer and a processor-retry reminder', async () => {
    const model = new ScriptedModel({ steps: [BAD, GOOD] });

    const result = await qualityAgent(model, 3).generate('Explain the French Revolution.');

    expect(model.calls).toHaveLength(2);
    const first = model.calls[0]?.prompt ?? [];
    const retried = model.calls[1]?.prompt ?? [];
    expect(retried.slice(0, first.length)).toEqual(first);
    expect(retried.slice(first.length)).toMatchObject([
      { role: 'assistant', content: [{ type: 'text', text: BAD }] },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: `<system-reminder reason="processor-retry" processor="quality-checker">${REASON}</system-reminder>`,
          },
        ],
      },
    ]);
    expect(result.text).toBe(GOOD);
    expect(result.tripwire).toBeUndefined();
  });

  it('retryCount increments per retry, and once it reaches 3 the checker lets the answer through', async () => {
    const checker = new QualityChecker();
    const retryCounts = recordRetryCounts(checker);
    const model = new ScriptedModel({ steps: () => BAD });

    const result = await qualityAgent(model, 3, checker).generate('Explain the French Revolution.');

    expect(retryCounts).toEqual([0, 1, 2, 3]);
    expect(model.calls).toHaveLength(4);
    expect(result.tripwire).toBeUndefined();
    expect(result.finishReason).toBe('stop');
    expect(result.text).toBe(BAD);
  });

  it('every retry carries exactly one reminder per rejected answer, in order', async () => {
    const model = new ScriptedModel({ steps: ['First try.', 'Second try.', GOOD] });

    await qualityAgent(model, 3).generate('Explain the French Revolution.');

    expect(model.calls).toHaveLength(3);
    const third = model.calls[2]?.prompt ?? [];
    const tail = third.slice(-4).map((m) => JSON.stringify(m.content));
    expect(tail[0]).toContain('First try.');
    expect(tail[1]).toContain('processor-retry');
    expect(tail[2]).toContain('Second try.');
    expect(tail[3]).toContain('processor-retry');
    expect(JSON.stringify(third).split('processor-retry').length - 1).toBe(2);
  });

  it('unset maxProcessorRetries disables step retries: the request ends with result.tripwire and finishReason "other"', async () => {
    const model = new ScriptedModel({ steps: [BAD, GOOD] });

    const result = await qualityAgent(model, undefined).generate('Explain the French Revolution.');

    expect(model.calls).toHaveLength(1);
    expect(result.finishReason).toBe('other');
    expect(result.tripwire).toMatchObject({
      reason: REASON,
      processorId: 'quality-checker',
      metadata: { score: await evaluateQuality(BAD) },
    });
    expect(result.text).toBe('');
  });
});
