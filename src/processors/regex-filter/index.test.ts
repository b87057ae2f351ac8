import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../errors/configuration-error.js';
import { getMessageText } from '../../messages/message-text.js';
import { ChunkFrom, type ChunkType } from '../../stream/chunk-types.js';
import {
  createProcessorHarness,
  finishChunk,
  stepFinishChunk,
  textDelta,
} from '../../test/processor-harness.js';
import {
  RegexFilterProcessor,
  type RegexFilterProcessorOptions,
  type RegexFilterRedactDetail,
  type RegexFilterTripwireMetadata,
  type RegexFilterWarnDetail,
} from './index.js';

const SECRET = 'sk-proj-A1b2C3d4E5f6G7h8I9j0K1l2';

function chunk(type: string, payload: Record<string, unknown> = {}): ChunkType {
  return { type, runId: 'harness', from: ChunkFrom.AGENT, payload } as ChunkType;
}

/** Concatenated text of the text-delta chunks among `chunks`. */
function textOf(chunks: readonly ChunkType[]): string {
  return chunks.map((c) => (c.type === 'text-delta' ? c.payload.text : '')).join('');
}

function filter(options: RegexFilterProcessorOptions): RegexFilterProcessor {
  return new RegexFilterProcessor(options);
}

describe('RegexFilterProcessor options are validated in the constructor', () => {
  const cases: Array<[string, unknown, string]> = [
    [
      'a pattern that matches the empty string',
      { rules: [{ name: 'any', pattern: /x*/ }] },
      'rules[0].pattern',
    ],
    ['a pattern that is not a RegExp', { rules: [{ name: 's', pattern: 'sk-' }] }, 'rules[0].pattern'],
    ['a rule without a name', { rules: [{ pattern: /x/ }] }, 'rules[0].name'],
    [
      'a replacement that is not a string',
      { rules: [{ name: 'r', pattern: /x/, replacement: 1 }] },
      'rules[0].replacement',
    ],
    ['an unknown preset', { presets: ['pii', 'passwords'] }, 'presets'],
    ['no rules and no presets', { rules: [], presets: [] }, 'rules'],
    ['an unknown strategy', { presets: ['pii'], strategy: 'mask' }, 'strategy'],
    ['an unknown phase', { presets: ['pii'], phase: 'stream' }, 'phase'],
    ['a fractional carry-over size', { presets: ['pii'], streamCarryoverSize: 1.5 }, 'streamCarryoverSize'],
    ['a negative carry-over size', { presets: ['pii'], streamCarryoverSize: -1 }, 'streamCarryoverSize'],
    [
      'a non-boolean includeRedactedValues',
      { presets: ['pii'], includeRedactedValues: 'yes' },
      'includeRedactedValues',
    ],
  ];
  for (const [what, options, option] of cases) {
    it(`rejects ${what}, naming the option`, () => {
      let thrown: unknown;
      try {
        new RegexFilterProcessor(options as RegexFilterProcessorOptions);
      } catch (error) {
        thrown = error;
      }
      expect(ConfigurationError.isInstance(thrown)).toBe(true);
      expect((thrown as ConfigurationError).code).toBe('PROCESSOR_INVALID_OPTIONS');
      expect((thrown as ConfigurationError).details).toEqual({ processor: 'RegexFilterProcessor', option });
      expect((thrown as Error).message).toContain(`"${option}"`);
    });
  }

  it('has the documented id, hooks and defaults (block, all phases)', async () => {
    const processor = filter({ presets: ['secrets'] });
    expect(processor.id).toBe('regex-filter');
    expect(typeof processor.processInput).toBe('function');
    expect(typeof processor.processOutputStream).toBe('function');
    expect(typeof processor.processOutputResult).toBe('function');
    const run = await createProcessorHarness(processor, { messages: `key ${SECRET}` }).processInput();
    expect(run.tripwire?.processorId).toBe('regex-filter');
  });
});

describe('RegexFilterProcessor patterns', () => {
  it('scans with its own global clone: a pattern without g finds every match, and the caller’s lastIndex is untouched', async () => {
    const pattern = /ACME-\d{3}/;
    const shared = /ACME-\d{3}/g;
    shared.lastIndex = 7;
    const h = createProcessorHarness(
      filter({
        rules: [
          { name: 'plain', pattern },
          { name: 'shared', pattern: shared, replacement: '[X]' },
        ],
        strategy: 'redact',
      }),
      { messages: 'ACME-111 and ACME-222' },
    );
    const run = await h.processInput();
    expect(getMessageText(run.messages[0]!)).toBe('[REDACTED] and [REDACTED]');
    expect(shared.lastIndex).toBe(7);
    expect(pattern.lastIndex).toBe(0);
  });

  it('pii preset: emails, phones, SSNs and Luhn-valid card numbers; Luhn-invalid numbers, dates and IPs stay', async () => {
    const text = [
      'mail jane.doe+x@example.co.uk',
      'call (555) 123-4567 or +44 20 7946 0958',
      'ssn 123-45-6789',
      'card 4111 1111 1111 1111 and 5500-0000-0000-0004 and 378282246310005',
      'order 4111111111111112',
      'on 2024-01-15 from 192.168.100.200',
    ].join('\n');
    const h = createProcessorHarness(filter({ presets: ['pii'], strategy: 'redact' }), { messages: text });
    const run = await h.processInput();
    expect(getMessageText(run.messages[0]!)).toBe(
      [
        'mail [REDACTED]',
        'call [REDACTED] or [REDACTED]',
        'ssn [REDACTED]',
        'card [REDACTED] and [REDACTED] and [REDACTED]',
        'order 4111111111111112',
        'on 2024-01-15 from 192.168.100.200',
      ].join('\n'),
    );
    const rules = (run.violations[0]!.detail as RegexFilterRedactDetail).redactions.map((r) => r.rule);
    expect(rules).toEqual(['email', 'phone', 'phone', 'ssn', 'credit-card', 'credit-card', 'credit-card']);
  });

  it('secrets preset: sk- keys, AWS key ids, GitHub tokens, bearer tokens and password assignments', async () => {
    const text = [
      `openai ${SECRET}`,
      'aws AKIAIOSFODNN7EXAMPLE',
      'gh ghp_abcdefghijklmnopqrstuvwxyzABCDEFGHIJ',
      'Authorization: Bearer abc.def-ghi_jkl',
      'password=hunter22 and "api_key": "q1w2e3r4"',
      'skip the task-list ask-me',
    ].join('\n');
    const h = createProcessorHarness(filter({ presets: ['secrets'], strategy: 'redact' }), {
      messages: text,
    });
    const run = await h.processInput();
    expect(getMessageText(run.messages[0]!)).toBe(
      [
        'openai [REDACTED]',
        'aws [REDACTED]',
        'gh [REDACTED]',
        'Authorization: Bearer [REDACTED]',
        'password=[REDACTED] and "api_key": "[REDACTED]"',
        'skip the task-list ask-me',
      ].join('\n'),
    );
  });

  it('urls preset: http(s) URLs without the sentence’s trailing punctuation', async () => {
    const h = createProcessorHarness(filter({ presets: ['urls'], strategy: 'redact' }), {
      messages: 'See https://example.com/a?b=1. Or (http://x.io/path), not ftp://y.z',
    });
    const run = await h.processInput();
    expect(getMessageText(run.messages[0]!)).toBe('See [REDACTED]. Or ([REDACTED]), not ftp://y.z');
  });
});

describe('RegexFilterProcessor redact', () => {
  it('merges overlapping matches and replaces them once, naming the merged rules', async () => {
    const processor = filter({
      rules: [
        { name: 'abc', pattern: /abc/, replacement: '<A>' },
        { name: 'bcd', pattern: /bcd/, replacement: '<B>' },
        { name: 'cdef', pattern: /cdef/, replacement: '<C>' },
      ],
      strategy: 'redact',
    });
    const run = await createProcessorHarness(processor, { messages: 'x abcdefg y' }).processInput();
    expect(getMessageText(run.messages[0]!)).toBe('x <A>g y');
    expect((run.violations[0]!.detail as RegexFilterRedactDetail).redactions).toEqual([
      { rule: 'abc', index: 2, length: 6, replacement: '<A>', overlappingRules: ['bcd', 'cdef'] },
    ]);
  });

  it('input: redacts text parts in the message list, reports each part, and keeps other parts and the legacy mirror consistent', async () => {
    const h = createProcessorHarness(filter({ presets: ['pii'], strategy: 'redact' }), {
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'me: a@b.io' },
            { type: 'image', image: 'https://img.example/x.png' },
            { type: 'text', text: 'no pii here' },
            { type: 'text', text: 'alt c@d.io' },
          ],
        },
      ],
    });
    const run = await h.processInput();
    const message = run.messages[0]!;
    expect(message.content.parts.map((p) => (p.type === 'text' ? p.text : p.type))).toEqual([
      'me: [REDACTED]',
      'file',
      'no pii here',
      'alt [REDACTED]',
    ]);
    expect(JSON.stringify(h.messageList.get.all.db())).not.toContain('a@b.io');
    expect(run.violations.map((v) => v.detail)).toEqual([
      {
        strategy: 'redact',
        phase: 'processInput',
        messageId: message.id,
        partIndex: 0,
        redactions: [{ rule: 'email', index: 4, length: 6, replacement: '[REDACTED]' }],
      },
      {
        strategy: 'redact',
        phase: 'processInput',
        messageId: message.id,
        partIndex: 3,
        redactions: [{ rule: 'email', index: 4, length: 6, replacement: '[REDACTED]' }],
      },
    ]);
  });

  it('reports the original value only with includeRedactedValues', async () => {
    const h = createProcessorHarness(
      filter({ presets: ['pii'], strategy: 'redact', includeRedactedValues: true }),
      { messages: 'me: a@b.io' },
    );
    const run = await h.processInput();
    expect((run.violations[0]!.detail as RegexFilterRedactDetail).redactions[0]?.value).toBe('a@b.io');
  });

  it('input: remembered history is not checked, only this call’s messages', async () => {
    const h = createProcessorHarness(filter({ presets: ['pii'] }), {
      history: 'my old mail is old@example.com',
      messages: 'hello again',
    });
    const run = await h.processInput();
    expect(run.tripwire).toBeUndefined();
  });

  it('output result: redacts the response messages', async () => {
    const h = createProcessorHarness(filter({ presets: ['pii'], strategy: 'redact' }));
    const run = await h.processOutputResult({ text: 'write to bob@example.com' });
    expect(getMessageText(run.messages.at(-1)!)).toBe('write to [REDACTED]');
    expect(run.violations[0]?.detail).toMatchObject({ strategy: 'redact', phase: 'processOutputResult' });
  });
});

describe('RegexFilterProcessor block', () => {
  it('aborts with the documented metadata; the matched value is replaced unless includeRedactedValues', async () => {
    const run = await createProcessorHarness(filter({ presets: ['pii', 'secrets'] }), {
      messages: `mail a@b.io key ${SECRET}`,
    }).processInput();
    expect(run.tripwire?.metadata).toEqual({
      processorId: 'regex-filter',
      matches: [
        { rule: 'email', match: '[REDACTED]', index: 5 },
        { rule: 'api-key', match: '[REDACTED]', index: 16 },
      ],
      strategy: 'block',
    } satisfies RegexFilterTripwireMetadata);
    expect(run.tripwire?.reason).not.toContain('a@b.io');
    // The runner reports the abort to onViolation with the metadata as detail.
    expect(run.violations[0]?.detail).toEqual(run.tripwire?.metadata);

    const withValues = await createProcessorHarness(
      filter({ presets: ['pii'], includeRedactedValues: true }),
      {
        messages: 'mail a@b.io',
      },
    ).processInput();
    expect((withValues.tripwire!.metadata as RegexFilterTripwireMetadata).matches).toEqual([
      { rule: 'email', match: 'a@b.io', index: 5 },
    ]);
  });

  it('stream: aborts as soon as a match is complete, before any of it is released', async () => {
    const h = createProcessorHarness(filter({ presets: ['secrets'] }));
    const run = await h.processOutputStream(['here: ', SECRET.slice(0, 12), SECRET.slice(12), ' rest']);
    expect(run.tripwire?.metadata).toEqual({
      processorId: 'regex-filter',
      matches: [{ rule: 'api-key', match: '[REDACTED]', index: 6 }],
      strategy: 'block',
    });
    expect(textOf(run.chunks)).not.toContain('sk-');
  });
});

describe('RegexFilterProcessor warn', () => {
  it('leaves content unchanged and reports the matches to onViolation', async () => {
    const h = createProcessorHarness(filter({ presets: ['pii'], strategy: 'warn' }), {
      messages: 'mail a@b.io',
    });
    const run = await h.processInput();
    expect(getMessageText(run.messages[0]!)).toBe('mail a@b.io');
    expect(run.tripwire).toBeUndefined();
    expect(run.violations).toHaveLength(1);
    expect(run.violations[0]).toMatchObject({ processorId: 'regex-filter' });
    expect(run.violations[0]?.detail).toEqual({
      strategy: 'warn',
      phase: 'processInput',
      messageId: run.messages[0]!.id,
      partIndex: 0,
      matches: [{ rule: 'email', index: 5, length: 6, replacement: '[REDACTED]' }],
    } satisfies RegexFilterWarnDetail);
  });

  it('stream: chunks pass through at once, unchanged; the match is reported once complete', async () => {
    const h = createProcessorHarness(filter({ presets: ['pii'], strategy: 'warn' }));
    const parts = [textDelta('mail a@b.'), textDelta('io now')];
    const run = await h.processOutputStream(parts);
    expect(run.chunks).toEqual(parts);
    expect(run.chunks[0]).toBe(parts[0]);
    const end = await h.processOutputStream([chunk('text-end', { id: 'text-1' }), stepFinishChunk()]);
    expect(end.chunks.map((c) => c.type)).toEqual(['text-end', 'step-finish']);
    expect(end.violations.map((v) => v.detail)).toEqual([
      {
        strategy: 'warn',
        phase: 'processOutputStream',
        textId: 'text-1',
        matches: [{ rule: 'email', index: 5, length: 6, replacement: '[REDACTED]' }],
      },
    ]);
    // The stream already reported on the response text: the result check does not repeat it.
    const result = await h.processOutputResult({ text: 'mail a@b.io now' });
    expect(result.violations).toEqual([]);
  });
});

describe('RegexFilterProcessor stream carry-over', () => {
  it('redacts a secret split across three chunks whole', async () => {
    const h = createProcessorHarness(filter({ presets: ['secrets'], strategy: 'redact' }));
    const pieces = ['my key is ', SECRET.slice(0, 9), SECRET.slice(9, 20), `${SECRET.slice(20)} ok`];
    const run = await h.processOutputStream([
      ...pieces,
      chunk('text-end', { id: 'text-1' }),
      stepFinishChunk(),
    ]);
    expect(textOf(run.chunks)).toBe('my key is [REDACTED] ok');
    for (const c of run.chunks) {
      if (c.type === 'text-delta')
        for (const piece of pieces.slice(1)) expect(c.payload.text).not.toContain(piece);
    }
    expect(run.chunks.slice(-2).map((c) => c.type)).toEqual(['text-end', 'step-finish']);
    expect(run.violations.map((v) => (v.detail as RegexFilterRedactDetail).redactions)).toEqual([
      [{ rule: 'api-key', index: 10, length: SECRET.length, replacement: '[REDACTED]' }],
    ]);
  });

  it('holds back the last streamCarryoverSize characters and releases the rest at once', async () => {
    const h = createProcessorHarness(
      filter({ presets: ['secrets'], strategy: 'redact', streamCarryoverSize: 10 }),
    );
    const first = await h.processOutputStream(['one two three four']);
    expect(textOf(first.chunks)).toBe('one two ');
    const next = await h.processOutputStream([' five']);
    expect(textOf(next.chunks)).toBe('three');
    expect(next.dropped).toEqual([]);
    const none = await createProcessorHarness(
      filter({ presets: ['secrets'], strategy: 'redact', streamCarryoverSize: 10 }),
    ).processOutputStream(['tiny']);
    // Nothing to release yet: the chunk is dropped, its text is held.
    expect(none.chunks).toEqual([]);
    expect(none.dropped).toHaveLength(1);
  });

  it('a match that still reaches the end of the held text is held until it is complete, even past the carry-over size', async () => {
    const h = createProcessorHarness(
      filter({ presets: ['secrets'], strategy: 'redact', streamCarryoverSize: 8 }),
    );
    const out: ChunkType[] = [];
    for (const piece of [
      'key sk-',
      'abcdefghij',
      'klmnopqrst',
      'uvwxyz0123',
      '456789',
      ' and then some more words',
    ]) {
      const run = await h.processOutputStream([piece]);
      out.push(...run.chunks);
      // Never any part of the key on the way out.
      expect(textOf(run.chunks)).not.toMatch(/sk-|[a-z]{6}|\d{4}/);
    }
    out.push(...(await h.processOutputStream([stepFinishChunk()])).chunks);
    expect(textOf(out)).toBe('key [REDACTED] and then some more words');
    expect(out.at(-1)?.type).toBe('step-finish');
  });

  it('a match that starts before the carry-over boundary and continues past it is held whole', async () => {
    const h = createProcessorHarness(
      filter({ presets: ['pii'], strategy: 'redact', streamCarryoverSize: 4 }),
    );
    const a = await h.processOutputStream(['write to alice@example.co']);
    expect(textOf(a.chunks)).toBe('write to ');
    const b = await h.processOutputStream(['m today, please']);
    expect(textOf([...a.chunks, ...b.chunks])).toBe('write to [REDACTED] today, ');
    const end = await h.processOutputStream([finishChunk()]);
    expect(textOf([...a.chunks, ...b.chunks, ...end.chunks])).toBe('write to [REDACTED] today, please');
  });

  // Which chunks release held text (and which pass it): see stream-hold.test.ts.

  it('interleaved text blocks are held apart; a text-end waits behind its held text until the step ends', async () => {
    const h = createProcessorHarness(filter({ presets: ['pii'], strategy: 'redact' }));
    await h.processOutputStream([textDelta('a: x@y.io', 'A'), textDelta('b: z@w.io', 'B')]);
    const endA = await h.processOutputStream([chunk('text-end', { id: 'A' })]);
    expect(endA.chunks).toEqual([]);
    const finish = await h.processOutputStream([finishChunk()]);
    expect(finish.chunks.map((c) => [c.type, c.type === 'text-delta' ? c.payload.text : ''])).toEqual([
      ['text-delta', 'a: [REDACTED]'],
      ['text-end', ''],
      ['text-delta', 'b: [REDACTED]'],
      ['finish', ''],
    ]);
  });

  it('reports stream redactions at their offset in the whole text block', async () => {
    const h = createProcessorHarness(
      filter({ presets: ['pii'], strategy: 'redact', streamCarryoverSize: 4 }),
    );
    const run = await h.processOutputStream([
      '0123456789 ',
      'a@b.io ',
      'and more text after it',
      stepFinishChunk(),
    ]);
    const redactions = run.violations.flatMap((v) => (v.detail as RegexFilterRedactDetail).redactions);
    expect(redactions).toEqual([{ rule: 'email', index: 11, length: 6, replacement: '[REDACTED]' }]);
    expect(run.violations[0]?.detail).toMatchObject({ phase: 'processOutputStream', textId: 'text-1' });
  });

  it('lookbehind context survives the release boundary (password= released, its value still held)', async () => {
    const h = createProcessorHarness(
      filter({ presets: ['secrets'], strategy: 'redact', streamCarryoverSize: 2 }),
    );
    const run = await h.processOutputStream(['the password=', 'hunter22', ' ok', stepFinishChunk()]);
    expect(textOf(run.chunks)).toBe('the password=[REDACTED] ok');
  });

  it('text held when a new step starts belonged to a rejected attempt and is never released', async () => {
    const h = createProcessorHarness(filter({ presets: ['pii'], strategy: 'redact' }));
    await h.processOutputStream(['draft answer']);
    const run = await h.processOutputStream([chunk('step-start', {}), 'final', stepFinishChunk()]);
    expect(textOf(run.chunks)).toBe('final');
  });
});

describe('RegexFilterProcessor phase', () => {
  it("'input' leaves the response alone; 'output' leaves the input alone", async () => {
    const input = createProcessorHarness(filter({ presets: ['pii'], strategy: 'redact', phase: 'input' }), {
      messages: 'in a@b.io',
    });
    expect(getMessageText((await input.processInput()).messages[0]!)).toBe('in [REDACTED]');
    const streamed = await input.processOutputStream(['out c@d.io', stepFinishChunk()]);
    expect(textOf(streamed.chunks)).toBe('out c@d.io');
    expect(streamed.chunks[0]?.type).toBe('text-delta');

    const output = createProcessorHarness(filter({ presets: ['pii'], strategy: 'redact', phase: 'output' }), {
      messages: 'in a@b.io',
    });
    expect(getMessageText((await output.processInput()).messages[0]!)).toBe('in a@b.io');
    const out = await output.processOutputStream(['out c@d.io', stepFinishChunk()]);
    expect(textOf(out.chunks)).toBe('out [REDACTED]');
  });
});

describe('RegexFilterProcessor stream cost', () => {
  it('is linear per chunk: the text it rescans stays bounded by the carry-over, however long the stream', async () => {
    const h = createProcessorHarness(filter({ presets: ['pii', 'secrets', 'urls'], strategy: 'redact' }));
    let longest = 0;
    let released = '';
    for (let i = 0; i < 2000; i++) {
      const run = await h.processOutputStream([`word${i} `]);
      released += textOf(run.chunks);
      const texts = (h.state as { regexFilterTexts?: Map<string, { held: string; context: string }> })
        .regexFilterTexts;
      const buffer = texts?.get('text-1');
      longest = Math.max(longest, (buffer?.held.length ?? 0) + (buffer?.context.length ?? 0));
    }
    expect(longest).toBeLessThanOrEqual(2 * 128 + 64);
    expect(released.length).toBeGreaterThan(10_000);
  });
});
