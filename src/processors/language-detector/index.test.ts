/**
 * LanguageDetector (api-reference 6.13): offline detection through eld with no model, every
 * strategy, translate needing a model at construction, LLM mode against a scripted helper, the
 * fail policy, and detections cached across turns.
 */
import { Agent } from 'sluice/agent';
import { LanguageDetector, type LanguageDetectorOptions, type ProcessorViolation } from 'sluice/processors';
import { createProcessorHarness, ScriptedModel } from 'sluice/test';
import { describe, expect, it, vi } from 'vitest';
import { CORE_LANGUAGES, LANGUAGE_FIXTURES } from '../../../bench/language-id-fixtures.js';
import { detectLanguageOffline } from './offline.js';

const GERMAN = 'Ich kann mich nicht bei meinem Konto anmelden, bitte helfen Sie mir.';
const ENGLISH = 'I cannot log in to my account, please help me.';

function agentWith(options: LanguageDetectorOptions) {
  const detector = new LanguageDetector(options);
  const model = new ScriptedModel({ steps: () => 'Okay.' });
  const agent = new Agent({ id: 'support', instructions: 'Help.', model, inputProcessors: [detector] });
  return { agent, model, detector };
}

describe('LanguageDetector offline (eld, no model, no network)', () => {
  it('identifies the seven core languages on short texts', async () => {
    for (const language of CORE_LANGUAGES) {
      let right = 0;
      const texts = LANGUAGE_FIXTURES[language] ?? [];
      for (const text of texts) if ((await detectLanguageOffline(text)).iso_code === language) right++;
      expect(right / texts.length, language).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('offline makes no network call (fetch is never used)', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const { agent } = agentWith({ strategy: 'block' });
    await agent.generate(GERMAN);
    await agent.generate(ENGLISH);
    expect(fetch).not.toHaveBeenCalled();
    fetch.mockRestore();
  });

  it('detect (default): attaches language_detection metadata and changes nothing', async () => {
    const h = createProcessorHarness(new LanguageDetector({ targetLanguages: ['English'] }), {
      messages: [GERMAN],
    });
    const run = await h.processInput();
    expect(run.tripwire).toBeUndefined();
    const message = run.messages[0];
    expect(message?.content.parts[0]).toMatchObject({ type: 'text', text: GERMAN });
    expect(message?.content.metadata?.language_detection).toMatchObject({
      iso_code: 'de',
      language: 'German',
      is_target_language: false,
      target_languages: ['en'],
    });
    expect(message?.content.metadata?.language_detection).not.toHaveProperty('source');
  });

  it('block: a message outside the target languages ends the run; a target-language one does not', async () => {
    const { agent, model } = agentWith({
      targetLanguages: ['en', 'fr'],
      strategy: 'block',
      includeDetectionDetails: true,
    });
    const blocked = await agent.generate(GERMAN);
    expect(blocked.tripwire).toMatchObject({
      processorId: 'language-detector',
      metadata: { iso_code: 'de', target_languages: ['en', 'fr'], source: 'offline' },
    });
    expect(model.calls).toHaveLength(0);
    const passed = await agent.generate(ENGLISH);
    expect(passed.tripwire).toBeUndefined();
    expect(model.calls).toHaveLength(1);
  });

  it('warn: content goes through and onViolation is told', async () => {
    const onViolation = vi.fn();
    const { agent } = agentWith({ strategy: 'warn', onViolation });
    const result = await agent.generate('¿Dónde está mi pedido? Lo compré hace dos semanas.');
    expect(result.tripwire).toBeUndefined();
    expect((onViolation.mock.calls[0]?.[0] as ProcessorViolation | undefined)?.detail).toMatchObject({
      strategy: 'warn',
      iso_code: 'es',
    });
  });

  it('minTextLength: short messages are not checked', async () => {
    const h = createProcessorHarness(new LanguageDetector({ strategy: 'block', minTextLength: 30 }), {
      messages: ['Hallo, wie geht es?'],
    });
    const run = await h.processInput();
    expect(run.tripwire).toBeUndefined();
    expect(run.messages[0]?.content.metadata?.language_detection).toBeUndefined();
  });

  it('threshold: below it the detection is undecided and nothing is done', async () => {
    const h = createProcessorHarness(new LanguageDetector({ strategy: 'block', threshold: 1 }), {
      messages: [GERMAN],
    });
    const run = await h.processInput();
    expect(run.tripwire).toBeUndefined();
    expect(run.messages[0]?.content.metadata?.language_detection).toMatchObject({ is_target_language: null });
  });

  it('lastMessageOnly: only the newest user message is checked', async () => {
    const messages = [GERMAN, 'Where is my parcel? It was due last week.'];
    const all = await createProcessorHarness(new LanguageDetector({ strategy: 'block' }), {
      messages,
    }).processInput();
    expect(all.tripwire?.metadata).toMatchObject({ iso_code: 'de' });
    const last = await createProcessorHarness(
      new LanguageDetector({ strategy: 'block', lastMessageOnly: true }),
      {
        messages,
      },
    ).processInput();
    expect(last.tripwire).toBeUndefined();
    expect(last.messages[0]?.content.metadata?.language_detection).toBeUndefined();
    expect(last.messages[1]?.content.metadata?.language_detection).toMatchObject({
      iso_code: 'en',
      is_target_language: true,
    });
  });

  it('translate without a model fails at construction with a clear error', () => {
    expect(() => new LanguageDetector({ strategy: 'translate' })).toThrow(
      /language-detector: strategy "translate" needs a helper model/,
    );
  });

  it('rejects unknown target language names and bad options', () => {
    expect(() => new LanguageDetector({ targetLanguages: ['Klingonish'] })).toThrow(
      /not a known language name/,
    );
    expect(() => new LanguageDetector({ targetLanguages: [] })).toThrow(/targetLanguages/);
    expect(() => new LanguageDetector({ threshold: 1.5 })).toThrow(/threshold/);
    expect(() => new LanguageDetector({ strategy: 'redact' as never })).toThrow(/strategy/);
    expect(
      new LanguageDetector({ targetLanguages: ['Deutsch', '日本語', 'pt-BR'], translationQuality: 'quality' })
        .mode,
    ).toBe('offline');
  });
});

describe('LanguageDetector translate (offline detection, model translation)', () => {
  it('translates a non-target message with one model call; the original stays in metadata', async () => {
    const helper = new ScriptedModel({
      steps: [JSON.stringify({ iso_code: 'de', confidence: 0.98, translated_text: ENGLISH })],
    });
    const { agent, model } = agentWith({ model: helper, mode: 'offline', strategy: 'translate' });
    await agent.generate(GERMAN);
    expect(helper.calls).toHaveLength(1);
    expect(JSON.stringify(helper.calls[0]?.prompt)).toContain('Translate');
    expect(JSON.stringify(helper.calls[0]?.prompt)).toContain(GERMAN);
    const sent = JSON.stringify(model.calls[0]?.prompt);
    expect(sent).toContain('I cannot log in');
    expect(sent).not.toContain('anmelden');
  });

  it('preserveOriginal keeps the original text in metadata (and false leaves it out)', async () => {
    const answer = JSON.stringify({ iso_code: 'de', confidence: 0.98, translated_text: ENGLISH });
    for (const preserveOriginal of [true, false]) {
      const helper = new ScriptedModel({ steps: [answer] });
      const h = createProcessorHarness(
        new LanguageDetector({ model: helper, mode: 'offline', strategy: 'translate', preserveOriginal }),
        { messages: [GERMAN] },
      );
      const run = await h.processInput();
      const metadata = run.messages[0]?.content.metadata?.language_detection as Record<string, unknown>;
      expect(run.messages[0]?.content.parts[0]).toMatchObject({ text: ENGLISH });
      expect(metadata.translated_from).toBe('de');
      expect(metadata.original_text).toBe(preserveOriginal ? GERMAN : undefined);
    }
  });

  it('target-language messages are never sent to the model', async () => {
    const helper = new ScriptedModel({ steps: [] });
    const { agent } = agentWith({ model: helper, mode: 'offline', strategy: 'translate' });
    await agent.generate(ENGLISH);
    expect(helper.calls).toHaveLength(0);
  });
});

describe('LanguageDetector LLM mode (scripted helper)', () => {
  it('asks the helper for { iso_code, confidence } once per new message, history cached', async () => {
    const helper = new ScriptedModel({ steps: () => '```json\n{"iso_code": "fr", "confidence": 0.95}\n```' });
    const detector = new LanguageDetector({ model: helper, strategy: 'block', targetLanguages: ['French'] });
    const model = new ScriptedModel({ steps: (c) => `réponse ${c.index}` });
    const agent = new Agent({ id: 'fr', instructions: 'Aide.', model, inputProcessors: [detector] });
    const conversation: Array<{ role: 'user' | 'assistant'; content: string }> = [];
    for (let turn = 0; turn < 10; turn++) {
      conversation.push({ role: 'user', content: `Bonjour, voici ma question numéro ${turn}.` });
      const result = await agent.generate(conversation);
      expect(result.tripwire).toBeUndefined();
      conversation.push({ role: 'assistant', content: result.text });
    }
    expect(helper.calls).toHaveLength(10);
    expect(JSON.stringify(helper.calls[9]?.prompt)).toContain('question numéro 9');
    expect(JSON.stringify(helper.calls[9]?.prompt)).not.toContain('question numéro 8');
  });

  it('llm mode with translate: detection and translation in one helper call', async () => {
    const helper = new ScriptedModel({
      steps: [JSON.stringify({ iso_code: 'de', confidence: 0.97, translated_text: ENGLISH })],
    });
    const h = createProcessorHarness(new LanguageDetector({ model: helper, strategy: 'translate' }), {
      messages: [GERMAN],
    });
    const run = await h.processInput();
    expect(helper.calls).toHaveLength(1);
    expect(JSON.stringify(helper.calls[0]?.prompt[0])).toContain('translated_text');
    expect(run.messages[0]?.content.parts[0]).toMatchObject({ text: ENGLISH });
    expect(run.messages[0]?.content.metadata?.language_detection).toMatchObject({
      translated_from: 'de',
      original_text: GERMAN,
    });
  });

  it("the helper's language name is mapped to a code; a wrong shape fails the check (strict aborts)", async () => {
    const helper = new ScriptedModel({ steps: [JSON.stringify({ iso_code: 'German', confidence: 0.9 })] });
    const h = createProcessorHarness(new LanguageDetector({ model: helper, strategy: 'block' }), {
      messages: [GERMAN],
    });
    expect((await h.processInput()).tripwire?.metadata).toMatchObject({ iso_code: 'de' });

    const bad = new ScriptedModel({ steps: ['{"language": "??"}'] });
    const strict = createProcessorHarness(new LanguageDetector({ model: bad, errorStrategy: 'strict' }), {
      messages: [GERMAN],
    });
    expect((await strict.processInput()).tripwire?.metadata).toMatchObject({
      failure: 'check-failed',
      code: 'GUARDRAIL_CHECK_FAILED',
    });
  });

  it("a timed-out helper follows errorStrategy: 'warn' lets the message through unchanged", async () => {
    const helper = new ScriptedModel({
      steps: () => ({ text: '{"iso_code":"de","confidence":1}', delayMs: 300 }),
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const h = createProcessorHarness(
      new LanguageDetector({ model: helper, strategy: 'block', timeoutMs: 20 }),
      { messages: [GERMAN] },
    );
    const run = await h.processInput();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
    expect(run.tripwire).toBeUndefined();
    expect(run.messages[0]?.content.parts[0]).toMatchObject({ text: GERMAN });
  });

  it('hybrid: the model is asked only when eld is not confident enough', async () => {
    const helper = new ScriptedModel({ steps: () => '{"iso_code":"en","confidence":0.9}' });
    const h = createProcessorHarness(new LanguageDetector({ model: helper, mode: 'hybrid' }), {
      messages: [GERMAN, 'qwerty zxcvb asdfg'],
    });
    await h.processInput();
    expect(helper.calls).toHaveLength(1);
    expect(JSON.stringify(helper.calls[0]?.prompt)).toContain('qwerty');
  });
});
