/**
 * What the stream hook holds and for how long: held text waits for the chunks that end its
 * block or step (other chunks pass it), and a match that keeps growing costs a bounded amount
 * per chunk instead of being rescanned from its start.
 */
import { describe, expect, it } from 'vitest';
import { ChunkFrom, type ChunkType } from '../../stream/chunk-types.js';
import {
  createProcessorHarness,
  finishChunk,
  stepFinishChunk,
  textDelta,
} from '../../test/processor-harness.js';
import { seededRandom } from '../../test/seeded-random.js';
import { RegexFilterProcessor, type RegexFilterRedactDetail } from './index.js';
import { scanCounter } from './matcher.js';

function chunk(type: string, payload: Record<string, unknown> = {}): ChunkType {
  return { type, runId: 'harness', from: ChunkFrom.AGENT, payload } as ChunkType;
}

const textOf = (chunks: readonly ChunkType[]) =>
  chunks.map((c) => (c.type === 'text-delta' ? c.payload.text : '')).join('');

const rawChunk = chunk('raw', { rawValue: { type: 'content_block_delta' } });
const dataChunk = chunk('data-progress', { percent: 50 });

describe('RegexFilterProcessor: held text is released only by chunks that end its block or step', () => {
  for (const [name, other] of [
    ['a raw chunk', rawChunk],
    ['a data-* chunk', dataChunk],
  ] as const) {
    it(`${name} between the pieces of a secret passes through; the secret stays held and is redacted whole`, async () => {
      const h = createProcessorHarness(
        new RegexFilterProcessor({ presets: ['secrets'], strategy: 'redact' }),
      );
      const run = await h.processOutputStream([
        'my key is sk-abcdef',
        other,
        'ghijklmnopqrstuvwxyz0123',
        ' ok',
        other,
        finishChunk(),
      ]);
      const text = textOf(run.chunks);
      expect(text).toBe('my key is [REDACTED] ok');
      expect(text).not.toContain('abcdef');
      // Both other chunks went out (passing the held text), the finish chunk last.
      expect(run.chunks.filter((c) => c === other)).toHaveLength(2);
      expect(run.chunks.at(-1)?.type).toBe('finish');
      // Offsets are those of the whole block: nothing was reset by the other chunk.
      const redactions = run.violations.flatMap((v) => (v.detail as RegexFilterRedactDetail).redactions);
      expect(redactions).toEqual([{ rule: 'api-key', index: 10, length: 33, replacement: '[REDACTED]' }]);
    });
  }

  it('neither a tool-call nor text-end releases held text (the next block may continue it); the step end does', async () => {
    const h = createProcessorHarness(new RegexFilterProcessor({ presets: ['secrets'], strategy: 'redact' }));
    const toolCall = chunk('tool-call', { toolCallId: 'c1', toolName: 'x', args: {} });
    const a = await h.processOutputStream(['key sk-abcdef', toolCall]);
    expect(a.chunks).toEqual([toolCall]);
    const b = await h.processOutputStream(['ghijklmnopqrstuvwxyz', chunk('text-end', { id: 'text-1' })]);
    expect(b.chunks).toEqual([]);
    const c = await h.processOutputStream([stepFinishChunk()]);
    expect(textOf(c.chunks)).toBe('key [REDACTED]');
    expect(c.chunks.map((x) => x.type)).toEqual(['text-delta', 'text-end', 'step-finish']);
  });

  for (const type of ['step-finish', 'finish', 'error', 'abort', 'tripwire'] as const) {
    it(`${type} releases held text first: [releasedTextDelta, ${type}]`, async () => {
      const h = createProcessorHarness(new RegexFilterProcessor({ presets: ['pii'], strategy: 'redact' }));
      await h.processOutputStream(['mail a@b.io']);
      const end =
        type === 'step-finish' ? stepFinishChunk() : type === 'finish' ? finishChunk() : chunk(type, {});
      const run = await h.processOutputStream([end]);
      expect(run.chunks).toEqual([
        {
          type: 'text-delta',
          runId: 'harness',
          from: 'AGENT',
          payload: { id: 'text-1', text: 'mail [REDACTED]' },
        },
        end,
      ]);
    });
  }
});

/** Characters scanned while streaming `pieces` (then `finish`) through a fresh filter. */
async function scanned(
  pieces: readonly string[],
  options: ConstructorParameters<typeof RegexFilterProcessor>[0] = {
    presets: ['pii', 'secrets', 'urls'],
    strategy: 'redact',
  },
): Promise<{ chars: number; maxPerChunk: number; out: string; chunksBeforeFinish: number }> {
  const h = createProcessorHarness(new RegexFilterProcessor(options));
  const before = scanCounter.chars;
  let maxPerChunk = 0;
  let out = '';
  let chunksBeforeFinish = 0;
  for (const piece of pieces) {
    const start = scanCounter.chars;
    const run = await h.processOutputStream([textDelta(piece)]);
    maxPerChunk = Math.max(maxPerChunk, scanCounter.chars - start);
    out += textOf(run.chunks);
    chunksBeforeFinish += run.chunks.length;
  }
  out += textOf((await h.processOutputStream([finishChunk()])).chunks);
  return { chars: scanCounter.chars - before, maxPerChunk, out, chunksBeforeFinish };
}

const HEADER = '-----BEGIN RSA PRIVATE KEY-----\n';

function keyStream(deltas: number, end = false): string[] {
  const pieces = ['Here: ', HEADER];
  for (let i = 0; i < deltas; i++) pieces.push('MIIEow');
  if (end) pieces.push('\n-----END RSA PRIVATE KEY-----', '\nafter the key ', 'a@b.io', ' done');
  return pieces;
}

describe('RegexFilterProcessor stream cost stays linear while a match keeps growing', () => {
  it('a private key without its END line: doubling the stream doubles the work, and no key material leaks', async () => {
    const small = await scanned(keyStream(2000));
    const large = await scanned(keyStream(4000));
    expect(large.chars / small.chars).toBeLessThan(2.5);
    // Bounded per chunk, however long the key is.
    expect(large.maxPerChunk).toBeLessThan(2000);
    expect(small.out).toBe('Here: [REDACTED]');
    expect(large.out).toBe('Here: [REDACTED]');
    // The replacement reaches the client while the key is still streaming.
    expect(large.chunksBeforeFinish).toBeGreaterThan(0);
  });

  it('a private key with its END line: the key is one redaction, text after it streams and is checked', async () => {
    const result = await scanned(keyStream(3000, true));
    expect(result.out).toBe('Here: [REDACTED]\nafter the key [REDACTED] done');
    expect(result.maxPerChunk).toBeLessThan(2000);
  });

  it('a long URL in 4-character pieces: linear work, one replacement', async () => {
    const url = (n: number) => ['see https://example.com/', ...Array<string>(n).fill('abcd'), ' done.'];
    const small = await scanned(url(2000));
    const large = await scanned(url(4000));
    expect(large.chars / small.chars).toBeLessThan(2.5);
    expect(large.maxPerChunk).toBeLessThan(2000);
    expect(small.out).toBe('see [REDACTED] done.');
    expect(large.out).toBe('see [REDACTED] done.');
  });

  it('a match that outgrows the hold is reported once, with its whole length and offset', async () => {
    const h = createProcessorHarness(
      new RegexFilterProcessor({ presets: ['urls'], strategy: 'redact', includeRedactedValues: true }),
    );
    const url = `https://example.com/${'x'.repeat(3000)}`;
    const pieces: string[] = ['go to '];
    for (let i = 0; i < url.length; i += 5) pieces.push(url.slice(i, i + 5));
    const run = await h.processOutputStream([...pieces, ' now', finishChunk()]);
    expect(textOf(run.chunks)).toBe('go to [REDACTED] now');
    const redactions = run.violations.flatMap((v) => (v.detail as RegexFilterRedactDetail).redactions);
    expect(redactions).toEqual([
      { rule: 'url', index: 6, length: url.length, replacement: '[REDACTED]', value: url },
    ]);
  });

  it('warn: a growing match is reported once and chunks still pass at once, in linear work', async () => {
    const reported: unknown[] = [];
    const small = await scanned(keyStream(2000), { presets: ['secrets'], strategy: 'warn' });
    const large = await scanned(keyStream(4000), { presets: ['secrets'], strategy: 'warn' });
    expect(large.chars / small.chars).toBeLessThan(2.5);
    expect(large.out).toBe(keyStream(4000).join(''));
    const filter = new RegexFilterProcessor({ presets: ['secrets'], strategy: 'warn' });
    filter.onViolation = (v) => {
      reported.push(v.detail);
    };
    const h = createProcessorHarness(filter);
    await h.processOutputStream([...keyStream(1000).map((p) => textDelta(p)), finishChunk()]);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatchObject({ matches: [{ rule: 'private-key', index: 6, length: 32 + 6000 }] });
  });
});

describe('RegexFilterProcessor: a match longer than the hold is still redacted whole', () => {
  const rules = [{ name: 'account', pattern: /ACCT:[A-Z]+(?:-\d+)*/ }];
  const cases: Array<[string, string]> = [
    ['api key', `key sk-${'Ab9_'.repeat(300)} then more text here`],
    ['url', `see https://example.com/${'path/'.repeat(300)}?q=1. Next sentence.`],
    [
      'private key with END',
      `x -----BEGIN PRIVATE KEY-----\n${'MIIEvQIBADANBgkq\n'.repeat(80)}-----END PRIVATE KEY----- y`,
    ],
    // Its first and last characters no longer match as one (the letters-then-numbers shape is
    // lost in the middle): the match is followed to the next space.
    ['a rule whose middle matters', `acct ACCT:${'X'.repeat(300)}${'-12'.repeat(300)} end`],
  ];
  for (const [name, text] of cases) {
    it(`${name}: random small pieces, small carry-over — output equals the whole text's redaction, nothing leaks`, async () => {
      const whole = createProcessorHarness(
        new RegexFilterProcessor({ rules, presets: ['secrets', 'urls'], strategy: 'redact' }),
        {
          messages: text,
        },
      );
      const part = (await whole.processInput()).messages[0]?.content.parts[0];
      const expected = part?.type === 'text' ? part.text : '';
      const random = seededRandom(7);
      for (const carry of [32, 64, 128, 300]) {
        const pieces: string[] = [];
        for (let i = 0; i < text.length; ) {
          const n = 1 + Math.floor(random() * 9);
          pieces.push(text.slice(i, i + n));
          i += n;
        }
        const h = createProcessorHarness(
          new RegexFilterProcessor({
            rules,
            presets: ['secrets', 'urls'],
            strategy: 'redact',
            streamCarryoverSize: carry,
          }),
        );
        const run = await h.processOutputStream([...pieces, stepFinishChunk()]);
        const out = textOf(run.chunks);
        expect(out, `carry ${carry}`).toBe(expected);
        for (const secret of ['Ab9_Ab9_', 'path/path/', 'MIIEvQIB', 'XXXXXX', '-12-12'])
          expect(out, `carry ${carry}`).not.toContain(secret);
      }
    });
  }
});
