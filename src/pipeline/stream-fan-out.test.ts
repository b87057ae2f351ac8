/**
 * Sluice's stream extension: one input chunk may yield several output chunks. A
 * `processOutputStream` hook returns an array (each element runs through the rest of the lane,
 * in order; `[]` drops the part), or emits later with `writer.emit()` (downstream of itself).
 */
import { Agent } from 'sluice/agent';
import type { Processor } from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel, streamOnly } from 'sluice/test';
import { describe, expect, it } from 'vitest';

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}
const texts = (chunks: readonly ChunkType[]) =>
  chunks.flatMap((c) => (c.type === 'text-delta' ? [c.payload.text] : []));

const splitter: Processor = {
  id: 'splitter',
  async processOutputStream({ part }) {
    if (part.type !== 'text-delta') return part;
    // Every delta becomes one chunk per character.
    return [...part.payload.text].map((ch) => ({ ...part, payload: { ...part.payload, text: ch } }));
  },
};

function agentWith(outputProcessors: Processor[], text: string[] = ['ab', 'cd']) {
  // Streamed by generate() too: these processors act on the deltas one by one.
  const model = streamOnly(new ScriptedModel({ steps: [{ text }] }));
  return new Agent({ id: 'a', instructions: 'x', model, outputProcessors: outputProcessors as never });
}

describe('processOutputStream returning an array', () => {
  it('emits every element in order, each through the processors after it', async () => {
    const seen: string[] = [];
    const after: Processor = {
      id: 'after',
      async processOutputStream({ part }) {
        if (part.type === 'text-delta') seen.push(part.payload.text);
        return part;
      },
    };
    const out = await agentWith([splitter, after]).stream('hi');
    const chunks = await collect(out.fullStream);
    expect(texts(chunks)).toEqual(['a', 'b', 'c', 'd']);
    expect(seen).toEqual(['a', 'b', 'c', 'd']);
    expect(await out.text).toBe('abcd');
  });

  it('an empty array drops the part', async () => {
    const dropAll: Processor = {
      id: 'drop',
      async processOutputStream({ part }) {
        return part.type === 'text-delta' ? [] : part;
      },
    };
    const result = await agentWith([dropAll]).generate('hi');
    expect(result.text).toBe('');
  });

  it('chunks released beside the closing finish go out before it', async () => {
    const holdUntilFinish: Processor = {
      id: 'hold',
      async processOutputStream({ part, state }) {
        if (part.type === 'text-delta') {
          state.held = `${(state.held as string | undefined) ?? ''}${part.payload.text}`;
          return null;
        }
        if (part.type === 'finish' && state.held) {
          const released = { type: 'data-held', data: state.held } as unknown as ChunkType;
          return [released, part];
        }
        return part;
      },
    };
    const chunks = await collect((await agentWith([holdUntilFinish]).stream('hi')).fullStream);
    const types = chunks.map((c) => c.type);
    expect(types.at(-1)).toBe('finish');
    expect(types.at(-2)).toBe('data-held');
  });

  it('an array element that is not a chunk is PROCESSOR_INVALID_RESULT naming the processor', async () => {
    const bad: Processor = {
      id: 'bad-array',
      async processOutputStream({ part }) {
        return part.type === 'text-delta' ? ([part, 'oops'] as never) : part;
      },
    };
    await expect(agentWith([bad]).generate('hi')).rejects.toMatchObject({
      code: 'PROCESSOR_INVALID_RESULT',
      processorId: 'bad-array',
    });
  });
});

describe('writer.emit() from a stream processor', () => {
  it('sends a chunk downstream of the caller only: later processors see it, earlier ones do not', async () => {
    const firstSaw: string[] = [];
    const lastSaw: string[] = [];
    const first: Processor = {
      id: 'first',
      async processOutputStream({ part }) {
        if (part.type === 'text-delta') firstSaw.push(part.payload.text);
        return part;
      },
    };
    const emitter: Processor = {
      id: 'emitter',
      async processOutputStream({ part, writer }) {
        if (part.type === 'text-delta' && part.payload.text === 'ab') {
          await writer?.emit?.({ ...part, payload: { ...part.payload, text: '+' } });
        }
        return part;
      },
    };
    const last: Processor = {
      id: 'last',
      async processOutputStream({ part }) {
        if (part.type === 'text-delta') lastSaw.push(part.payload.text);
        return part;
      },
    };
    const out = await agentWith([first, emitter, last]).stream('hi');
    expect(texts(await collect(out.fullStream))).toEqual(['+', 'ab', 'cd']);
    expect(firstSaw).toEqual(['ab', 'cd']);
    expect(lastSaw).toEqual(['+', 'ab', 'cd']);
  });

  it('is a no-op once the run has ended', async () => {
    let later: (() => Promise<void>) | undefined;
    const keeper: Processor = {
      id: 'keeper',
      async processOutputStream({ part, writer }) {
        later ??= () =>
          writer?.emit?.({
            ...part,
            type: 'text-delta',
            payload: { id: 't', text: 'late' },
          } as ChunkType) as Promise<void>;
        return part;
      },
    };
    const out = await agentWith([keeper]).stream('hi');
    const chunks = await collect(out.fullStream);
    await later?.();
    expect(texts(chunks)).toEqual(['ab', 'cd']);
    expect(await out.text).toBe('abcd');
  });
});

describe('the run end reaches stream processors', () => {
  it("hooks' abortSignal fires once the run has settled, even when it failed", async () => {
    const signals: AbortSignal[] = [];
    const watcher: Processor = {
      id: 'watcher',
      async processOutputStream({ part, abortSignal }) {
        if (abortSignal) signals.push(abortSignal);
        return part;
      },
    };
    const failing = new ScriptedModel({
      steps: [{ text: ['a', 'b'], errorAfterChunks: { after: 2, error: new Error('upstream broke') } }],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: failing,
      outputProcessors: [watcher as never],
      errorProcessorDefaults: false,
    });
    const out = await agent.stream('hi');
    const chunks = await collect(out.fullStream);
    expect(chunks.at(-1)?.type).toBe('error');
    expect(signals.length).toBeGreaterThan(0);
    expect(signals.every((s) => s.aborted)).toBe(true);
  });

  it('a tripwire raised by a later processor during a timer emit ends the run at its next chunk', async () => {
    let emitLater: (() => Promise<void>) | undefined;
    const timerLike: Processor = {
      id: 'timer-like',
      async processOutputStream({ part, writer }) {
        emitLater ??= async () => {
          await writer?.emit?.({
            ...part,
            type: 'text-delta',
            payload: { id: 't', text: 'SECRET' },
          } as ChunkType);
        };
        return part;
      },
    };
    const guard: Processor = {
      id: 'guard',
      async processOutputStream({ part, abort }) {
        if (part.type === 'text-delta' && part.payload.text === 'SECRET') abort('no secrets');
        if (part.type === 'text-delta' && part.payload.text === 'cd') await emitLater?.().catch(() => {});
        return part;
      },
    };
    const result = await agentWith([timerLike, guard], ['ab', 'cd', 'ef']).generate('hi');
    expect(result.tripwire?.reason).toBe('no secrets');
    expect(result.tripwire?.processorId).toBe('guard');
  });
});

describe("hooks' abortSignal follows the caller's", () => {
  it('fires with the caller’s reason when the caller aborts mid-run', async () => {
    const controller = new AbortController();
    let reason: unknown;
    const watcher: Processor = {
      id: 'watcher',
      async processOutputStream({ part, abortSignal }) {
        abortSignal?.addEventListener('abort', () => {
          reason ??= abortSignal.reason;
        });
        if (part.type === 'text-delta') controller.abort(new Error('user left'));
        return part;
      },
    };
    const out = await agentWith([watcher]).stream('hi', { abortSignal: controller.signal });
    await collect(out.fullStream);
    expect((reason as Error).message).toBe('user left');
  });
});
