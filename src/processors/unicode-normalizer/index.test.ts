import { describe, expect, it } from 'vitest';
import { Agent } from '../../agent/agent.js';
import { ConfigurationError } from '../../errors/configuration-error.js';
import { getMessageText } from '../../messages/message-text.js';
import { createProcessorHarness } from '../../test/processor-harness.js';
import { ScriptedModel } from '../../test/scripted-model.js';
import { UnicodeNormalizer, type UnicodeNormalizerOptions } from './index.js';

async function normalized(text: string, options?: UnicodeNormalizerOptions): Promise<string> {
  const run = await createProcessorHarness(new UnicodeNormalizer(options), { messages: text }).processInput();
  return getMessageText(run.messages[0]!);
}

describe('UnicodeNormalizer', () => {
  it('has the documented id, name and single synchronous hook', () => {
    const processor = new UnicodeNormalizer();
    expect(processor.id).toBe('unicode-normalizer');
    expect(processor.name).toBe('Unicode Normalizer');
    const h = createProcessorHarness(processor, { messages: 'x' });
    const returned = processor.processInput({
      messages: h.messageList.get.all.db(),
      messageList: h.messageList,
    } as never);
    expect(returned).toBe(h.messageList);
  });

  it('applies NFKC: full-width letters, ligatures and circled digits become plain text', async () => {
    expect(await normalized('Ｈｅｌｌｏ　ｗｏｒｌｄ ﬁle ①')).toBe('Hello world file 1');
  });

  it('stripControlChars removes control characters except tab, newline and carriage return (off by default)', async () => {
    const text = 'a\u0000b\u0007c\u001Bd\u007Fe\u0085f\tg\nh';
    const options = { stripControlChars: true, collapseWhitespace: false };
    expect(await normalized(text, options)).toBe('abcdef\tg\nh');
    expect(await normalized(text, { collapseWhitespace: false })).toBe(text);
  });

  it('collapseWhitespace: a run of spaces becomes one, line breaks are kept (at most one blank line)', async () => {
    expect(await normalized('a  \t b\r\n\r\n\r\n\nc \n d')).toBe('a b\n\nc\nd');
    expect(await normalized('a  b', { collapseWhitespace: false })).toBe('a  b');
  });

  it('trim removes leading and trailing whitespace of the message text, not between text parts', async () => {
    const h = createProcessorHarness(new UnicodeNormalizer(), {
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: '  Hello ' },
            { type: 'text', text: 'world  ' },
          ],
        },
      ],
    });
    const run = await h.processInput();
    expect(run.messages[0]?.content.parts).toEqual([
      { type: 'text', text: 'Hello ' },
      { type: 'text', text: 'world' },
    ]);
    expect(await normalized('  x  ', { trim: false })).toBe(' x ');
  });

  it('preserveEmojis false strips emoji whole (ZWJ, skin tone, flags, keycaps) and keeps text symbols', async () => {
    const text = 'hi 👋🏽 fam 👨‍👩‍👧 flag 🇳🇴 key 1️⃣ heart ❤️ ok © ® ↔';
    expect(await normalized(text, { preserveEmojis: false })).toBe('hi fam flag key heart ok © ® ↔');
    expect(await normalized('hi 👋🏽')).toBe('hi 👋🏽');
  });

  it('changes only text parts of user and assistant messages; files, tool calls and system messages stay', async () => {
    const h = createProcessorHarness(new UnicodeNormalizer(), {
      system: 'Ｓｙｓｔｅｍ',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Ｈｉ' },
            { type: 'image', image: 'https://img.example/Ｘ.png' },
          ],
        },
      ],
    });
    const before = structuredClone(h.messageList.get.all.db()[0]!.content.parts[1]);
    const run = await h.processInput();
    expect(run.messages[0]?.content.parts[0]).toEqual({ type: 'text', text: 'Hi' });
    expect(run.messages[0]?.content.parts[1]).toEqual(before);
    expect(run.systemMessages).toEqual([{ role: 'system', content: 'Ｓｙｓｔｅｍ' }]);
  });

  it('rejects a non-boolean option, naming it', () => {
    let thrown: unknown;
    try {
      new UnicodeNormalizer({ trim: 'yes' as unknown as boolean });
    } catch (error) {
      thrown = error;
    }
    expect(ConfigurationError.isInstance(thrown)).toBe(true);
    expect((thrown as ConfigurationError).details).toEqual({
      processor: 'UnicodeNormalizer',
      option: 'trim',
    });
  });

  it('in an agent: the model receives the normalised input and the conversation keeps it', async () => {
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      inputProcessors: [new UnicodeNormalizer({ stripControlChars: true })],
    });
    const result = await agent.generate('  Ｐｌｅａｓｅ\u0000   help  ');
    expect(model.calls[0]?.prompt.at(-1)?.content).toEqual([{ type: 'text', text: 'Please help' }]);
    const user = result.messages.find((m) => m.role === 'user');
    expect(user && getMessageText(user)).toBe('Please help');
  });
});
