/**
 * After an abort, finalization completes whatever the caller's callbacks and the processors'
 * `onViolation` do: they are awaited, but never past the abort signal (README, "Behaviour worth
 * knowing"). Each case parks one callback forever and checks the run still settles.
 */
import { describe, expect, it } from 'vitest';
import type { Processor } from '../pipeline/types.js';
import type { ChunkType } from '../stream/chunk-types.js';
import { ScriptedModel } from '../test/index.js';
import { Agent } from './agent.js';

const never = () => new Promise<void>(() => {});

/** Resolves with the value, or rejects when the run is still hanging after `ms`. */
function within<T>(promise: Promise<T>, ms = 1_000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms)),
  ]);
}

async function drain(stream: ReadableStream<ChunkType>): Promise<string[]> {
  const types: string[] = [];
  for await (const chunk of stream) types.push(chunk.type);
  return types;
}

const agentWith = (model: ScriptedModel, extra: Partial<ConstructorParameters<typeof Agent>[0]> = {}) =>
  new Agent({ id: 'a', instructions: 'x', model, ...extra });

describe('callbacks outside the abort race cannot hold an aborted run', () => {
  it('an onChunk that never settles on the terminal abort chunk: the run still ends aborted', async () => {
    const controller = new AbortController();
    const agent = agentWith(new ScriptedModel({ steps: [{ text: ['a', 'b', 'c'], delayMs: 20 }] }));
    const output = await agent.stream('hi', {
      abortSignal: controller.signal,
      onChunk: (chunk) => {
        if (chunk.type === 'text-delta') controller.abort(new Error('user left'));
        if (chunk.type === 'abort') return never();
      },
    });
    const [full, types] = await within(Promise.all([output.getFullOutput(), drain(output.fullStream)]));
    expect(output.status).toBe('aborted');
    expect(full.finishReason).toBe('abort');
    expect(types.at(-1)).toBe('abort');
  });

  it('an onFinish that never settles: an abort during it lets the run end', async () => {
    const controller = new AbortController();
    const agent = agentWith(new ScriptedModel({ steps: ['done'] }));
    const output = await agent.stream('hi', {
      abortSignal: controller.signal,
      onFinish: () => {
        setTimeout(() => controller.abort(new Error('user left')), 10);
        return never();
      },
    });
    const [full, types] = await within(Promise.all([output.getFullOutput(), drain(output.fullStream)]));
    // The answer was complete; the abort only stopped the wait for onFinish.
    expect(output.status).toBe('success');
    expect(full.text).toBe('done');
    expect(types.at(-1)).toBe('finish');
  });

  it('an onError that never settles: an abort during it lets the failed run end', async () => {
    const controller = new AbortController();
    const agent = agentWith(new ScriptedModel({ steps: [{ throwBeforeStream: new Error('HTTP 400') }] }), {
      errorProcessorDefaults: false,
    });
    const output = await agent.stream('hi', {
      abortSignal: controller.signal,
      onError: () => {
        setTimeout(() => controller.abort(new Error('user left')), 10);
        return never();
      },
    });
    const full = await within(output.getFullOutput());
    expect(output.status).toBe('failed');
    expect(full.error?.message).toContain('HTTP 400');
    expect(await within(drain(output.fullStream))).toContain('error');
  });

  it('an onAbort that never settles is called but not awaited', async () => {
    const controller = new AbortController();
    let called = 0;
    const agent = agentWith(new ScriptedModel({ steps: [{ text: ['a', 'b'], delayMs: 30 }] }));
    const output = await agent.stream('hi', {
      abortSignal: controller.signal,
      onAbort: () => {
        called++;
        return never();
      },
    });
    setTimeout(() => controller.abort(new Error('user left')), 10);
    const [, types] = await within(Promise.all([output.getFullOutput(), drain(output.fullStream)]));
    expect(output.status).toBe('aborted');
    expect(called).toBe(1);
    expect(types.at(-1)).toBe('abort');
  });

  it("a processor's onViolation that never settles: an abort during it lets the tripwire run end", async () => {
    const controller = new AbortController();
    const guard = {
      id: 'guard',
      processInput: ({ abort }) => abort('blocked'),
      onViolation: () => {
        setTimeout(() => controller.abort(new Error('user left')), 10);
        return never();
      },
    } satisfies Processor;
    const agent = agentWith(new ScriptedModel({ steps: ['never sent'] }), { inputProcessors: [guard] });
    const output = await agent.stream('hi', { abortSignal: controller.signal });
    const [full, types] = await within(Promise.all([output.getFullOutput(), drain(output.fullStream)]));
    expect(output.status).toBe('tripwire');
    expect(full.tripwire?.reason).toBe('blocked');
    expect(types.at(-1)).toBe('tripwire');
  });
});
