/**
 * 001-per-call-token-limiter: `inputProcessors: [new TokenLimiter(2000)]` passed to `stream()`
 * replaces the agent's input processors for that call and holds the request to 2,000 tokens.
 * The example runs as written; the `agent` it imports from `helpers.ts` is swapped for one with
 * a scripted model (no provider is called).
 */
import { Agent } from 'sluice/agent';
import type { Processor } from 'sluice/processors';
import type { ChunkType, MastraModelOutput } from 'sluice/stream';
import { ScriptedModel } from 'sluice/test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

/** An agent-level input processor, so its absence from the call is visible. */
function agentLevel() {
  return { id: 'agent-level', processInputStep: vi.fn(() => undefined) } satisfies Processor;
}

/** Runs the example against `agent`; returns the stream it started. */
async function runExample(agent: Agent): Promise<MastraModelOutput> {
  const streamSpy = vi.spyOn(agent, 'stream');
  vi.doMock('./helpers.js', async (importOriginal) => ({ ...(await importOriginal<object>()), agent }));
  await import('./001-per-call-token-limiter.js');
  expect(streamSpy).toHaveBeenCalledTimes(1);
  return (await streamSpy.mock.results[0]?.value) as MastraModelOutput;
}

beforeEach(() => {
  vi.resetModules();
});

afterEach(() => {
  vi.doUnmock('./helpers.js');
  vi.restoreAllMocks();
});

describe('per-call TokenLimiter (001-per-call-token-limiter)', () => {
  it('the call runs with the TokenLimiter instead of the agent-level input processors', async () => {
    const model = new ScriptedModel({ steps: ['A summary.'] });
    const own = agentLevel();
    const agent = new Agent({
      id: 'example-agent',
      instructions: 'Summarize.',
      model,
      inputProcessors: [own],
    });

    const output = await runExample(agent);

    expect(await output.text).toBe('A summary.');
    expect(own.processInputStep).not.toHaveBeenCalled();
    expect(JSON.stringify(model.calls[0]?.prompt)).toContain('Summarize this');
  });

  it('the 2,000-token limit holds: instructions that alone exceed it end the stream with a tripwire', async () => {
    const model = new ScriptedModel({ steps: ['never sent'] });
    const agent = new Agent({
      id: 'example-agent',
      instructions: 'Follow the style guide closely. '.repeat(400),
      model,
    });

    const chunks: ChunkType[] = await collect((await runExample(agent)).fullStream);

    const tripwire = chunks.find((c) => c.type === 'tripwire');
    expect(tripwire?.type === 'tripwire' && tripwire.payload).toMatchObject({
      reason: expect.stringMatching(/^TokenLimiterProcessor: System messages alone exceed token limit/),
      processorId: 'token-limiter',
      metadata: { limit: 2000, systemTokens: expect.any(Number) },
    });
    expect(model.calls).toHaveLength(0);
  });
});
