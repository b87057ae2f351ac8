/**
 * Preset recall on real-world formats, private keys longer than
 * the carry-over, and chunk boundaries never splitting a surrogate pair.
 */
import { describe, expect, it } from 'vitest';
import type { ChunkType } from '../../stream/chunk-types.js';
import { createProcessorHarness, finishChunk, textDelta } from '../../test/processor-harness.js';
import { RegexFilterProcessor } from './index.js';

/** Lone surrogates become U+FFFD (Node 20+; not in the compile target's lib yet). */
declare global {
  interface String {
    toWellFormed(): string;
  }
}

const textOf = (chunks: readonly ChunkType[]) =>
  chunks.map((c) => (c.type === 'text-delta' ? c.payload.text : '')).join('');

async function redact(text: string, presets: Array<'pii' | 'secrets' | 'urls'>): Promise<string> {
  const h = createProcessorHarness(new RegexFilterProcessor({ presets, strategy: 'redact' }), {
    messages: text,
  });
  const run = await h.processInput();
  const part = run.messages[0]?.content.parts[0];
  return part?.type === 'text' ? part.text : '';
}

describe('RegexFilterProcessor presets on real-world formats', () => {
  it('pii: international numbers with one-digit groups or a trunk prefix in parentheses are phones', async () => {
    expect(await redact('Paris: +33 1 42 68 53 00.', ['pii'])).toBe('Paris: [REDACTED].');
    expect(await redact('Berlin: +49 (0) 30 123456', ['pii'])).toBe('Berlin: [REDACTED]');
    // Still not phones: versions, IPs, dates.
    expect(await redact('v1.2.3.4 at 192.168.100.200 on 2024-01-15', ['pii'])).toBe(
      'v1.2.3.4 at 192.168.100.200 on 2024-01-15',
    );
  });

  it('secrets: env-style assignments with a prefix (DB_PASSWORD=, AWS_SECRET_ACCESS_KEY=, STRIPE_SECRET_KEY=)', async () => {
    const env = [
      'DB_PASSWORD=hunter2222',
      'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      'STRIPE_SECRET_KEY="abcd1234efgh"',
      'MY_API_KEY: zzzz9999',
    ].join('\n');
    const out = await redact(env, ['secrets']);
    expect(out).toBe(
      [
        'DB_PASSWORD=[REDACTED]',
        'aws_secret_access_key = [REDACTED]',
        'STRIPE_SECRET_KEY="[REDACTED]"',
        'MY_API_KEY: [REDACTED]',
      ].join('\n'),
    );
    // Not assignments of a secret.
    expect(await redact('max_tokens: 1000, keyboard=qwerty', ['secrets'])).toBe(
      'max_tokens: 1000, keyboard=qwerty',
    );
  });

  it('secrets: PGP private key blocks and a private key with no END line are redacted', async () => {
    expect(
      await redact('-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQOYBF\n-----END PGP PRIVATE KEY BLOCK-----', [
        'secrets',
      ]),
    ).toBe('[REDACTED]');
    expect(await redact('key: -----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7', ['secrets'])).toBe(
      'key: [REDACTED]',
    );
  });
});

describe('RegexFilterProcessor streaming across chunk boundaries', () => {
  it('a private key longer than streamCarryoverSize, streamed in small chunks, never leaks', async () => {
    const body = Array.from(
      { length: 30 },
      (_, i) => `MIIEowIBAAKCAQEA${String(i).padStart(2, '0')}abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ`,
    ).join('\n');
    const key = `-----BEGIN RSA PRIVATE KEY-----\n${body}\n-----END RSA PRIVATE KEY-----`;
    const text = `Here it is:\n${key}\nDone.`;
    const pieces: string[] = [];
    for (let i = 0; i < text.length; i += 7) pieces.push(text.slice(i, i + 7));
    const h = createProcessorHarness(new RegexFilterProcessor({ presets: ['secrets'], strategy: 'redact' }));
    const run = await h.processOutputStream([...pieces, finishChunk()]);
    const out = textOf(run.chunks);
    expect(out).toBe('Here it is:\n[REDACTED]\nDone.');
  });

  it('a cut never splits a surrogate pair: every released chunk is well-formed', async () => {
    // No spaces (CJK-like prose with emoji), so the word rule cannot move the cut.
    const text = '日本語😀'.repeat(80);
    for (const carry of [0, 1, 5, 128]) {
      const h = createProcessorHarness(
        new RegexFilterProcessor({ presets: ['pii'], strategy: 'redact', streamCarryoverSize: carry }),
      );
      const pieces: string[] = [];
      for (let i = 0; i < text.length; i += 3) pieces.push(text.slice(i, i + 3)); // splits pairs
      const run = await h.processOutputStream([...pieces, finishChunk()]);
      const deltas = run.chunks.filter((c) => c.type === 'text-delta');
      expect(deltas.map((c) => (c.type === 'text-delta' ? c.payload.text : '')).join('')).toBe(text);
      for (const c of deltas) {
        if (c.type === 'text-delta')
          expect(c.payload.text.toWellFormed(), `carry ${carry}`).toBe(c.payload.text);
      }
    }
  });

  it('interleaved text ids keep their own carry-over', async () => {
    const h = createProcessorHarness(new RegexFilterProcessor({ presets: ['secrets'], strategy: 'redact' }));
    const run = await h.processOutputStream([
      textDelta('a: sk-proj-AAAA', 'a'),
      textDelta('b: plain ', 'b'),
      textDelta('BBBBCCCCDDDDEEEEFFFF end', 'a'),
      textDelta('words', 'b'),
      finishChunk(),
    ]);
    const byId = (id: string) =>
      run.chunks.map((c) => (c.type === 'text-delta' && c.payload.id === id ? c.payload.text : '')).join('');
    expect(byId('a')).toBe('a: [REDACTED] end');
    expect(byId('b')).toBe('b: plain words');
  });
});
