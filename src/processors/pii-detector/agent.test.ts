/**
 * PIIDetector inside an agent: what the client streams, what the main model is sent, what a
 * tool result becomes before the model sees it, and how often a helper model is asked over a
 * multi-turn conversation.
 */
import { Agent } from 'sluice/agent';
import { PIIDetector } from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

async function collect(stream: ReadableStream<ChunkType>): Promise<ChunkType[]> {
  const out: ChunkType[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

const deltas = (chunks: readonly ChunkType[]) =>
  chunks.flatMap((c) => (c.type === 'text-delta' ? [c.payload.text] : []));

function promptTexts(model: ScriptedModel, i: number): string {
  return JSON.stringify(model.calls[i]?.prompt ?? []);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PIIDetector in an agent', () => {
  it('offline, no network: the input is redacted before the model sees it (fetch would throw)', async () => {
    vi.stubGlobal('fetch', () => {
      throw new Error('network used');
    });
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      inputProcessors: [new PIIDetector({ redactionMethod: 'placeholder' })],
    });
    const result = await agent.generate('My IBAN is DE89 3704 0044 0532 0130 00 and my SSN 536-22-1234.');
    expect(result.text).toBe('ok');
    const sent = promptTexts(model, 0);
    expect(sent).toContain('My IBAN is [IBAN] and my SSN [SSN].');
    expect(sent).not.toContain('3704');
  });

  it('filter on input: clean messages reach the model; filtering every message ends the run with a clear tripwire', async () => {
    const model = new ScriptedModel({ steps: ['ok', 'never'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      inputProcessors: [new PIIDetector({ strategy: 'filter' })],
    });
    await agent.generate([
      { role: 'user', content: 'hello' },
      { role: 'user', content: 'my mail a@gmail.com' },
    ]);
    expect(promptTexts(model, 0)).toContain('hello');
    expect(promptTexts(model, 0)).not.toContain('gmail');
    const all = await agent.generate('my mail a@gmail.com');
    expect(all.tripwire).toMatchObject({ processorId: 'pii-detector' });
    expect(all.tripwire?.reason).toContain("strategy 'filter' removed them all");
    expect(model.calls).toHaveLength(1);
  });

  it('stream(): a phone number and an e-mail split across chunks never reach fullStream unredacted', async () => {
    const pieces = ['Sure! Call +49 30 12', '34 5678 or mail jane.', 'doe@', 'gmail.com. Bye', '!'];
    const model = new ScriptedModel({ steps: [{ text: pieces }] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      outputProcessors: [new PIIDetector({ redactionMethod: 'placeholder' })],
    });
    const output = await agent.stream('contact?');
    const chunks = await collect(output.fullStream);
    const streamed = deltas(chunks);
    expect(streamed.join('')).toBe('Sure! Call [PHONE] or mail [EMAIL]. Bye!');
    for (const d of streamed) {
      expect(d).not.toMatch(/\d{2}/);
      expect(d).not.toContain('jane');
      expect(d).not.toContain('gmail');
    }
    expect(await output.text).toBe('Sure! Call [PHONE] or mail [EMAIL]. Bye!');
    expect(JSON.stringify((await output.response).dbMessages ?? [])).not.toContain('gmail');
  });

  it('generate(): the response text is redacted the same way (checked once, in the stream hook)', async () => {
    const model = new ScriptedModel({ steps: [{ text: ['Your SSN is 536-', '22-1234, keep it safe.'] }] });
    const events: string[] = [];
    const pii = new PIIDetector({
      redactionMethod: 'placeholder',
      onDetection: (e) => void events.push(e.hook),
    });
    const agent = new Agent({ id: 'a', instructions: 'x', model, outputProcessors: [pii] });
    const result = await agent.generate('ssn?');
    expect(result.text).toBe('Your SSN is [SSN], keep it safe.');
    expect(events.every((h) => h === 'processOutputStream')).toBe(true);
  });

  it('stream(): warn lets the text through and reports each value once although windows overlap', async () => {
    const model = new ScriptedModel({
      steps: [
        { text: Array.from({ length: 40 }, (_, i) => (i === 20 ? 'mail a.b@gmail.com ' : 'filler text ')) },
      ],
    });
    const pii = new PIIDetector({ strategy: 'warn' });
    const seen: unknown[] = [];
    pii.onViolation = (v) => void seen.push(v.detail);
    const agent = new Agent({ id: 'a', instructions: 'x', model, outputProcessors: [pii] });
    const output = await agent.stream('go');
    expect(deltas(await collect(output.fullStream)).join('')).toContain('a.b@gmail.com');
    expect(seen).toHaveLength(1);
  });

  it('stream(): filter drops the held text that contained the value', async () => {
    const model = new ScriptedModel({ steps: [{ text: ['Card 4111 1111 ', '1111 1111 now.'] }] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      outputProcessors: [new PIIDetector({ strategy: 'filter' })],
    });
    const output = await agent.stream('go');
    expect(deltas(await collect(output.fullStream)).join('')).not.toContain('4111');
  });

  it('stream(): with strategy block, the tripwire ends the stream and the value never goes out', async () => {
    const model = new ScriptedModel({ steps: [{ text: ['Your card 4111 1111', ' 1111 1111 is on file.'] }] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      outputProcessors: [new PIIDetector({ strategy: 'block' })],
    });
    const output = await agent.stream('card?');
    const chunks = await collect(output.fullStream);
    expect(chunks.some((c) => c.type === 'tripwire')).toBe(true);
    expect(deltas(chunks).join('')).not.toContain('4111');
  });

  it('LLM mode in the stream: the helper model is asked once per window of bufferSize characters, not per chunk', async () => {
    const judge = new ScriptedModel({ steps: () => '{"categories":null,"detections":null}' });
    const words = Array.from({ length: 100 }, (_, i) => `word${i} `);
    const model = new ScriptedModel({ steps: [{ text: words }] });
    const pii = new PIIDetector({ model: judge, bufferSize: 200 });
    const agent = new Agent({ id: 'a', instructions: 'x', model, outputProcessors: [pii] });
    const output = await agent.stream('talk');
    const text = deltas(await collect(output.fullStream)).join('');
    expect(text).toBe(words.join(''));
    // ~690 characters in 100 chunks: a handful of windows, far fewer calls than chunks.
    expect(judge.calls.length).toBeGreaterThan(1);
    expect(judge.calls.length).toBeLessThanOrEqual(Math.ceil(text.length / (200 - 64)) + 1);
  });

  it("stream in LLM mode, judge too slow: 'warn' lets the text through, 'strict' ends the run before any text", async () => {
    const slowJudge = () =>
      new ScriptedModel({ steps: () => ({ text: '{"categories":null,"detections":null}', delayMs: 100 }) });
    const run = async (errorStrategy: 'warn' | 'strict') => {
      const model = new ScriptedModel({ steps: [{ text: ['Hello ', 'there, ', 'friend.'] }] });
      const pii = new PIIDetector({ model: slowJudge(), timeoutMs: 10, errorStrategy });
      const agent = new Agent({ id: 'a', instructions: 'x', model, outputProcessors: [pii] });
      return collect((await agent.stream('hi')).fullStream);
    };
    const warned = await run('warn');
    expect(deltas(warned).join('')).toBe('Hello there, friend.');
    const strict = await run('strict');
    expect(deltas(strict)).toEqual([]);
    const tripwire = strict.find((c) => c.type === 'tripwire');
    expect(JSON.stringify(tripwire)).toContain('GUARDRAIL_TIMEOUT');
  });

  it('checkToolResults: a tool result is redacted before the model sees it, and in the stream', async () => {
    const lookup = createTool({
      id: 'lookup-customer',
      description: 'Look up a customer',
      inputSchema: z.object({ id: z.string() }),
      execute: async () => ({
        name: 'Customer 7',
        email: 'jo.bloggs@gmail.com',
        note: 'SSN 536-22-1234 on file',
      }),
    });
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'lookup-customer', args: { id: '7' } }] }, 'Done.'],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { 'lookup-customer': lookup },
      outputProcessors: [new PIIDetector({ checkToolResults: true, redactionMethod: 'placeholder' })],
    });
    const output = await agent.stream('who is 7?');
    const chunks = await collect(output.fullStream);
    const toolResult = chunks.find((c) => c.type === 'tool-result');
    expect(JSON.stringify(toolResult)).toContain('[EMAIL]');
    expect(JSON.stringify(toolResult)).not.toContain('gmail');
    const second = promptTexts(model, 1);
    expect(second).toContain('SSN [SSN] on file');
    expect(second).not.toContain('536-22-1234');
  });

  it('checkToolResults: long integers are checked as text (a card number returned as a number)', async () => {
    const tool = createTool({
      id: 'billing',
      description: 'Billing',
      inputSchema: z.object({}),
      execute: async () => ({ card: 4111111111111111, quantity: 3, invoice: 2024000123 }),
    });
    const model = new ScriptedModel({ steps: [{ toolCalls: [{ toolName: 'billing', args: {} }] }, 'ok'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { billing: tool },
      outputProcessors: [new PIIDetector({ checkToolResults: true, redactionMethod: 'placeholder' })],
    });
    await agent.generate('bill');
    const second = promptTexts(model, 1);
    expect(second).toContain('[CREDIT_CARD]');
    expect(second).not.toContain('4111111111111111');
    expect(second).toContain('2024000123');
    expect(second).toMatch(/quantity\\?"?:3/);
  });

  it('checkToolResults with block: the run stops before the model sees the tool result', async () => {
    const tool = createTool({
      id: 'fetch',
      description: 'Fetch',
      inputSchema: z.object({}),
      execute: async () => 'key: sk-proj-Ab3dE5fGh7iJk9LmN1oPq3RsT5uVw7Xy',
    });
    const model = new ScriptedModel({ steps: [{ toolCalls: [{ toolName: 'fetch', args: {} }] }, 'never'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { fetch: tool },
      outputProcessors: [new PIIDetector({ checkToolResults: true, strategy: 'block' })],
    });
    const result = await agent.generate('go');
    expect(result.tripwire).toMatchObject({ processorId: 'pii-detector' });
    expect(model.calls).toHaveLength(1);
  });

  it('a 10-turn conversation costs one helper-model check per new message: history is never re-checked', async () => {
    const judge = new ScriptedModel({ steps: () => '{"categories":null,"detections":null}' });
    const pii = new PIIDetector({ model: judge });
    const replies = Array.from({ length: 10 }, (_, i) => `Reply number ${i}.`);
    const model = new ScriptedModel({ steps: replies });
    const agent = new Agent({ id: 'a', instructions: 'x', model, inputProcessors: [pii] });
    const history: Array<{ role: 'user' | 'assistant'; content: string }> = [];
    for (let turn = 0; turn < 10; turn++) {
      history.push({ role: 'user', content: `Question ${turn}?` });
      const before = judge.calls.length;
      const result = await agent.generate([...history]);
      // New this turn: the question, plus the previous answer (first seen as input now).
      expect(judge.calls.length - before).toBe(turn === 0 ? 1 : 2);
      history.push({ role: 'assistant', content: result.text });
    }
    const checked = judge.calls.map((c) => {
      const user = c.prompt.find((m) => m.role === 'user');
      return user && Array.isArray(user.content)
        ? user.content.map((p) => ('text' in p ? p.text : '')).join('')
        : '';
    });
    expect(new Set(checked).size).toBe(checked.length);
    expect(checked).toHaveLength(19);
  });
});
