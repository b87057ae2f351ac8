/**
 * The stream hold-back window: no unchecked text reaches the client, a match split across
 * chunks is redacted or blocked whole, nothing overtakes held text, and the check runs per
 * window, never per chunk.
 */
import { ModerationProcessor, type Processor } from 'sluice/processors';
import { createStreamWindow, type StreamWindowCheck } from 'sluice/processors/authoring';
import { ChunkFrom, type ChunkType } from 'sluice/stream';
import { createProcessorHarness, finishChunk, seededRandom, stepFinishChunk, textDelta } from 'sluice/test';
import { describe, expect, inject, it } from 'vitest';

const SECRET = /sk-[A-Za-z0-9]{16,}|[a-z]+\.[a-z]+@example\.com/g;

/** An offline check redacting every SECRET match it sees whole. */
const redactSecrets: StreamWindowCheck = (text) => {
  const spans = [...text.matchAll(SECRET)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    replacement: '[REDACTED]',
  }));
  return spans.length > 0 ? { action: 'redact', spans } : { action: 'release' };
};

function windowProcessor(check: StreamWindowCheck, windowChars?: number, overlapChars?: number) {
  const window = createStreamWindow({ check, windowChars, overlapChars, processorId: 'test-window' });
  const processor: Processor = {
    id: 'test-window',
    processOutputStream: (args) => window.process(args),
  };
  return { window, processor };
}

const textOf = (chunks: readonly ChunkType[]) =>
  chunks.map((c) => (c.type === 'text-delta' ? c.payload.text : '')).join('');

function chunkRandomly(text: string, random: () => number, max: number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; ) {
    const n = 1 + Math.floor(random() * max);
    pieces.push(text.slice(i, i + n));
    i += n;
  }
  return pieces;
}

function randomText(random: () => number): string {
  const words = ['the', 'answer', 'is', 'here', 'and', 'your', 'token', 'reads', 'contact', 'ok', '\n'];
  const parts: string[] = [];
  const n = 20 + Math.floor(random() * 80);
  for (let i = 0; i < n; i++) {
    const r = random();
    if (r < 0.06) {
      let key = 'sk-';
      const len = 16 + Math.floor(random() * 60);
      for (let k = 0; k < len; k++)
        key += 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEF'[Math.floor(random() * 42)];
      parts.push(key);
    } else if (r < 0.1) {
      parts.push('jane.doe@example.com');
    } else parts.push(words[Math.floor(random() * words.length)] as string);
  }
  return parts.join(random() < 0.5 ? ' ' : '  ');
}

/** Seeded cases: SLUICE_PROPERTY_RUNS, or the full 60 with CI set (vitest.config.ts). */
const SEEDS = inject('propertyRuns') ?? 60;

describe('stream window: random chunkings of texts with secrets (property)', () => {
  for (const [windowChars, overlapChars] of [
    [undefined, undefined],
    [40, 20],
    [24, 23],
    [200, 80],
  ] as const) {
    it(`window ${windowChars ?? 'default'}/${overlapChars ?? 'default'}: output never holds an unredacted secret and equals the redacted text`, async () => {
      for (let seed = 1; seed <= SEEDS; seed++) {
        const random = seededRandom(seed * 7919 + (windowChars ?? 0));
        const text = randomText(random);
        const expected = text.replace(SECRET, '[REDACTED]');
        const { processor } = windowProcessor(redactSecrets, windowChars, overlapChars);
        const h = createProcessorHarness(processor);
        const pieces = chunkRandomly(text, random, 1 + Math.floor(random() * 30));
        const run = await h.processOutputStream([...pieces.map((p) => textDelta(p)), finishChunk()]);
        const out = textOf(run.chunks);
        // Every prefix the client saw is a prefix of the redacted text: nothing unchecked leaked.
        let seen = '';
        for (const chunk of run.chunks) {
          if (chunk.type !== 'text-delta') continue;
          seen += chunk.payload.text;
          expect(expected.startsWith(seen), `seed ${seed}`).toBe(true);
        }
        expect(out, `seed ${seed}`).toBe(expected);
        expect(out.match(/sk-[A-Za-z0-9]{4}/), `seed ${seed}`).toBeNull();
        expect(out).not.toContain('jane.doe@');
        expect(run.chunks.at(-1)?.type).toBe('finish');
      }
    });
  }

  it('a block verdict on a secret split across chunks ends the run before any of it is released', async () => {
    for (let seed = 1; seed <= 30; seed++) {
      const random = seededRandom(seed);
      const text = `${'hello world '.repeat(Math.floor(random() * 30))}my key sk-ABCDEFGHIJKLMNOPQRSTUV and more`;
      const { processor } = windowProcessor((t) =>
        /sk-[A-Za-z0-9]{16,}/.test(t)
          ? { action: 'block', reason: 'secret', metadata: { kind: 'key' } }
          : null,
      );
      const h = createProcessorHarness(processor);
      const run = await h.processOutputStream([
        ...chunkRandomly(text, random, 7).map((p) => textDelta(p)),
        finishChunk(),
      ]);
      expect(run.tripwire).toMatchObject({
        reason: 'secret',
        metadata: { kind: 'key' },
        processorId: 'test-window',
      });
      expect(textOf(run.chunks)).not.toContain('sk-A');
    }
  });
});

describe('stream window: when the check runs and what it sees', () => {
  it('runs per window, not per chunk: 600 one-character chunks cost a handful of checks', async () => {
    const seen: Array<{ length: number; final: boolean; contextLength: number }> = [];
    const { window, processor } = windowProcessor(
      (text, info) => {
        seen.push({ length: text.length, final: info.final, contextLength: info.contextLength });
        return null;
      },
      100,
      20,
    );
    const h = createProcessorHarness(processor);
    const text = 'abcd '.repeat(120);
    const run = await h.processOutputStream([...text].map((c) => textDelta(c)).concat([finishChunk()]));
    expect(textOf(run.chunks)).toBe(text);
    // ceil((600 - 100) / 80) + 1 window checks plus one final check.
    expect(window.checkCount).toBeLessThanOrEqual(9);
    expect(seen.at(-1)?.final).toBe(true);
    expect(seen.slice(0, -1).every((s) => !s.final)).toBe(true);
    // Later windows see up to overlapChars of decided text as left context.
    expect(seen[1]?.contextLength).toBeGreaterThan(0);
    expect(seen[1]?.contextLength).toBeLessThanOrEqual(20);
  });

  it('holds the first text until a window is full, then releases all but the overlap; the tail waits past text-end', async () => {
    const { processor } = windowProcessor(() => null, 20, 8);
    const h = createProcessorHarness(processor);
    const first = await h.processOutputStream([textDelta('0123456789')]);
    expect(first.chunks).toEqual([]);
    const second = await h.processOutputStream([textDelta('abcdefghij')]);
    expect(textOf(second.chunks)).toBe('0123456789ab');
    // The next block may continue the value in the tail: text-end waits behind it.
    const end = await h.processOutputStream([
      { type: 'text-end', runId: 'r', from: ChunkFrom.AGENT, payload: { id: 'text-1' } },
    ]);
    expect(end.chunks).toEqual([]);
    const finish = await h.processOutputStream([stepFinishChunk()]);
    expect(textOf(finish.chunks)).toBe('cdefghij');
    expect(finish.chunks.map((c) => c.type)).toEqual(['text-delta', 'text-end', 'step-finish']);
  });

  it('a redaction inside the overlap is applied exactly once', async () => {
    // The secret sits in the held tail of window 1 and in the context of window 2.
    const { processor } = windowProcessor(redactSecrets, 30, 25);
    const h = createProcessorHarness(processor);
    const text = 'abc sk-0123456789abcdefXYZ tail text that goes on and on for a while';
    const run = await h.processOutputStream([
      ...text.match(/.{1,3}/g)!.map((p) => textDelta(p)),
      stepFinishChunk(),
    ]);
    expect(textOf(run.chunks)).toBe('abc [REDACTED] tail text that goes on and on for a while');
  });

  it('drop removes the unreleased text (filter strategies)', async () => {
    const { processor } = windowProcessor((t) => (t.includes('BAD') ? { action: 'drop' } : null), 10, 2);
    const h = createProcessorHarness(processor);
    const run = await h.processOutputStream(['good text ', 'still good ', 'BAD BAD ', 'fine', finishChunk()]);
    expect(textOf(run.chunks)).not.toContain('BAD');
  });
});

describe('stream window: order and boundaries', () => {
  const toolCall: ChunkType = {
    type: 'tool-call',
    runId: 'r',
    from: ChunkFrom.AGENT,
    payload: { toolCallId: 'c1', toolName: 'lookup', args: {} },
  } as ChunkType;

  it('another chunk never overtakes held text: it goes out right after the text before it', async () => {
    const { processor } = windowProcessor(redactSecrets, 50, 10);
    const h = createProcessorHarness(processor);
    const run = await h.processOutputStream([
      'before the call ',
      toolCall,
      'after sk-abcdefghijklmnopqrstu',
      stepFinishChunk(),
    ]);
    const kinds = run.chunks.map((c) => (c.type === 'text-delta' ? `t:${c.payload.text}` : c.type));
    expect(kinds).toEqual(['t:before the call ', 'tool-call', 't:after [REDACTED]', 'step-finish']);
  });

  it('with nothing held, other chunks pass through as the same object', async () => {
    const { processor } = windowProcessor(() => null);
    const h = createProcessorHarness(processor);
    const run = await h.processOutputStream([toolCall]);
    expect(run.chunks).toEqual([toolCall]);
    expect(run.chunks[0]).toBe(toolCall);
  });

  it('held text is dropped, never released, on tripwire / abort chunks', async () => {
    const { processor } = windowProcessor(() => null, 100, 10);
    const h = createProcessorHarness(processor);
    const tripwire = {
      type: 'tripwire',
      runId: 'r',
      from: ChunkFrom.AGENT,
      payload: { reason: 'x', processorId: 'p' },
    } as ChunkType;
    const run = await h.processOutputStream(['unchecked text', tripwire]);
    expect(textOf(run.chunks)).toBe('');
    expect(run.chunks).toEqual([tripwire]);
  });

  it('text blocks that follow each other are one text: a secret split across them is redacted whole', async () => {
    const { processor } = windowProcessor(redactSecrets, 100, 10);
    const h = createProcessorHarness(processor);
    const end = (id: string) =>
      ({ type: 'text-end', runId: 'r', from: ChunkFrom.AGENT, payload: { id } }) as ChunkType;
    const run = await h.processOutputStream([
      textDelta('a: sk-aaaaaaaa', 'a'),
      end('a'),
      textDelta('aaaaaaaa rest', 'b'),
      end('b'),
      stepFinishChunk(),
    ]);
    // The replacement goes out in the first block; each piece keeps its own id.
    expect(
      run.chunks.map((c) => (c.type === 'text-delta' ? `${c.payload.id}:${c.payload.text}` : c.type)),
    ).toEqual(['a:a: [REDACTED]', 'text-end', 'b: rest', 'text-end', 'step-finish']);
  });

  it('interleaved blocks: text of a later block never goes out ahead of held text of an earlier one', async () => {
    const { processor } = windowProcessor(redactSecrets, 40, 10);
    const h = createProcessorHarness(processor);
    const end = (id: string) =>
      ({ type: 'text-end', runId: 'r', from: ChunkFrom.AGENT, payload: { id } }) as ChunkType;
    const run = await h.processOutputStream([
      textDelta('first block starts with sk-ABCDEF', 'a'),
      textDelta('second block, fully ', 'b'),
      textDelta('GHIJKLMNOPQRSTUV then ends', 'a'),
      end('a'),
      textDelta('separate text', 'b'),
      end('b'),
      stepFinishChunk(),
    ]);
    const out = run.chunks.map((c) =>
      c.type === 'text-delta' ? `${c.payload.id}:${c.payload.text}` : c.type,
    );
    expect(out.join('|')).not.toContain('sk-A');
    // Arrival order is kept: a's first piece, b's first piece, a's rest, a's end, b's rest, b's end.
    expect(out.join('')).toBe(
      'a:first block starts with [REDACTED]b:second block, fully a: then endstext-endb:separate texttext-endstep-finish',
    );
  });

  it('rejects bad window options with a clear error', () => {
    const errorOf = (make: () => unknown) => {
      try {
        make();
      } catch (error) {
        return error as { code?: string; message: string; details?: unknown };
      }
      throw new Error('expected an error');
    };
    const overlap = errorOf(() =>
      createStreamWindow({ check: () => null, windowChars: 10, overlapChars: 10, processorId: 'mine' }),
    );
    expect(overlap).toMatchObject({
      code: 'PROCESSOR_INVALID_OPTIONS',
      details: { processor: 'mine', option: 'stream.overlapChars' },
    });
    expect(overlap.message).toMatch(
      /^mine: stream.overlapChars must be an integer from 0 to windowChars - 1 \(9\)/,
    );
    expect(errorOf(() => createStreamWindow({ check: () => null, windowChars: 0 }))).toMatchObject({
      details: { option: 'stream.windowChars' },
    });
    expect(errorOf(() => createStreamWindow({ check: 'nope' as never }))).toMatchObject({
      details: { option: 'check' },
    });
    // A processor's stream options are checked at its construction.
    expect(() => new ModerationProcessor({ stream: { windowChars: -5 } })).toThrow(
      /moderation: stream.windowChars/,
    );
  });
});

describe('stream window: tool-call input', () => {
  const envelope = { runId: 'r', from: ChunkFrom.AGENT };
  const start = (id: string) =>
    ({
      type: 'tool-call-input-streaming-start',
      ...envelope,
      payload: { toolCallId: id, toolName: 't' },
    }) as ChunkType;
  const delta = (id: string, text: string) =>
    ({ type: 'tool-call-delta', ...envelope, payload: { toolCallId: id, argsTextDelta: text } }) as ChunkType;
  const end = (id: string) =>
    ({ type: 'tool-call-input-streaming-end', ...envelope, payload: { toolCallId: id } }) as ChunkType;
  const call = (id: string, args: Record<string, unknown> | undefined) =>
    ({ type: 'tool-call', ...envelope, payload: { toolCallId: id, toolName: 't', args } }) as ChunkType;

  /** Stream `input` in 5-character deltas, then the call with `args` (parsed unless given). */
  function callChunks(input: string, args?: Record<string, unknown>): ChunkType[] {
    const parsed =
      args ??
      (() => {
        try {
          return JSON.parse(input) as Record<string, unknown>;
        } catch {
          return undefined;
        }
      })();
    return [
      start('c'),
      ...(input.match(/[\s\S]{1,5}/g) ?? []).map((p) => delta('c', p)),
      end('c'),
      call('c', parsed),
    ];
  }

  const inputOf = (chunks: readonly ChunkType[]) =>
    chunks.map((c) => (c.type === 'tool-call-delta' ? c.payload.argsTextDelta : '')).join('');
  const argsOf = (chunks: readonly ChunkType[]) =>
    chunks.flatMap((c) => (c.type === 'tool-call' ? [c.payload.args] : []))[0];

  it('nothing of a call goes out before the call is complete; a clean call goes out as it came', async () => {
    const { processor } = windowProcessor(redactSecrets);
    const h = createProcessorHarness(processor);
    const chunks = callChunks(JSON.stringify({ q: 'plain text' }));
    const held = await h.processOutputStream(chunks.slice(0, -1));
    expect(held.chunks).toEqual([]);
    const done = await h.processOutputStream(chunks.slice(-1));
    expect(done.chunks).toEqual(chunks);
  });

  it('redaction lands inside string values, keys and numbers at any depth, and keeps valid JSON', async () => {
    const { processor } = windowProcessor(redactSecrets);
    const h = createProcessorHarness(processor);
    let deep: unknown = 'sk-DEEPDEEPDEEPDEEP12';
    for (let i = 0; i < 500; i++) deep = [deep];
    const args = {
      'sk-KEYKEYKEYKEYKEYKEY1': 1,
      list: ['ok', { token: 'x sk-ABCDEFGHIJKLMNOPQRST y' }],
      n: 42,
      deep,
    };
    const run = await h.processOutputStream(callChunks(JSON.stringify(args)));
    const shown = JSON.parse(inputOf(run.chunks));
    expect(argsOf(run.chunks)).toEqual(shown);
    expect(inputOf(run.chunks)).not.toMatch(/sk-[A-Z]/);
    expect(shown.list).toEqual(['ok', { token: 'x [REDACTED] y' }]);
    expect(shown['[REDACTED]']).toBe(1);
    expect(shown.n).toBe(42);
    // One delta carries the whole redacted input, where the first delta was.
    expect(run.chunks.map((c) => c.type)).toEqual([
      'tool-call-input-streaming-start',
      'tool-call-delta',
      'tool-call-input-streaming-end',
      'tool-call',
    ]);
  });

  it('an object the arguments reference twice is redacted on both paths', async () => {
    const { processor } = windowProcessor(redactSecrets);
    const h = createProcessorHarness(processor);
    const shared = { token: 'sk-ABCDEFGHIJKLMNOPQRST' };
    const run = await h.processOutputStream([call('c', { a: shared, b: shared })]);
    expect(argsOf(run.chunks)).toEqual({ a: { token: '[REDACTED]' }, b: { token: '[REDACTED]' } });
  });

  it('input that is not JSON is checked and redacted as text; the call keeps no arguments', async () => {
    const { processor } = windowProcessor(redactSecrets);
    const h = createProcessorHarness(processor);
    const run = await h.processOutputStream(callChunks('{"a": "sk-ABCDEFGHIJKLMNOPQRST'));
    expect(inputOf(run.chunks)).toBe('{"a": "[REDACTED]');
    expect(argsOf(run.chunks)).toBeUndefined();
  });

  it('streamed text that differs from the arguments is checked too', async () => {
    const { processor } = windowProcessor(redactSecrets);
    const h = createProcessorHarness(processor);
    const run = await h.processOutputStream(
      callChunks('{"a": "sk-ABCDEFGHIJKLMNOPQRST"}', { a: 'something else' }),
    );
    expect(inputOf(run.chunks)).not.toContain('sk-A');
    expect(argsOf(run.chunks)).toEqual({ a: 'something else' });
  });

  it('a drop verdict blocks the call: no chunk of it goes out', async () => {
    const { processor } = windowProcessor((t, info) =>
      info.kind === 'tool-input' && t.includes('bad') ? { action: 'drop' } : null,
    );
    const h = createProcessorHarness(processor);
    const run = await h.processOutputStream(callChunks(JSON.stringify({ q: 'bad' })));
    expect(run.tripwire?.reason).toMatch(/test-window flagged the input of tool call "t" \(c\)/);
    expect(run.chunks.filter((c) => c.type.startsWith('tool-'))).toEqual([]);
  });

  it('text before a tool call gets its final check and goes out ahead of the call', async () => {
    const { processor } = windowProcessor(redactSecrets, 100, 20);
    const h = createProcessorHarness(processor);
    const run = await h.processOutputStream(['short text ', ...callChunks('{}')]);
    expect(run.chunks.map((c) => c.type)).toEqual([
      'text-delta',
      'tool-call-input-streaming-start',
      'tool-call-delta',
      'tool-call-input-streaming-end',
      'tool-call',
    ]);
  });
});
