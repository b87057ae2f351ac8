/**
 * RegexFilterProcessor matches the text as written and its normalised view (invisible
 * characters removed, NFKC, Latin look-alikes folded in tokens mixing them with ASCII), and
 * replaces the value as written, invisible characters inside it included.
 */
import { describe, expect, it } from 'vitest';
import { getMessageText } from '../../messages/message-text.js';
import { ChunkFrom, type ChunkType } from '../../stream/chunk-types.js';
import { createProcessorHarness, stepFinishChunk } from '../../test/processor-harness.js';
import { RegexFilterProcessor, type RegexFilterProcessorOptions } from './index.js';

const INVISIBLE = [
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u00ad',
  '\u202e',
  '\u{E0041}',
  '\ufe0f',
];

/** A value per preset rule, with the offsets an invisible character goes before. */
const VALUES: Array<{ rule: string; preset: 'pii' | 'secrets'; value: string; at: number[] }> = [
  { rule: 'email', preset: 'pii', value: 'jane.roe@gmail.com', at: [4, 12] },
  { rule: 'credit-card', preset: 'pii', value: '4111 1111 1111 1111', at: [2, 9, 16] },
  { rule: 'phone', preset: 'pii', value: '+44 20 7946 0958', at: [5, 12] },
  { rule: 'ssn', preset: 'pii', value: '536-22-1234', at: [1, 5] },
  { rule: 'api-key', preset: 'secrets', value: 'sk-proj-A1b2C3d4E5f6G7h8I9j0K1l2', at: [3, 20] },
];

function hide(value: string, at: readonly number[], ch: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) out += (at.includes(i) ? ch : '') + value.charAt(i);
  return out;
}

function chunk(type: string, payload: Record<string, unknown> = {}): ChunkType {
  return { type, runId: 'harness', from: ChunkFrom.AGENT, payload } as ChunkType;
}

function textOf(chunks: readonly ChunkType[]): string {
  return chunks.map((c) => (c.type === 'text-delta' ? c.payload.text : '')).join('');
}

async function redactedInput(options: RegexFilterProcessorOptions, text: string): Promise<string> {
  const h = createProcessorHarness(new RegexFilterProcessor({ strategy: 'redact', ...options }), {
    messages: text,
  });
  return getMessageText((await h.processInput()).messages[0]!);
}

describe('RegexFilterProcessor: invisible characters inside a value', () => {
  for (const v of VALUES) {
    it(`input: a ${v.rule} with an invisible character inside is replaced whole (each kind of invisible character)`, async () => {
      for (const ch of INVISIBLE) {
        const out = await redactedInput({ presets: [v.preset] }, `it is ${hide(v.value, v.at, ch)} ok`);
        expect(out, JSON.stringify(ch)).toBe('it is [REDACTED] ok');
      }
    });
  }

  it('block: a card number with a zero-width space inside ends the run', async () => {
    const h = createProcessorHarness(new RegexFilterProcessor({ presets: ['pii'] }), {
      messages: 'card 4111\u200b1111\u200b1111\u200b1111',
    });
    expect((await h.processInput()).tripwire?.processorId).toBe('regex-filter');
  });

  it('stream: values with invisible characters, split across chunks, are replaced whole and never go out', async () => {
    const h = createProcessorHarness(
      new RegexFilterProcessor({ presets: ['pii', 'secrets'], strategy: 'redact' }),
    );
    const pieces = [
      'mail jane',
      '\u200b.roe@gm',
      'ail.com, card 4111 11',
      '\u206011 1111 11\u200b',
      '11, key sk-proj-A1b2C3',
      '\u200dd4E5f6G7h8I9j0K1l2 bye',
    ];
    // The held tail waits across text-end (a next block may continue it); the step end releases it.
    const run = await h.processOutputStream([
      ...pieces,
      chunk('text-end', { id: 'text-1' }),
      stepFinishChunk(),
    ]);
    expect(textOf(run.chunks)).toBe('mail [REDACTED], card [REDACTED], key [REDACTED] bye');
    for (const c of run.chunks)
      if (c.type === 'text-delta') expect(c.payload.text).not.toMatch(/roe|gmail|\d{2}|A1b2/);
  });
});

describe('RegexFilterProcessor: full-width forms and look-alikes', () => {
  it('output: a full-width e-mail and card number are replaced in the result and in the stream', async () => {
    const text = 'mail ｊａｎｅ．ｒｏｅ＠ｇｍａｉｌ．ｃｏｍ card ４１１１ １１１１ １１１１ １１１１ end';
    const result = await createProcessorHarness(
      new RegexFilterProcessor({ presets: ['pii'], strategy: 'redact' }),
    ).processOutputResult({ text });
    expect(getMessageText(result.messages.at(-1)!)).toBe('mail [REDACTED] card [REDACTED] end');
    const h = createProcessorHarness(new RegexFilterProcessor({ presets: ['pii'], strategy: 'redact' }));
    const run = await h.processOutputStream([
      text.slice(0, 12),
      text.slice(12, 30),
      text.slice(30),
      chunk('text-end', { id: 'text-1' }),
      stepFinishChunk(),
    ]);
    expect(textOf(run.chunks)).toBe('mail [REDACTED] card [REDACTED] end');
  });

  it('a rule keyed on Latin letters matches a word mixing in Cyrillic look-alikes, not a Cyrillic word', async () => {
    const rules = [{ name: 'acme', pattern: /\bACME\b/g, replacement: '[ACME]' }];
    // "АСМЕ" below is all Cyrillic: a Russian word that merely looks Latin stays.
    expect(await redactedInput({ rules }, 'Компания АСМЕ сообщила')).toBe('Компания АСМЕ сообщила');
    // "AСME": Latin A, M, E with a Cyrillic С.
    expect(await redactedInput({ rules }, 'the AСME plan')).toBe('the [ACME] plan');
  });

  it('a rule that looks for an invisible character itself still matches the text as written', async () => {
    const rules = [{ name: 'zw', pattern: /\u200b/g, replacement: '<zw>' }];
    expect(await redactedInput({ rules }, 'a\u200bb')).toBe('a<zw>b');
  });
});
