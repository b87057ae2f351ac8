/**
 * PIIDetector sees through invisible characters, full-width forms and Latin look-alikes from
 * other scripts, on input, tool results and streamed output, and redacts the value as written
 * (the invisible characters inside it included).
 */
import { Agent } from 'sluice/agent';
import { detectPII, PIIDetector } from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/** Invisible characters an attacker can put inside a value (format characters and kin). */
const INVISIBLE = {
  'zero-width space': '\u200b',
  'zero-width non-joiner': '\u200c',
  'zero-width joiner': '\u200d',
  'word joiner': '\u2060',
  'byte-order mark': '\ufeff',
  'soft hyphen': '\u00ad',
  'right-to-left override': '\u202e',
  'tag character': '\u{E0041}',
  'variation selector': '\ufe0f',
} as const;

/** One value per kind, the placeholder it becomes, and where to put the invisible character. */
const VALUES = [
  { type: 'email', value: 'jane.roe@gmail.com', placeholder: '[EMAIL]', at: [4, 10] },
  { type: 'card', value: '4111 1111 1111 1111', placeholder: '[CREDIT_CARD]', at: [2, 9, 16] },
  { type: 'phone', value: '+49 30 12345678', placeholder: '[PHONE]', at: [5, 10] },
  { type: 'iban', value: 'DE89 3704 0044 0532 0130 00', placeholder: '[IBAN]', at: [2, 12] },
  {
    type: 'secret',
    value: 'sk-proj-Ab3dE5fGh7iJk9LmN1oPq3RsT5uVw7Xy',
    placeholder: '[API_KEY]',
    at: [3, 20],
  },
] as const;

function hide(value: string, at: readonly number[], ch: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) out += (at.includes(i) ? ch : '') + value.charAt(i);
  return out;
}

async function collect(stream: ReadableStream<ChunkType>): Promise<ChunkType[]> {
  const out: ChunkType[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

const deltas = (chunks: readonly ChunkType[]) =>
  chunks.flatMap((c) => (c.type === 'text-delta' ? [c.payload.text] : []));

describe('PIIDetector: invisible characters inside a value', () => {
  for (const v of VALUES) {
    for (const [name, ch] of Object.entries(INVISIBLE)) {
      it(`input: a ${v.type} with a ${name} inside is redacted whole before the model sees it`, async () => {
        const model = new ScriptedModel({ steps: ['ok'] });
        const agent = new Agent({
          id: 'a',
          instructions: 'x',
          model,
          inputProcessors: [new PIIDetector({ redactionMethod: 'placeholder' })],
        });
        await agent.generate(`Here it is: ${hide(v.value, v.at, ch)} thanks`);
        const sent = JSON.stringify(model.calls[0]?.prompt ?? []);
        expect(sent).toContain(`Here it is: ${v.placeholder} thanks`);
      });
    }
  }

  it('the redaction replaces the original span, the invisible characters inside it included', async () => {
    const text = 'mail jane\u200b.roe@gm\u2060ail.com or card 4111\u00ad1111 1111 11\u200b11 now';
    const found = detectPII(text, { types: ['email', 'credit-card'] });
    expect(found.map((d) => [d.type, d.value])).toEqual([
      ['email', 'jane\u200b.roe@gm\u2060ail.com'],
      ['credit-card', '4111\u00ad1111 1111 11\u200b11'],
    ]);
    for (const d of found) expect(text.slice(d.start, d.end)).toBe(d.value);
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      inputProcessors: [new PIIDetector({ redactionMethod: 'placeholder' })],
    });
    await agent.generate(text);
    const sent = JSON.stringify(model.calls[0]?.prompt ?? []);
    expect(sent).toContain('mail [EMAIL] or card [CREDIT_CARD] now');
    expect(sent).not.toMatch(/[\u200b\u2060\u00ad]/);
  });

  it('mask (the default) leaves no invisible character of the value in its replacement', async () => {
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'x', model, inputProcessors: [new PIIDetector()] });
    await agent.generate('mail jane\u200b.roe@gm\u2060ail.com, card 4111\u00ad1111 1111 11\u200b11.');
    const sent = JSON.stringify(model.calls[0]?.prompt ?? []);
    expect(sent).toContain('mail j*******@gmail.com, card ******** **** 1111.');
  });

  it('checkToolResults: values with invisible characters in a tool result are redacted before the model sees them', async () => {
    const lookup = createTool({
      id: 'lookup',
      description: 'Look up a customer',
      inputSchema: z.object({}),
      execute: async () => ({
        email: hide('jo.bloggs@gmail.com', [2, 6], '\u200b'),
        card: hide('4111 1111 1111 1111', [3, 12], '\u2060'),
        phone: hide('+49 30 12345678', [7], '\ufeff'),
        iban: hide('DE89 3704 0044 0532 0130 00', [5], '\u200c'),
        key: hide('sk-proj-Ab3dE5fGh7iJk9LmN1oPq3RsT5uVw7Xy', [10], '\u00ad'),
      }),
    });
    const model = new ScriptedModel({ steps: [{ toolCalls: [{ toolName: 'lookup', args: {} }] }, 'Done.'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { lookup },
      outputProcessors: [new PIIDetector({ checkToolResults: true, redactionMethod: 'placeholder' })],
    });
    await agent.generate('who?');
    const second = JSON.stringify(model.calls[1]?.prompt ?? []);
    for (const placeholder of ['[EMAIL]', '[CREDIT_CARD]', '[PHONE]', '[IBAN]', '[API_KEY]'])
      expect(second).toContain(placeholder);
    expect(second).not.toMatch(/bloggs|1111|12345678|3704|Ab3dE5f/);
  });

  it('stream: values with invisible characters, split across chunks at the invisible character, never go out', async () => {
    const pieces = [
      'Mail jane',
      '\u200b.roe@gm',
      'ail.com, card 4111 11',
      '\u200d11 1111 11',
      '\u206011 or call +49 30 1234',
      '\ufeff5678. Bye',
    ];
    const model = new ScriptedModel({ steps: [{ text: pieces }] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      outputProcessors: [new PIIDetector({ redactionMethod: 'placeholder' })],
    });
    const output = await agent.stream('contact?');
    const streamed = deltas(await collect(output.fullStream));
    expect(streamed.join('')).toBe('Mail [EMAIL], card [CREDIT_CARD] or call [PHONE]. Bye');
    for (const d of streamed) expect(d).not.toMatch(/roe|gmail|\d{2}/);
    expect(await output.text).toBe('Mail [EMAIL], card [CREDIT_CARD] or call [PHONE]. Bye');
  });
});

describe('PIIDetector: full-width forms and look-alike letters', () => {
  it('stream: an IBAN and an API key with invisible characters, split across chunks, never go out', async () => {
    const pieces = [
      'Pay to DE89 37',
      '\u200c04 0044 05',
      '32 0130 00 with key sk-pro',
      'j-Ab3dE5fG\u00adh7iJk9LmN1oPq3RsT5uVw7Xy',
      ' ok',
    ];
    const model = new ScriptedModel({ steps: [{ text: pieces }] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      outputProcessors: [new PIIDetector({ redactionMethod: 'placeholder' })],
    });
    const output = await agent.stream('pay?');
    const streamed = deltas(await collect(output.fullStream));
    expect(streamed.join('')).toBe('Pay to [IBAN] with key [API_KEY] ok');
    for (const d of streamed) expect(d).not.toMatch(/\d{2}|Ab3d|Xy/);
  });

  it('output: a full-width e-mail and card number are redacted, streamed and in the result', async () => {
    const pieces = [
      'Write to ｊａｎｅ．ｒｏｅ＠ｇｍａｉｌ',
      '．ｃｏｍ, card ４１１１ １１１１ ',
      '１１１１ １１１１.',
    ];
    const model = new ScriptedModel({ steps: [{ text: pieces }] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      outputProcessors: [new PIIDetector({ redactionMethod: 'placeholder' })],
    });
    const output = await agent.stream('contact?');
    const streamed = deltas(await collect(output.fullStream)).join('');
    expect(streamed).toBe('Write to [EMAIL], card [CREDIT_CARD].');
    const generated = await new Agent({
      id: 'b',
      instructions: 'x',
      model: new ScriptedModel({ steps: [pieces.join('')] }),
      outputProcessors: [new PIIDetector({ redactionMethod: 'placeholder' })],
    }).generate('contact?');
    expect(generated.text).toBe('Write to [EMAIL], card [CREDIT_CARD].');
  });

  it('an e-mail spelled with Cyrillic and Greek look-alikes of Latin letters is found', () => {
    // а, е, о: Cyrillic; ο: Greek.
    const text = 'Contact jаne.rое@gmаil.cοm today';
    expect(detectPII(text, { types: ['email'] }).map((d) => d.value)).toEqual(['jаne.rое@gmаil.cοm']);
  });

  it('words written wholly in another script are not read as Latin: no new detections in Russian or Greek text', () => {
    const texts = [
      'Вера и Анна Сорокина встретились у Рома в субботу; АВС Холдинг сообщил о росте.',
      'Ο Νίκος και η Άννα έφυγαν νωρίς από το ΑΒΕ.',
    ];
    for (const text of texts) {
      for (const d of detectPII(text)) expect(d.value).toMatch(/[^\p{ASCII}]/u);
      expect(detectPII(text, { types: ['name', 'email', 'api-key'] })).toEqual([]);
    }
  });
});
