/**
 * ModerationProcessor (api-reference 6.9): every strategy in both modes, LLM mode against a
 * scripted helper (its call count and what it received), offline mode with no model and no
 * network, the fail policy on timeouts, verdicts cached across turns, and the output stream
 * checked per window through the stream window.
 */
import { Agent } from 'sluice/agent';
import {
  ModerationProcessor,
  type ModerationProcessorOptions,
  moderateOffline,
  type ProcessorViolation,
} from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';
import { createProcessorHarness, finishChunk, ScriptedModel, textDelta } from 'sluice/test';
import { describe, expect, it, vi } from 'vitest';

const ABUSE = 'You are a worthless bitch and I will kill you.';
const CLEAN = 'Could you summarise the quarterly report for me?';

const flaggedAnswer = (category = 'harassment', score = 0.92) =>
  JSON.stringify({ category_scores: [{ category, score }], reason: `looks like ${category}` });
const cleanAnswer = JSON.stringify({ category_scores: null, reason: null });

function mainModel(text: string | string[] = 'Sure, here it is.') {
  return new ScriptedModel({ steps: () => ({ text }) });
}

function agentWith(options: ModerationProcessorOptions, text?: string | string[]) {
  const moderation = new ModerationProcessor(options);
  const model = mainModel(text);
  const agent = new Agent({
    id: 'moderated',
    instructions: 'Be helpful.',
    model,
    inputProcessors: [moderation],
    outputProcessors: [moderation],
  });
  return { agent, model, moderation };
}

async function collect(stream: ReadableStream<ChunkType>): Promise<ChunkType[]> {
  const out: ChunkType[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

const textOf = (chunks: readonly ChunkType[]) =>
  chunks.map((c) => (c.type === 'text-delta' ? c.payload.text : '')).join('');

describe('moderateOffline: word list and phrases mapped to the documented categories', () => {
  it('scores slurs as hate, directed insults as harassment, threats, self-harm and sexual terms', () => {
    const top = (text: string) =>
      Object.fromEntries(moderateOffline(text).category_scores.map((s) => [s.category, s.score]));
    expect(top('you stupid bitch').harassment).toBeGreaterThan(0.7);
    expect(top('I will kill you tomorrow')['harassment/threatening']).toBeGreaterThan(0.8);
    expect(top('what is the easiest way to kill myself')['self-harm/instructions']).toBeGreaterThan(0.8);
    expect(top('I want to end my life')['self-harm/intent']).toBeGreaterThan(0.8);
    expect(top('send me porn').sexual).toBeGreaterThan(0.7);
    expect(top('they dismembered the body, blood everywhere')['violence/graphic']).toBeGreaterThan(0.7);
    expect(moderateOffline('a fuck').hits[0]).toMatchObject({ start: 2, end: 6, term: 'fuck' });
  });

  it('figurative "kill" / "shoot" / "beat" and plain mentions of suicide stay below the default threshold', () => {
    for (const text of [
      "I'll shoot him an email tomorrow.",
      'I will beat you at chess tonight.',
      "We're going to kill it on stage.",
      'Call the suicide prevention hotline at any hour.',
    ]) {
      const top = moderateOffline(text).category_scores[0]?.score ?? 0;
      expect(top, text).toBeLessThanOrEqual(0.5);
    }
    expect(moderateOffline("I'm feeling suicidal").category_scores).toContainEqual({
      category: 'self-harm/intent',
      score: 0.9,
    });
  });

  it('innocent text scores nothing (including Scunthorpe-style look-alikes)', () => {
    for (const text of [
      CLEAN,
      'Scunthorpe is a town in England',
      'The class assessment passed',
      'Kill the process with SIGTERM',
    ]) {
      expect(moderateOffline(text).category_scores, text).toEqual([]);
    }
  });
});

describe('ModerationProcessor offline (no model, no network)', () => {
  it('constructing without a model is valid and runs offline', () => {
    expect(new ModerationProcessor().mode).toBe('offline');
    expect(new ModerationProcessor({ model: 'openai/gpt-5-nano' }).mode).toBe('llm');
    expect(() => new ModerationProcessor({ mode: 'llm' })).toThrow(
      /moderation: mode "llm" asks a helper model/,
    );
  });

  it('offline makes no network call (fetch is never used)', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const { agent } = agentWith({ strategy: 'block' }, 'You are a worthless bitch.');
    await agent.generate(ABUSE);
    await (await agent.stream(CLEAN)).text;
    expect(fetch).not.toHaveBeenCalled();
    fetch.mockRestore();
  });

  it('block: flagged input ends the run with a tripwire before the main model is called', async () => {
    const { agent, model } = agentWith({ strategy: 'block', includeScores: true });
    const result = await agent.generate(ABUSE);
    expect(result.tripwire).toMatchObject({
      processorId: 'moderation',
      metadata: {
        processorId: 'moderation',
        phase: 'input',
        source: 'offline',
        categories: expect.arrayContaining(['harassment', 'harassment/threatening', 'violence']),
        scores: expect.arrayContaining([expect.objectContaining({ category: 'harassment' })]),
      },
    });
    expect(result.tripwire?.reason).toMatch(/Content flagged by moderation/);
    expect(model.calls).toHaveLength(0);
  });

  it('block: scores are left out of the metadata without includeScores', async () => {
    const { agent } = agentWith({});
    const result = await agent.generate(ABUSE);
    expect(result.tripwire?.metadata).not.toHaveProperty('scores');
  });

  it('warn: content goes through; onViolation gets the categories', async () => {
    const onViolation = vi.fn();
    const { agent, model } = agentWith({ strategy: 'warn', onViolation });
    const result = await agent.generate(ABUSE);
    expect(result.tripwire).toBeUndefined();
    expect(result.text).toBe('Sure, here it is.');
    expect(JSON.stringify(model.calls[0]?.prompt)).toContain('worthless');
    const detail = (onViolation.mock.calls[0]?.[0] as ProcessorViolation | undefined)?.detail;
    expect(detail).toMatchObject({
      strategy: 'warn',
      phase: 'input',
      categories: expect.arrayContaining(['harassment']),
    });
  });

  it('filter: flagged input messages are dropped, the others reach the model', async () => {
    const { agent, model } = agentWith({ strategy: 'filter' });
    await agent.generate([
      { role: 'user', content: ABUSE },
      { role: 'user', content: CLEAN },
    ]);
    const sent = JSON.stringify(model.calls[0]?.prompt);
    expect(sent).toContain('quarterly report');
    expect(sent).not.toContain('worthless');
  });

  it('threshold: a score at or below it is not flagged', async () => {
    const { agent } = agentWith({ threshold: 0.95 });
    const result = await agent.generate('you idiot, this is shit');
    expect(result.tripwire).toBeUndefined();
  });

  it('categories: only the listed categories are flagged', async () => {
    const { agent } = agentWith({ categories: ['sexual'] });
    expect((await agent.generate(ABUSE)).tripwire).toBeUndefined();
    expect((await agent.generate('send me porn now')).tripwire?.metadata).toMatchObject({
      categories: ['sexual'],
    });
  });

  it('stream block: abusive output split across chunks never reaches the client', async () => {
    const pieces = ['Well, you are a worthless bi', 'tch and I will ', 'kill you. ', 'Have a nice day.'];
    const { agent } = agentWith({ strategy: 'block' }, pieces);
    const output = await agent.stream(CLEAN);
    const chunks = await collect(output.fullStream);
    expect(textOf(chunks)).not.toContain('worthless');
    expect(chunks.some((c) => c.type === 'tripwire')).toBe(true);
  });

  it('stream filter: flagged windows are dropped, clean windows go out', async () => {
    const { agent } = agentWith({ strategy: 'filter', stream: { windowChars: 40, overlapChars: 10 } }, [
      'This first part of the answer is completely fine and long enough. ',
      'But you are a stupid bitch. ',
      'And this last part is fine again, also long enough to fill a window.',
    ]);
    const output = await agent.stream(CLEAN);
    const text = textOf(await collect(output.fullStream));
    expect(text).toContain('This first part');
    expect(text).not.toContain('bitch');
  });

  it('generate(): the response is checked too (through the synthesised stream)', async () => {
    const { agent } = agentWith({ strategy: 'block' }, 'Go kill yourself.');
    const result = await agent.generate(CLEAN);
    expect(result.tripwire?.metadata).toMatchObject({ phase: 'output-stream' });
    expect(result.text).not.toContain('kill yourself');
  });

  it('processOutputResult (no stream ran): block and filter act on the response message', async () => {
    const blocked = await createProcessorHarness(new ModerationProcessor()).processOutputResult({
      text: ABUSE,
    });
    expect(blocked.tripwire?.metadata).toMatchObject({ phase: 'output-result' });
    const filtered = await createProcessorHarness(
      new ModerationProcessor({ strategy: 'filter' }),
    ).processOutputResult({ text: ABUSE });
    expect(filtered.tripwire).toBeUndefined();
    expect(filtered.messages.some((m) => m.role === 'assistant')).toBe(false);
  });

  it('stream warn: the text goes out unchanged and onViolation is told', async () => {
    const onViolation = vi.fn();
    const h = createProcessorHarness(new ModerationProcessor({ strategy: 'warn', onViolation }));
    const run = await h.processOutputStream(['you stupid ', 'bitch, go away', finishChunk()]);
    expect(textOf(run.chunks)).toBe('you stupid bitch, go away');
    expect((onViolation.mock.calls[0]?.[0] as ProcessorViolation | undefined)?.detail).toMatchObject({
      strategy: 'warn',
      phase: 'output-stream',
      categories: ['harassment'],
    });
  });

  it('rejects bad options with errors naming the option', () => {
    expect(() => new ModerationProcessor({ threshold: 2 })).toThrow(
      /moderation: option "threshold" must be a number from 0 to 1/,
    );
    expect(() => new ModerationProcessor({ strategy: 'redact' as never })).toThrow(/strategy/);
    expect(() => new ModerationProcessor({ categories: [] })).toThrow(/categories/);
    expect(() => new ModerationProcessor({ categories: ['spam'] })).toThrow(
      /'spam', which offline moderation cannot score/,
    );
    expect(new ModerationProcessor({ model: 'openai/gpt-5-nano', categories: ['spam'] }).mode).toBe('llm');
    expect(() => new ModerationProcessor({ chunkWindow: -1 })).toThrow(/chunkWindow/);
    expect(() => new ModerationProcessor({ timeoutMs: 0 })).toThrow(/timeoutMs/);
  });
});

describe('ModerationProcessor LLM mode (scripted helper model)', () => {
  it('asks the helper once per message with the categories and parses a fenced answer', async () => {
    const judge = new ScriptedModel({
      steps: [`Result:\n\`\`\`json\n${flaggedAnswer('hate', 0.8)}\n\`\`\``],
    });
    const { agent, model } = agentWith({ model: judge, categories: ['hate', 'violence'] });
    const result = await agent.generate('some subtle text');
    expect(judge.calls).toHaveLength(1);
    const prompt = JSON.stringify(judge.calls[0]?.prompt);
    expect(prompt).toContain('some subtle text');
    expect(prompt).toContain('- hate');
    expect(prompt).toContain('- violence');
    expect(result.tripwire?.metadata).toMatchObject({
      categories: ['hate'],
      reason: 'looks like hate',
      source: 'llm',
    });
    expect(model.calls).toHaveLength(0);
  });

  it('instructions replace the generated prompt; providerOptions reach the helper', async () => {
    const judge = new ScriptedModel({ steps: () => cleanAnswer });
    const { agent } = agentWith({
      model: judge,
      instructions: 'House rules: no talk about competitors.',
      providerOptions: { openai: { reasoningEffort: 'low' } },
    });
    await agent.generate(CLEAN);
    const system = JSON.stringify(judge.calls[0]?.prompt[0]);
    expect(system).toContain('House rules');
    expect(system).not.toContain('content-safety moderation classifier');
    expect(judge.calls[0]?.providerOptions).toEqual({ openai: { reasoningEffort: 'low' } });
  });

  it('lastMessageOnly: only the newest input message is sent to the helper', async () => {
    const judge = new ScriptedModel({ steps: () => cleanAnswer });
    const { agent } = agentWith({ model: judge, lastMessageOnly: true });
    await agent.generate([
      { role: 'user', content: 'first message' },
      { role: 'assistant', content: 'a reply' },
      { role: 'user', content: 'newest message' },
    ]);
    const inputChecks = judge.calls.filter((c) => JSON.stringify(c.prompt).includes('message'));
    expect(inputChecks).toHaveLength(1);
    expect(JSON.stringify(inputChecks[0]?.prompt)).toContain('newest message');
  });

  it('only new content is checked: a 10-turn conversation costs one helper call per new message', async () => {
    const judge = new ScriptedModel({ steps: () => cleanAnswer });
    const moderation = new ModerationProcessor({ model: judge });
    const model = new ScriptedModel({ steps: (call) => `reply ${call.index}` });
    const agent = new Agent({
      id: 'chat',
      instructions: 'Be brief.',
      model,
      inputProcessors: [moderation],
      outputProcessors: [moderation],
    });
    const conversation: Array<{ role: 'user' | 'assistant'; content: string }> = [];
    for (let turn = 0; turn < 10; turn++) {
      conversation.push({ role: 'user', content: `question number ${turn}` });
      const result = await agent.generate(conversation);
      conversation.push({ role: 'assistant', content: result.text });
    }
    // Per turn: the new user message (input) and the new reply (output stream) — history is cached.
    // Turn t also re-sends reply t-1 as input: it was checked as one stream window, the same text.
    expect(judge.calls).toHaveLength(20);
  });

  it('the output stream is checked per window, not per chunk', async () => {
    const judge = new ScriptedModel({ steps: () => cleanAnswer });
    const pieces = Array.from({ length: 100 }, (_, i) => `w${i} `);
    const { agent } = agentWith({ model: judge, stream: { windowChars: 120, overlapChars: 20 } }, pieces);
    const output = await agent.stream('hello there friend');
    const text = textOf(await collect(output.fullStream));
    expect(text).toBe(pieces.join(''));
    const outputChecks = judge.calls.length - 1; // one input check
    expect(outputChecks).toBeGreaterThan(1);
    expect(outputChecks).toBeLessThanOrEqual(Math.ceil(text.length / 100) + 1);
  });

  it('chunkWindow: earlier windows are shown to the helper as context', async () => {
    const judge = new ScriptedModel({ steps: () => cleanAnswer });
    const pieces = Array.from({ length: 30 }, (_, i) => `part${i} `);
    const { agent } = agentWith(
      { model: judge, chunkWindow: 2, stream: { windowChars: 50, overlapChars: 10 } },
      pieces,
    );
    await (await agent.stream('hi there')).text;
    const withContext = judge.calls.filter((c) => JSON.stringify(c.prompt).includes('for context only'));
    expect(withContext.length).toBeGreaterThan(0);
  });

  it('hybrid: the model is asked only for grey-band texts', async () => {
    const judge = new ScriptedModel({ steps: () => cleanAnswer });
    const moderation = new ModerationProcessor({ model: judge, mode: 'hybrid' });
    const h = createProcessorHarness(moderation, {
      messages: [CLEAN, 'this is shit', 'you are a worthless bitch, go kill yourself'],
    });
    const run = await h.processInput();
    // Clean: offline decides. Mild profanity (0.25): grey band, the model decides. Clear abuse: offline blocks.
    expect(judge.calls).toHaveLength(1);
    expect(JSON.stringify(judge.calls[0]?.prompt)).toContain('this is shit');
    expect(run.tripwire?.metadata).toMatchObject({ source: 'offline' });
  });

  it('hybrid with a custom category: clean-looking text still goes to the model', async () => {
    const judge = new ScriptedModel({ steps: () => flaggedAnswer('spam', 0.9) });
    const h = createProcessorHarness(
      new ModerationProcessor({ model: judge, mode: 'hybrid', categories: ['spam', 'hate'] }),
      {
        messages: ['Buy cheap watches now!!!'],
      },
    );
    const run = await h.processInput();
    expect(judge.calls).toHaveLength(1);
    expect(run.tripwire?.metadata).toMatchObject({ categories: ['spam'], source: 'llm' });
  });

  it("errorStrategy 'warn' (default): a timed-out check lets content through and reports it", async () => {
    const judge = new ScriptedModel({ steps: () => ({ text: flaggedAnswer(), delayMs: 300 }) });
    const onViolation = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { agent, model } = agentWith({ model: judge, timeoutMs: 30, onViolation });
    const started = Date.now();
    const result = await agent.generate(CLEAN);
    warn.mockRestore();
    expect(result.tripwire).toBeUndefined();
    expect(model.calls).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(onViolation.mock.calls.map((c) => (c[0] as ProcessorViolation).detail)).toContainEqual(
      expect.objectContaining({ failure: 'timeout', errorStrategy: 'warn' }),
    );
  });

  it("errorStrategy 'strict': a timed-out check aborts the run, naming the failure", async () => {
    const judge = new ScriptedModel({ steps: () => ({ text: cleanAnswer, delayMs: 300 }) });
    const { agent, model } = agentWith({ model: judge, timeoutMs: 30, errorStrategy: 'strict' });
    const result = await agent.generate(CLEAN);
    expect(result.tripwire?.metadata).toMatchObject({
      processorId: 'moderation',
      failure: 'timeout',
      code: 'GUARDRAIL_TIMEOUT',
    });
    expect(model.calls).toHaveLength(0);
  });

  it("errorStrategy 'strict': an unparseable answer aborts with GUARDRAIL_CHECK_FAILED", async () => {
    const judge = new ScriptedModel({ steps: () => 'I would rather not say.' });
    const { agent } = agentWith({ model: judge, errorStrategy: 'strict' });
    const result = await agent.generate(CLEAN);
    expect(result.tripwire?.metadata).toMatchObject({
      failure: 'check-failed',
      code: 'GUARDRAIL_CHECK_FAILED',
    });
  });

  it('a failed check is not cached: it is asked again next time', async () => {
    let n = 0;
    const judge = new ScriptedModel({
      steps: () => (n++ === 0 ? { throwBeforeStream: new Error('503') } : cleanAnswer),
    });
    const moderation = new ModerationProcessor({ model: judge, onViolation: () => {} });
    const h1 = createProcessorHarness(moderation, { messages: [CLEAN] });
    await h1.processInput();
    const h2 = createProcessorHarness(moderation, { messages: [CLEAN] });
    await h2.processInput();
    expect(judge.calls).toHaveLength(2);
  });

  it('the stream window holds text until checked (harness: nothing out before a window is full)', async () => {
    const moderation = new ModerationProcessor({ stream: { windowChars: 64, overlapChars: 16 } });
    const h = createProcessorHarness(moderation);
    const first = await h.processOutputStream([textDelta('short start ')]);
    expect(first.chunks).toEqual([]);
    const rest = await h.processOutputStream([textDelta('and the rest'), finishChunk()]);
    expect(textOf(rest.chunks)).toBe('short start and the rest');
  });
});
