/**
 * PIIDetector through the processor test kit: every strategy and redaction method, the
 * options' validation, LLM mode against a scripted helper model (its calls and what it was
 * sent), hybrid mode, the fail policy on timeouts and failures, and the verdict cache.
 */
import { ConfigurationError } from 'sluice/errors';
import { type PIIDetectionEvent, PIIDetector, type PIIViolationDetail } from 'sluice/processors';
import { createProcessorHarness, finishChunk, ScriptedModel, textDelta } from 'sluice/test';
import { describe, expect, it } from 'vitest';

const TEXT = 'Reach me at jane.doe@gmail.com or +1 202-555-0147, card 4111 1111 1111 1111.';

function userText(run: {
  messages: Array<{ role: string; content: { parts: Array<{ type: string; text?: string }> } }>;
}) {
  return run.messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content.parts.map((p) => p.text ?? '').join(''))
    .join('\n');
}

/** A helper model answering with `answer` (JSON) for each call; records the calls. */
function judge(answer: unknown | ((prompt: string) => unknown)) {
  return new ScriptedModel({
    steps: (call) => {
      const user = call.prompt.find((m) => m.role === 'user');
      const text =
        user && Array.isArray(user.content)
          ? user.content.map((p) => ('text' in p ? p.text : '')).join('')
          : '';
      const value = typeof answer === 'function' ? (answer as (p: string) => unknown)(text) : answer;
      return typeof value === 'string' ? value : `Sure:\n\`\`\`json\n${JSON.stringify(value)}\n\`\`\``;
    },
  });
}

function promptText(model: ScriptedModel, i: number, role: 'system' | 'user'): string {
  const m = model.calls[i]?.prompt.find((p) => p.role === role);
  if (m === undefined) return '';
  return typeof m.content === 'string'
    ? m.content
    : m.content.map((p) => ('text' in p ? p.text : '')).join('');
}

describe('PIIDetector: offline mode (no model, no network)', () => {
  it('is valid without a model; default strategy redact with mask + preserveFormat', async () => {
    const pii = new PIIDetector();
    const run = await createProcessorHarness(pii, { messages: TEXT }).processInput();
    expect(userText(run)).toBe(
      'Reach me at j*******@gmail.com or +* ***-***-0147, card **** **** **** 1111.',
    );
    expect(run.tripwire).toBeUndefined();
    expect(run.violations).toHaveLength(1);
    const detail = run.violations[0]?.detail as PIIViolationDetail;
    expect(detail.strategy).toBe('redact');
    expect(detail.types.sort()).toEqual(['credit-card', 'email', 'phone']);
    // Values stay out of reports unless includeDetections.
    expect(JSON.stringify(run.violations)).not.toContain('jane.doe');
  });

  it.each([
    ['placeholder', true, 'Reach me at [EMAIL] or [PHONE], card [CREDIT_CARD].'],
    ['remove', true, 'Reach me at  or , card .'],
    ['mask', false, 'Reach me at ****************** or ***************, card *******************.'],
  ] as const)('redactionMethod %s (preserveFormat %s)', async (redactionMethod, preserveFormat, expected) => {
    const pii = new PIIDetector({ redactionMethod, preserveFormat });
    const run = await createProcessorHarness(pii, { messages: TEXT }).processInput();
    expect(userText(run)).toBe(expected);
  });

  it('redactionMethod hash: a SHA-256 tag per value, the same value giving the same tag', async () => {
    const pii = new PIIDetector({ redactionMethod: 'hash' });
    const run = await createProcessorHarness(pii, {
      messages: 'a@gmail.com and a@gmail.com, b@gmail.com',
    }).processInput();
    const text = userText(run);
    const tags = text.match(/\[EMAIL:[0-9a-f]{16}\]/g) ?? [];
    expect(tags).toHaveLength(3);
    expect(tags[0]).toBe(tags[1]);
    expect(tags[2]).not.toBe(tags[0]);
    expect(text).not.toContain('@');
  });

  it('block: a tripwire whose metadata names the types (values only with includeDetections)', async () => {
    const run = await createProcessorHarness(new PIIDetector({ strategy: 'block' }), {
      messages: TEXT,
    }).processInput();
    expect(run.tripwire?.processorId).toBe('pii-detector');
    expect(run.tripwire?.reason).toContain('credit-card');
    const meta = run.tripwire?.metadata as {
      types: string[];
      detections: Array<{ value?: string }>;
      hook: string;
    };
    expect(meta.types.sort()).toEqual(['credit-card', 'email', 'phone']);
    expect(meta.hook).toBe('processInput');
    expect(meta.detections.every((d) => d.value === undefined)).toBe(true);
    const withValues = await createProcessorHarness(
      new PIIDetector({ strategy: 'block', includeDetections: true }),
      {
        messages: TEXT,
      },
    ).processInput();
    const values = (
      (withValues.tripwire?.metadata ?? { detections: [] }) as { detections: Array<{ value?: string }> }
    ).detections.map((d) => d.value);
    expect(values).toContain('jane.doe@gmail.com');
  });

  it('warn: content unchanged, onViolation told', async () => {
    const run = await createProcessorHarness(new PIIDetector({ strategy: 'warn' }), {
      messages: TEXT,
    }).processInput();
    expect(userText(run)).toBe(TEXT);
    expect(run.tripwire).toBeUndefined();
    expect(((run.violations[0]?.detail ?? {}) as PIIViolationDetail).strategy).toBe('warn');
  });

  it('filter: the flagged message is dropped, the clean one stays', async () => {
    const run = await createProcessorHarness(new PIIDetector({ strategy: 'filter' }), {
      messages: ['hello there', TEXT],
    }).processInput();
    expect(userText(run)).toBe('hello there');
    expect(((run.violations[0]?.detail ?? {}) as PIIViolationDetail).strategy).toBe('filter');
  });

  it('detectionTypes and threshold narrow what is found', async () => {
    const onlyEmail = await createProcessorHarness(
      new PIIDetector({ detectionTypes: ['email'], redactionMethod: 'placeholder' }),
      {
        messages: TEXT,
      },
    ).processInput();
    expect(userText(onlyEmail)).toBe('Reach me at [EMAIL] or +1 202-555-0147, card 4111 1111 1111 1111.');
    // Names found after a cue score 0.75: a threshold of 0.8 keeps only validated kinds.
    const strict = await createProcessorHarness(
      new PIIDetector({ threshold: 0.8, redactionMethod: 'placeholder' }),
      {
        messages: 'My name is John Smith, mail john@gmail.com',
      },
    ).processInput();
    expect(userText(strict)).toBe('My name is John Smith, mail [EMAIL]');
  });

  it('onDetection: every analysed text, flagged or not, with the documented result shape', async () => {
    const events: PIIDetectionEvent[] = [];
    const pii = new PIIDetector({ onDetection: (e) => void events.push(e) });
    await createProcessorHarness(pii, { messages: ['nothing here', 'mail a.b@gmail.com'] }).processInput();
    expect(events.map((e) => [e.input, e.flagged, e.strategyApplied])).toEqual([
      ['nothing here', false, 'none'],
      ['mail a.b@gmail.com', true, 'redact'],
    ]);
    expect(events[1]?.detectionResult).toEqual({
      categories: [{ type: 'email', score: expect.any(Number) }],
      detections: [
        { type: 'email', value: 'a.b@gmail.com', start: 5, end: 18, confidence: expect.any(Number) },
      ],
      redacted_content: 'mail a***@gmail.com',
    });
  });

  it('lastMessageOnly checks only the newest message', async () => {
    const run = await createProcessorHarness(
      new PIIDetector({ lastMessageOnly: true, redactionMethod: 'placeholder' }),
      {
        messages: ['old a@gmail.com', 'new b@gmail.com'],
      },
    ).processInput();
    expect(userText(run)).toBe('old a@gmail.com\nnew [EMAIL]');
  });

  it('remembered history is not checked again (it was checked when it was input)', async () => {
    const events: PIIDetectionEvent[] = [];
    const run = await createProcessorHarness(new PIIDetector({ onDetection: (e) => void events.push(e) }), {
      history: ['from memory a@gmail.com'],
      messages: 'new text',
    }).processInput();
    expect(events.map((e) => e.input)).toEqual(['new text']);
    expect(userText(run)).toContain('a@gmail.com');
  });

  it('processOutputResult redacts the response when the stream did not run', async () => {
    const harness = createProcessorHarness(new PIIDetector({ redactionMethod: 'placeholder' }));
    const run = await harness.processOutputResult({ text: 'Your SSN is 536-22-1234.' });
    const text = run.messages
      .filter((m) => m.role === 'assistant')
      .map((m) => m.content.parts.map((p) => ('text' in p ? p.text : '')).join(''));
    expect(text).toEqual(['Your SSN is [SSN].']);
  });

  it('stream: a value split across chunks is redacted whole; nothing unredacted goes out', async () => {
    const pii = new PIIDetector({ redactionMethod: 'placeholder' });
    const harness = createProcessorHarness(pii);
    const parts = ['My card: 4111 11', '11 1111 ', '1111 thanks', ' bye'].map((t) => textDelta(t));
    const run = await harness.processOutputStream([
      ...parts,
      { type: 'text-end', runId: 'r', from: 'AGENT', payload: { id: 'text-1' } } as never,
      finishChunk(),
    ]);
    const out = run.chunks.flatMap((c) => (c.type === 'text-delta' ? [c.payload.text] : []));
    expect(out.join('')).toBe('My card: [CREDIT_CARD] thanks bye');
    for (const piece of out) expect(piece).not.toMatch(/\d{2}/);
  });

  it('stream: block ends the run with a tripwire and releases none of the held text', async () => {
    const harness = createProcessorHarness(new PIIDetector({ strategy: 'block' }));
    const run = await harness.processOutputStream([
      textDelta('Sure, write to jane'),
      textDelta('.doe@gmail.com today'),
      finishChunk(),
    ]);
    expect(run.tripwire?.processorId).toBe('pii-detector');
    expect(run.chunks.some((c) => c.type === 'text-delta' && c.payload.text.includes('jane'))).toBe(false);
  });
});

describe('PIIDetector: options are validated at construction', () => {
  it.each([
    [{ strategy: 'rewrite' }, 'strategy'],
    [{ redactionMethod: 'blur' }, 'redactionMethod'],
    [{ threshold: 2 }, 'threshold'],
    [{ mode: 'llm' }, 'mode'],
    [{ mode: 'hybrid' }, 'mode'],
    [{ detectionTypes: ['favourite-colour'] }, 'detectionTypes'],
    [{ detectionTypes: [] }, 'detectionTypes'],
    [{ timeoutMs: -1 }, 'timeoutMs'],
    [{ errorStrategy: 'loud' }, 'errorStrategy'],
    [{ bufferSize: 0 }, 'bufferSize'],
    [{ stream: { windowChars: 10, overlapChars: 10 } }, 'overlapChars'],
    [{ stream: { windowChars: Object.create(null) } }, 'stream.windowChars'],
    [{ threshold: Object.create(null) }, 'threshold'],
    [{ detectionTypes: Object.create(null) }, 'detectionTypes'],
  ])('%j → PROCESSOR_INVALID_OPTIONS naming %s', (options, option) => {
    let error: unknown;
    try {
      new PIIDetector(options as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).code).toBe('PROCESSOR_INVALID_OPTIONS');
    expect((error as ConfigurationError).message).toContain(option);
  });

  it('a custom type is fine in llm mode, where the model is told about it', () => {
    expect(
      () =>
        new PIIDetector({
          model: judge({ categories: null, detections: null }),
          detectionTypes: ['employee-id'],
        }),
    ).not.toThrow();
  });
});

describe('PIIDetector: LLM mode (model given, no mode → the model is asked, as in Mastra)', () => {
  it('asks the helper model once per text, with the types in its instructions, and applies its detections', async () => {
    const model = judge((text: string) => ({
      categories: [{ type: 'name', score: 0.9 }],
      detections: [
        {
          type: 'name',
          value: 'Ada Lovelace',
          confidence: 0.9,
          start: text.indexOf('Ada'),
          end: text.indexOf('Ada') + 12,
        },
      ],
    }));
    const pii = new PIIDetector({ model, redactionMethod: 'placeholder' });
    const run = await createProcessorHarness(pii, {
      messages: 'I met Ada Lovelace yesterday.',
    }).processInput();
    expect(userText(run)).toBe('I met [NAME] yesterday.');
    expect(model.calls).toHaveLength(1);
    expect(promptText(model, 0, 'user')).toBe('I met Ada Lovelace yesterday.');
    expect(promptText(model, 0, 'system')).toContain('email, phone, credit-card');
  });

  it('parses leniently and relocates values whose offsets are wrong; values not in the text are ignored', async () => {
    const model = judge(
      'Here you go: {"categories":null,"detections":[{"type":"email","value":"x@y.org","confidence":0.95,"start":0,"end":3},{"type":"email","value":"ghost@nowhere.io","confidence":0.9,"start":1,"end":2}]} hope it helps',
    );
    const run = await createProcessorHarness(new PIIDetector({ model, redactionMethod: 'placeholder' }), {
      messages: 'contact x@y.org please',
    }).processInput();
    expect(userText(run)).toBe('contact [EMAIL] please');
  });

  it('threshold applies to the model confidence', async () => {
    const model = judge({
      categories: null,
      detections: [{ type: 'name', value: 'Bob', confidence: 0.3, start: 4, end: 7 }],
    });
    const run = await createProcessorHarness(new PIIDetector({ model }), {
      messages: 'Hi, Bob here',
    }).processInput();
    expect(userText(run)).toBe('Hi, Bob here');
  });

  it('instructions replace the generated prompt; providerOptions are passed on', async () => {
    const model = judge({ categories: null, detections: null });
    await createProcessorHarness(
      new PIIDetector({
        model,
        instructions: 'Find employee ids.',
        providerOptions: { scripted: { effort: 'low' } },
      }),
      { messages: 'hello' },
    ).processInput();
    expect(promptText(model, 0, 'system')).toContain('Find employee ids.');
    expect(model.calls[0]?.providerOptions).toEqual({ scripted: { effort: 'low' } });
  });

  it('asks for JSON through the response format, or (jsonPromptInjection) describes the schema in the prompt', async () => {
    const native = judge({ categories: null, detections: null });
    await createProcessorHarness(new PIIDetector({ model: native }), { messages: 'hello' }).processInput();
    expect(native.calls[0]?.responseFormat).toMatchObject({ type: 'json' });
    const injected = judge({ categories: null, detections: null });
    await createProcessorHarness(
      new PIIDetector({ model: injected, structuredOutputOptions: { jsonPromptInjection: true } }),
      { messages: 'hello' },
    ).processInput();
    expect(injected.calls[0]?.responseFormat?.type ?? 'text').toBe('text');
    expect(promptText(injected, 0, 'system')).toContain('JSON Schema of the answer');
  });

  it('unchanged text is not sent again: the verdict cache answers', async () => {
    const model = judge({ categories: null, detections: null });
    const pii = new PIIDetector({ model });
    await createProcessorHarness(pii, { messages: ['one', 'two'] }).processInput();
    await createProcessorHarness(pii, { messages: ['one', 'two', 'three'] }).processInput();
    expect(model.calls.map((_c, i) => promptText(model, i, 'user'))).toEqual(['one', 'two', 'three']);
  });

  it('hybrid: offline decides what it validates; the model is asked only for names, addresses, dates of birth', async () => {
    const model = judge((text: string) => ({
      categories: null,
      detections: text.includes('Grace')
        ? [{ type: 'name', value: 'Grace Hopper', confidence: 0.9, start: 0, end: 12 }]
        : [],
    }));
    const pii = new PIIDetector({ model, mode: 'hybrid', redactionMethod: 'placeholder' });
    const run = await createProcessorHarness(pii, {
      messages: 'Grace Hopper, grace@gmail.com',
    }).processInput();
    expect(userText(run)).toBe('[NAME], [EMAIL]');
    expect(promptText(model, 0, 'system')).toContain(
      'Look for these types only: name, address, date-of-birth.',
    );
    // Without model-only types, hybrid never calls the model.
    const none = judge({ categories: null, detections: null });
    const offlineOnly = new PIIDetector({
      model: none,
      mode: 'hybrid',
      detectionTypes: ['email', 'credit-card'],
    });
    await createProcessorHarness(offlineOnly, { messages: 'grace@gmail.com' }).processInput();
    expect(none.calls).toHaveLength(0);
  });

  it('hybrid: offline scores in the grey band below the threshold go to the model, which decides', async () => {
    const model = judge((text: string) => ({
      categories: null,
      detections: [
        {
          type: 'phone',
          value: '2025550147',
          confidence: 0.9,
          start: text.indexOf('2025550147'),
          end: text.indexOf('2025550147') + 10,
        },
      ],
    }));
    const pii = new PIIDetector({
      model,
      mode: 'hybrid',
      detectionTypes: ['phone', 'email'],
      redactionMethod: 'placeholder',
    });
    const run = await createProcessorHarness(pii, { messages: 'ring 2025550147 later' }).processInput();
    expect(userText(run)).toBe('ring [PHONE] later');
    expect(model.calls).toHaveLength(1);
    expect(promptText(model, 0, 'system')).toContain('"value":"2025550147"');
    // Offline alone leaves a bare digit run (score 0.5) alone.
    const offline = await createProcessorHarness(new PIIDetector({ detectionTypes: ['phone'] }), {
      messages: 'ring 2025550147 later',
    }).processInput();
    expect(userText(offline)).toBe('ring 2025550147 later');
  });

  it('mode offline with a model never calls it', async () => {
    const model = judge({ categories: null, detections: null });
    const run = await createProcessorHarness(
      new PIIDetector({ model, mode: 'offline', redactionMethod: 'placeholder' }),
      {
        messages: 'mail a@gmail.com',
      },
    ).processInput();
    expect(userText(run)).toBe('mail [EMAIL]');
    expect(model.calls).toHaveLength(0);
  });
});

describe('PIIDetector: the fail policy', () => {
  const slow = () =>
    new ScriptedModel({
      steps: [
        { text: '{"categories":null,"detections":null}', delayMs: 200 },
        { text: '{}', delayMs: 200 },
      ],
    });

  it("timeout with errorStrategy 'warn' (default): the text goes through unchanged, a violation reports it", async () => {
    const run = await createProcessorHarness(new PIIDetector({ model: slow(), timeoutMs: 20 }), {
      messages: 'mail a@gmail.com',
    }).processInput();
    expect(run.tripwire).toBeUndefined();
    expect(userText(run)).toBe('mail a@gmail.com');
    expect(run.violations.map((v) => (v.detail as { failure?: string }).failure)).toEqual(['timeout']);
  });

  it("timeout with errorStrategy 'strict': the run is aborted with the failure in the metadata", async () => {
    const run = await createProcessorHarness(
      new PIIDetector({ model: slow(), timeoutMs: 20, errorStrategy: 'strict' }),
      {
        messages: 'mail a@gmail.com',
      },
    ).processInput();
    expect(run.tripwire?.metadata).toMatchObject({
      processorId: 'pii-detector',
      failure: 'timeout',
      errorStrategy: 'strict',
      code: 'GUARDRAIL_TIMEOUT',
    });
  });

  it('an unparseable answer is a check failure; hybrid still applies what offline decided', async () => {
    const model = judge('I cannot help with that.');
    const warn = await createProcessorHarness(new PIIDetector({ model }), {
      messages: 'mail a@gmail.com',
    }).processInput();
    expect(userText(warn)).toBe('mail a@gmail.com');
    expect(((warn.violations[0]?.detail ?? {}) as { failure?: string }).failure).toBe('check-failed');
    const hybrid = await createProcessorHarness(
      new PIIDetector({ model: judge('nope'), mode: 'hybrid', redactionMethod: 'placeholder' }),
      {
        messages: 'mail a@gmail.com',
      },
    ).processInput();
    expect(userText(hybrid)).toBe('mail [EMAIL]');
  });
});
