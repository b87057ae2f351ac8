/**
 * A model call retried through processAPIError: a failed attempt leaves nothing behind (rolled
 * back messages, signals, tool calls), both retry budgets hold, an abort ends the run at once,
 * callbacks and usage count the accepted attempt only, and attachments the model cannot fetch
 * get placeholders without a second download.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APICallError } from '@ai-sdk/provider';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { MessageListInput } from '../messages/index.js';
import type { ErrorProcessor, InputProcessor } from '../processors/index.js';
import { StreamErrorRetryProcessor } from '../processors/stream-error-retry/index.js';
import type { ChunkType } from '../stream/index.js';
import { ScriptedModel } from '../test/index.js';
import { createTool } from '../tools/index.js';
import { Agent } from './agent.js';

function apiError(message: string, statusCode: number, extra: Partial<{ isRetryable: boolean }> = {}) {
  return new APICallError({
    message,
    url: 'http://127.0.0.1/v1/messages',
    requestBodyValues: {},
    statusCode,
    responseBody: JSON.stringify({ error: { message } }),
    isRetryable: extra.isRetryable ?? statusCode >= 500,
  });
}

/** A retryable mid-stream failure (what a dropped connection looks like to the loop). */
const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
/** The test file servers listen on loopback, which attachment downloads refuse by default. */
const LOCAL_FILES = { allowPrivateNetworks: true };

async function collect(stream: { fullStream: AsyncIterable<ChunkType> }): Promise<ChunkType[]> {
  const chunks: ChunkType[] = [];
  for await (const chunk of stream.fullStream) chunks.push(chunk);
  return chunks;
}

function counterTool(counter: { runs: number }) {
  return createTool({
    id: 'lookup',
    description: 'lookup',
    inputSchema: z.object({ q: z.string() }),
    execute: async ({ q }: { q: string }) => {
      counter.runs++;
      return { answer: `result for ${q}` };
    },
  });
}

describe('a model call that fails after tools ran in an earlier step', () => {
  it('keeps the tool step intact, runs the tool once, and holds only the accepted final answer', async () => {
    const counter = { runs: 0 };
    const model = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'lookup', args: { q: 'oslo' }, toolCallId: 'call-1' }] },
        { text: ['half ', 'answer'], errorAfterChunks: { after: 4, error: reset, mode: 'throw' } },
        { text: 'final answer' },
      ],
    });
    const stepFinishes: number[] = [];
    const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { lookup: counterTool(counter) } });
    const stream = await agent.stream('hi', {
      onStepFinish: (step) => {
        stepFinishes.push(step.stepNumber);
      },
    });
    const chunks = await collect(stream);
    const result = await stream.getFullOutput();

    expect(counter.runs).toBe(1);
    expect(model.calls).toHaveLength(3);
    expect(result.text).toBe('final answer');
    expect(result.steps.map((s) => s.stepNumber)).toEqual([0, 1]);
    expect(result.toolCalls).toHaveLength(1);
    expect(result.toolResults).toHaveLength(1);
    expect(stepFinishes).toEqual([0, 1]);
    const stored = JSON.stringify(result.response.dbMessages);
    expect(stored).not.toContain('half');
    expect(stored).toContain('result for oslo');
    const invocations = result.response.dbMessages.flatMap((m) =>
      m.content.parts.filter((p) => p.type === 'tool-invocation'),
    );
    expect(invocations).toHaveLength(1);
    // The retried call sees the tool call and its result exactly once.
    const retried = JSON.stringify(model.calls[2]?.prompt);
    expect(retried.match(/"toolCallId":"call-1"/g)?.length).toBe(2); // call + result
    expect(retried).not.toContain('half');
    expect(chunks.filter((c) => c.type === 'tool-result')).toHaveLength(1);
    expect(chunks.at(-1)?.type).toBe('finish');
  });
});

describe('processor retry and API-error retry in the same step', () => {
  it('tripwire retry, then a failed call: the third call keeps the feedback; both counters count', async () => {
    const model = new ScriptedModel({
      steps: ['bad', { throwBeforeStream: apiError('overloaded', 529) }, 'good'],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      maxProcessorRetries: 2,
      outputProcessors: [
        {
          id: 'judge',
          processOutputStep: ({ text, abort }) => {
            if (text === 'bad') abort('be good', { retry: true });
          },
        },
      ],
    });
    const stream = await agent.stream('hi');
    const chunks = await collect(stream);
    const result = await stream.getFullOutput();
    expect(result.text).toBe('good');
    expect(model.calls).toHaveLength(3);
    expect(JSON.stringify(model.calls[2]?.prompt)).toBe(JSON.stringify(model.calls[1]?.prompt));
    expect(JSON.stringify(model.calls[2]?.prompt)).toContain('be good');
    expect(chunks.at(-1)).toMatchObject({ payload: { processorRetryCount: 1, apiErrorRetryCount: 1 } });
    expect(JSON.stringify(result.response.dbMessages)).not.toContain('bad');
  });

  it('a failed call, then a tripwire retry: the rejected answer is fed back, the failed attempt is not', async () => {
    const model = new ScriptedModel({
      steps: [
        { text: ['lost ', 'words'], errorAfterChunks: { after: 4, error: reset, mode: 'throw' } },
        'bad',
        'good',
      ],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      maxProcessorRetries: 2,
      outputProcessors: [
        {
          id: 'judge',
          processOutputStep: ({ text, abort }) => {
            if (text === 'bad') abort('be good', { retry: true });
          },
        },
      ],
    });
    const result = await agent.generate('hi');
    expect(result.text).toBe('good');
    expect(model.calls).toHaveLength(3);
    const third = JSON.stringify(model.calls[2]?.prompt);
    expect(third).toContain('bad');
    expect(third).toContain('be good');
    expect(third).not.toContain('lost');
  });
});

describe('abort', () => {
  it('an abort during the StreamErrorRetryProcessor delay ends the run at once, with no further call', async () => {
    const model = new ScriptedModel({ steps: [{ throwBeforeStream: apiError('overloaded', 529) }, 'never'] });
    const controller = new AbortController();
    const onRetry = vi.fn(() => {
      setTimeout(() => controller.abort(new Error('user left')), 20);
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      errorProcessors: [
        new StreamErrorRetryProcessor({ matchers: [{ match: () => true, delayMs: 60_000, onRetry }] }),
      ],
    });
    const onAbort = vi.fn();
    const onError = vi.fn();
    const started = Date.now();
    const stream = await agent.stream('hi', { abortSignal: controller.signal, onAbort, onError });
    const chunks = await collect(stream);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(model.calls).toHaveLength(1);
    expect(chunks.at(-1)?.type).toBe('abort');
    expect(onAbort).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 50));
    expect(model.calls).toHaveLength(1);
  });
});

describe('callbacks and usage with retries', () => {
  it('onStepFinish/onFinish once per accepted step/run, onError never on a recovered run; usage of the accepted attempt', async () => {
    const model = new ScriptedModel({
      steps: [
        { throwBeforeStream: apiError('overloaded', 529) },
        { text: 'ok', usage: { inputTokens: 10, outputTokens: 5 } },
      ],
    });
    const onStepFinish = vi.fn();
    const onFinish = vi.fn();
    const onError = vi.fn();
    const agent = new Agent({ id: 'a', instructions: 'x', model });
    const result = await agent.generate('hi', { onStepFinish, onFinish, onError });
    expect(result.text).toBe('ok');
    expect(onStepFinish).toHaveBeenCalledTimes(1);
    expect(onFinish).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    expect(result.usage).toMatchObject({ inputTokens: 10, outputTokens: 5 });
  });

  it('generate() and stream() agree on an unrecovered error: same error object, onError once, no onFinish', async () => {
    const err = apiError('bad request', 400);
    const run = async (mode: 'generate' | 'stream') => {
      const model = new ScriptedModel({ steps: [{ throwBeforeStream: err }] });
      const onError = vi.fn();
      const onFinish = vi.fn();
      const agent = new Agent({ id: 'a', instructions: 'x', model });
      if (mode === 'generate') {
        const caught = await agent.generate('hi', { onError, onFinish }).catch((e: unknown) => e);
        return { caught, onError, onFinish, calls: model.calls.length };
      }
      const stream = await agent.stream('hi', { onError, onFinish });
      const chunks = await collect(stream);
      const last = chunks.at(-1) as { type: string; payload: { error: unknown } };
      expect(last.type).toBe('error');
      return { caught: last.payload.error, onError, onFinish, calls: model.calls.length };
    };
    const g = await run('generate');
    const s = await run('stream');
    expect(g.calls).toBe(1);
    expect(s.calls).toBe(1);
    expect((g.caught as APICallError).statusCode).toBe(400);
    expect((s.caught as APICallError).statusCode).toBe(400);
    expect((g.caught as Error).message).toBe((s.caught as Error).message);
    expect(g.onError).toHaveBeenCalledTimes(1);
    expect(s.onError).toHaveBeenCalledTimes(1);
    expect(g.onFinish).not.toHaveBeenCalled();
    expect(s.onFinish).not.toHaveBeenCalled();
  });
});

describe('structured output and API retries', () => {
  it('a partial JSON answer that fails mid-stream never reaches the object; the retried answer does', async () => {
    const model = new ScriptedModel({
      steps: [
        { text: ['{"city":"Ber', 'gen"'], errorAfterChunks: { after: 4, error: reset, mode: 'throw' } },
        { text: '{"city":"Oslo"}' },
      ],
    });
    const agent = new Agent({ id: 'a', instructions: 'x', model });
    const stream = await agent.stream('hi', { structuredOutput: { schema: z.object({ city: z.string() }) } });
    const chunks = await collect(stream);
    expect(await stream.object).toEqual({ city: 'Oslo' });
    const results = chunks.filter((c) => c.type === 'object-result');
    expect(results).toHaveLength(1);
    expect(await stream.text).toBe('{"city":"Oslo"}');
  });
});

describe('an always-retrying error processor', () => {
  it('terminates at the budget even when it is large', async () => {
    const model = new ScriptedModel({ steps: () => ({ throwBeforeStream: apiError('nope', 503) }) });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      errorProcessorDefaults: false,
      errorProcessors: [{ id: 'always', processAPIError: () => ({ retry: true }) }],
      maxProcessorRetries: 200,
    });
    await expect(agent.generate('hi')).rejects.toMatchObject({ statusCode: 503 });
    expect(model.calls).toHaveLength(201);
  });
});

describe('PrefillErrorHandler with a transient failure on its retry', () => {
  it('the "continue" reminder holds for every later attempt of the step, also after a transient failure', async () => {
    const prefill = apiError(
      'This model does not support assistant message prefill. The conversation must end with a user message.',
      400,
    );
    const model = new ScriptedModel({
      steps: (call) => {
        const prompt = JSON.stringify(call.prompt);
        // The provider refuses every request whose last turn is the assistant's.
        if (call.prompt.at(-1)?.role === 'assistant') return { throwBeforeStream: prefill };
        if (call.index === 1) return { throwBeforeStream: apiError('Overloaded', 529) };
        return { text: prompt.includes('continue') ? 'continued' : 'no reminder' };
      },
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      // The seed's "tuned-agent": more stream retries, allowed by maxProcessorRetries.
      errorProcessors: [new StreamErrorRetryProcessor({ maxRetries: 3 })],
      maxProcessorRetries: 3,
    });
    const history: MessageListInput = [
      { role: 'user', content: 'Write a haiku.' },
      { role: 'assistant', content: 'Autumn moonlight' },
    ];
    const result = await agent.generate(history);
    // call 0: prefill refused → PEH sends a transient "continue" and retries;
    // call 1: 529 → StreamErrorRetryProcessor retries; call 2 must still end with the reminder.
    expect(model.calls.map((c) => c.prompt.at(-1)?.role)).toEqual(['assistant', 'user', 'user']);
    expect(result.text).toBe('continued');
  });
});

describe('attachments the model cannot fetch itself', () => {
  let files: Server;
  let base: string;
  const hits: string[] = [];
  beforeAll(async () => {
    files = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url?.startsWith('/good')) {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end('%PDF-1.4 good');
      } else if (req.url?.startsWith('/zip')) {
        res.writeHead(200, { 'content-type': 'application/zip' });
        res.end('PK-zip');
      } else {
        res.writeHead(404);
        res.end('missing');
      }
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    files.closeAllConnections();
    await new Promise((resolve) => files.close(resolve));
  });
  afterEach(() => {
    hits.length = 0;
    vi.restoreAllMocks();
  });

  const pdf = (url: string, filename?: string) => ({
    type: 'file' as const,
    data: url,
    mediaType: 'application/pdf',
    ...(filename ? { filename } : {}),
  });

  it('several failed attachments: each gets its placeholder and metadata, the turn succeeds with one model call', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const model = new ScriptedModel({ steps: ['read what I could'] });
    const agent = new Agent({ id: 'a', instructions: 'x', model, attachmentDownloads: LOCAL_FILES });
    const result = await agent.generate([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Compare.' },
          pdf(`${base}/missing-a.pdf`, 'a.pdf'),
          pdf(`${base}/good.pdf`, 'good.pdf'),
          pdf(`${base}/missing-b.pdf`, 'b.pdf'),
        ],
      },
    ]);
    expect(result.text).toBe('read what I could');
    expect(model.calls).toHaveLength(1);
    const prompt = JSON.stringify(model.calls[0]?.prompt);
    expect(prompt).toContain('[Attachment unavailable: a.pdf]');
    expect(prompt).toContain('[Attachment unavailable: b.pdf]');
    expect(prompt).not.toContain('[Attachment unavailable: good.pdf]');
    const user = result.messages.find((m) => m.role === 'user');
    expect(user?.content.metadata).toMatchObject({
      mastra: {
        unavailableAttachments: [
          { url: `${base}/missing-a.pdf`, name: 'a.pdf' },
          { url: `${base}/missing-b.pdf`, name: 'b.pdf' },
        ],
      },
    });
  });

  it('several failed attachments get their placeholders in one round; nothing is downloaded twice', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'x', model, attachmentDownloads: LOCAL_FILES });
    const missing = ['m1', 'm2', 'm3', 'm4'].map((n) => pdf(`${base}/${n}.pdf`));
    await agent.generate([
      { role: 'user', content: [{ type: 'text', text: 'Read all.' }, ...missing, pdf(`${base}/good.pdf`)] },
    ]);
    expect(model.calls).toHaveLength(1);
    // 404s are final: one request per URL is all the turn needs. Each placeholder round
    // re-fetches every URL not yet marked unavailable (downloads of later parts are cancelled
    // when an earlier one fails, then started again next round): O(attachments²) requests.
    for (const n of ['m1', 'm2', 'm3', 'm4', 'good']) {
      expect(
        hits.filter((h) => h === `/${n}.pdf`),
        n,
      ).toHaveLength(1);
    }
  });

  it('the same URL under two file names: each message gets the placeholder with its own name', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'x', model, attachmentDownloads: LOCAL_FILES });
    const url = `${base}/shared.pdf`;
    const result = await agent.generate([
      { role: 'user', content: [{ type: 'text', text: 'First.' }, pdf(url, 'q1-report.pdf')] },
      { role: 'assistant', content: 'Noted.' },
      { role: 'user', content: [{ type: 'text', text: 'Again.' }, pdf(url, 'q2-report.pdf')] },
    ]);
    expect(result.text).toBe('ok');
    const prompt = JSON.stringify(model.calls[0]?.prompt);
    // The placeholder names the file the part carried, so each message gets its own name.
    expect(prompt).toContain('[Attachment unavailable: q1-report.pdf]');
    expect(prompt).toContain('[Attachment unavailable: q2-report.pdf]');
  });

  it('an attachment without a content type takes the downloaded Content-Type', async () => {
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'x', model, attachmentDownloads: LOCAL_FILES });
    await agent.generate([
      { role: 'user', content: 'Read it.', experimental_attachments: [{ url: `${base}/good.pdf` }] } as never,
    ]);
    expect(hits).toEqual(['/good.pdf']);
    const file = (model.calls[0]?.prompt ?? [])
      .flatMap((m) => (Array.isArray(m.content) ? (m.content as Array<{ type: string }>) : []))
      .find((p) => p.type === 'file') as { mediaType: string; data: unknown } | undefined;
    // Sent as the downloaded bytes, not the URL...
    expect(JSON.stringify(file?.data)).not.toContain('good.pdf');
    // download-attachments.ts: "When the part's media type is missing ... the response's
    // Content-Type replaces it" — the prompt converter already filled in octet-stream.
    expect(file?.mediaType).toBe('application/pdf');
  });

  it('the same URL in two messages is downloaded once per round and marked on both messages', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'x', model, attachmentDownloads: LOCAL_FILES });
    const url = `${base}/missing.pdf`;
    const result = await agent.generate([
      { role: 'user', content: [{ type: 'text', text: 'First.' }, pdf(url, 'one.pdf')] },
      { role: 'assistant', content: 'Noted.' },
      { role: 'user', content: [{ type: 'text', text: 'Again.' }, pdf(url, 'two.pdf')] },
    ]);
    expect(result.text).toBe('ok');
    expect(hits).toEqual(['/missing.pdf']);
    const users = result.messages.filter((m) => m.role === 'user');
    for (const user of users) {
      expect(user.content.metadata).toMatchObject({ mastra: { unavailableAttachments: [{ url }] } });
    }
    const prompt = JSON.stringify(model.calls[0]?.prompt);
    expect(prompt.match(/Attachment unavailable/g)).toHaveLength(2);
  });

  it('a placeholder found at step 0 holds for the later steps of the turn without downloading again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const counter = { runs: 0 };
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'lookup', args: { q: 'x' } }] }, 'done'],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      attachmentDownloads: LOCAL_FILES,
      tools: { lookup: counterTool(counter) },
    });
    await agent.generate([
      { role: 'user', content: [{ type: 'text', text: 'Read.' }, pdf(`${base}/gone.pdf`)] },
    ]);
    expect(hits).toEqual(['/gone.pdf']);
    expect(model.calls).toHaveLength(2);
    expect(JSON.stringify(model.calls[1]?.prompt)).toContain('[Attachment unavailable: gone.pdf]');
  });

  it('an input processor that signs a fresh URL per attempt cannot make the placeholder path loop', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const model = new ScriptedModel({ steps: ['ok'] });
    let signed = 0;
    // Swaps in a freshly signed URL before every model call (the storage is down, so each fails).
    const signer: InputProcessor = {
      id: 'signer',
      processInputStep: ({ messageList }) => {
        for (const message of messageList.get.all.db()) {
          for (const part of message.content.parts) {
            if (part.type === 'file') part.data = `${base}/private/report.pdf?sig=${++signed}`;
          }
        }
      },
    };
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      attachmentDownloads: LOCAL_FILES,
      inputProcessors: [signer],
    });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('test timeout')), 1_500);
    try {
      const stream = await agent.stream(
        [
          {
            role: 'user',
            content: [{ type: 'text', text: 'Read.' }, pdf(`${base}/private/report.pdf`, 'report.pdf')],
          },
        ],
        { abortSignal: controller.signal },
      );
      await stream.consumeStream();
      // The turn must end on its own (placeholder, or an error), not spin until aborted.
      expect(stream.status).not.toBe('aborted');
      expect(signed).toBeLessThan(10);
    } finally {
      clearTimeout(timer);
    }
  });

  it('a failed download of a file in an assistant message gets the placeholder too', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'x', model, attachmentDownloads: LOCAL_FILES });
    const url = `${base}/generated-chart.png`;
    // e.g. an image a model generated earlier in the thread, stored by URL.
    const history: MessageListInput = [
      { role: 'user', content: 'Draw a chart.' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Here it is.' },
          { type: 'file', data: url, mediaType: 'image/png' },
        ],
      } as never,
      { role: 'user', content: 'Describe it.' },
    ];
    const result = await agent.generate(history).catch((error: unknown) => error);
    // An attachment nothing recovers must not fail the turn.
    expect(result).not.toBeInstanceOf(Error);
    expect(model.calls).toHaveLength(1);
    expect(JSON.stringify(model.calls[0]?.prompt)).toContain('[Attachment unavailable: generated-chart.png]');
    // And it is not downloaded over and over.
    expect(hits).toEqual(['/generated-chart.png']);
  });
});

describe('abort during attachment downloads', () => {
  it('an abort while a download hangs ends the run at once: no placeholder, no model call', async () => {
    const hang = createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => hang.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hang.address() as AddressInfo).port}/slow.pdf`;
    try {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const model = new ScriptedModel({ steps: ['never'] });
      const controller = new AbortController();
      const agent = new Agent({ id: 'a', instructions: 'x', model, attachmentDownloads: LOCAL_FILES });
      setTimeout(() => controller.abort(new Error('stop')), 50);
      const started = Date.now();
      const stream = await agent.stream(
        [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Read.' },
              { type: 'file', data: url, mediaType: 'application/pdf' },
            ],
          },
        ],
        { abortSignal: controller.signal },
      );
      const chunks = await collect(stream);
      const result = await stream.getFullOutput();
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(chunks.at(-1)?.type).toBe('abort');
      expect(model.calls).toHaveLength(0);
      expect(warn).not.toHaveBeenCalled();
      expect(JSON.stringify(result.messages)).not.toContain('unavailableAttachments');
    } finally {
      hang.closeAllConnections();
      await new Promise((resolve) => hang.close(resolve));
    }
  });
});

describe('what a failed attempt leaves behind', () => {
  it('a transient signal an output hook sent during the failed attempt does not reach the retried call', async () => {
    const model = new ScriptedModel({
      steps: [
        { text: ['draft ', 'words'], errorAfterChunks: { after: 4, error: reset, mode: 'throw' } },
        'done',
      ],
    });
    let sent = false;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      outputProcessors: [
        {
          id: 'watcher',
          processOutputStream: async ({ part, sendSignal }) => {
            if (part.type === 'text-delta' && !sent) {
              sent = true;
              await sendSignal?.({
                type: 'reactive',
                contents: 'about the draft you just wrote',
                transient: true,
              });
            }
            return part;
          },
        },
      ],
    });
    const result = await agent.generate('hi');
    expect(result.text).toBe('done');
    expect(model.calls).toHaveLength(2);
    // The failed attempt is rolled back (its stored signals too); its transient ones must not
    // reach the replacement call either: the model never saw "the draft".
    expect(JSON.stringify(model.calls[1]?.prompt)).not.toContain('about the draft');
  });

  it('edits processAPIError made for a granted retry stay; once the budget is spent, no processor is asked', async () => {
    const model = new ScriptedModel({
      steps: () => ({ throwBeforeStream: apiError('context length exceeded', 400) }),
    });
    const asked: number[] = [];
    const trimmer: ErrorProcessor = {
      id: 'trimmer',
      processAPIError: ({ messageList, retryCount }) => {
        asked.push(retryCount);
        const first = messageList.get.all.db()[0];
        if (first) messageList.removeByIds([first.id]);
        return { retry: true };
      },
    };
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      errorProcessorDefaults: false,
      errorProcessors: [trimmer],
      maxProcessorRetries: 1,
    });
    const stream = await agent.stream([
      { role: 'user', content: 'one' },
      { role: 'assistant', content: 'two' },
      { role: 'user', content: 'three' },
    ]);
    await stream.consumeStream();
    const result = await stream.getFullOutput();
    expect(stream.status).toBe('failed');
    expect(model.calls).toHaveLength(2);
    expect(asked).toEqual([0]);
    // One trim for the one granted retry; nothing removed for a retry that never happened.
    expect(result.messages.map((m) => m.role)).toEqual(['assistant', 'user']);
  });

  it('a tool-step response message stays whole when the next step fails before any output and is retried', async () => {
    const counter = { runs: 0 };
    const model = new ScriptedModel({
      steps: [
        { text: 'Let me look. ', toolCalls: [{ toolName: 'lookup', args: { q: 'a' }, toolCallId: 't1' }] },
        { throwBeforeStream: apiError('overloaded', 529) },
        { text: 'Found it.' },
      ],
    });
    const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { lookup: counterTool(counter) } });
    const result = await agent.generate('hi');
    expect(result.text).toBe('Let me look. Found it.');
    expect(counter.runs).toBe(1);
    expect(result.response.dbMessages).toHaveLength(1);
    const parts = result.response.dbMessages[0]?.content.parts.map((p) => p.type);
    expect(parts).toEqual(['step-start', 'text', 'tool-invocation', 'step-start', 'text']);
    expect(JSON.stringify(model.calls[2]?.prompt)).toBe(JSON.stringify(model.calls[1]?.prompt));
  });
});

describe('rollback of a failed attempt and messages the attempt replaced', () => {
  it('a tool call streamed by the failed attempt is never executed; only the accepted call runs', async () => {
    const ran: string[] = [];
    const tool = createTool({
      id: 'lookup',
      description: 'lookup',
      inputSchema: z.object({ q: z.string() }),
      execute: async ({ q }: { q: string }) => {
        ran.push(q);
        return 'ok';
      },
    });
    const model = new ScriptedModel({
      steps: [
        {
          events: [{ type: 'tool-call', toolName: 'lookup', args: { q: 'from-failed' }, toolCallId: 'f1' }],
          errorAfterChunks: { after: 6, error: reset },
        },
        { toolCalls: [{ toolName: 'lookup', args: { q: 'accepted' }, toolCallId: 'a1' }] },
        'done',
      ],
    });
    const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { lookup: tool } });
    const stream = await agent.stream('hi');
    const chunks = await collect(stream);
    const result = await stream.getFullOutput();
    expect(ran).toEqual(['accepted']);
    expect(result.toolCalls.map((c) => c.payload.toolCallId)).toEqual(['a1']);
    // Quoted: a random message id may contain the letters f1.
    expect(JSON.stringify(result.response.dbMessages)).not.toContain('"f1"');
    expect(JSON.stringify(model.calls[1]?.prompt)).not.toContain('"f1"');
    expect(chunks.some((c) => c.type === 'step-finish' && c.payload.stepResult.reason === 'retry')).toBe(
      true,
    );
  });

  it('a signal processInputStep stores is stored once although the step was attempted twice', async () => {
    const model = new ScriptedModel({ steps: [{ throwBeforeStream: apiError('overloaded', 529) }, 'ok'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      inputProcessors: [
        {
          id: 'reminder',
          processInputStep: async ({ sendSignal }) => {
            await sendSignal?.({ type: 'reactive', contents: 'be concise' });
          },
        },
      ],
    });
    const result = await agent.generate('hi');
    expect(result.messages.filter((m) => m.role === 'signal')).toHaveLength(1);
    expect(JSON.stringify(model.calls[1]?.prompt).match(/be concise/g)).toHaveLength(1);
  });

  it('maxSteps counts accepted steps: a retried last step still runs', async () => {
    const counter = { runs: 0 };
    const model = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'lookup', args: { q: 'a' } }] },
        { throwBeforeStream: apiError('overloaded', 529) },
        'final',
      ],
    });
    const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { lookup: counterTool(counter) } });
    const result = await agent.generate('hi', { maxSteps: 2 });
    expect(result.text).toBe('final');
    expect(result.steps).toHaveLength(2);
  });

  it('a message an input processor replaced (remove + add under the same id) survives the rollback', async () => {
    const model = new ScriptedModel({
      steps: [{ throwBeforeStream: apiError('overloaded', 529) }, 'answered'],
    });
    // Redacts the user's message by replacing it (MessageList has no in-place text edit).
    const redactor: InputProcessor = {
      id: 'redactor',
      processInputStep: ({ messageList }) => {
        for (const message of messageList.get.all.db()) {
          const text = message.content.parts.find((p) => p.type === 'text');
          if (message.role !== 'user' || text?.type !== 'text' || !text.text.includes('4111')) continue;
          messageList.removeByIds([message.id]);
          messageList.add(
            {
              ...message,
              content: {
                ...message.content,
                parts: [{ type: 'text', text: text.text.replace(/4111\d*/, '[card]') }],
              },
            },
            'input',
          );
        }
      },
    };
    const agent = new Agent({ id: 'a', instructions: 'x', model, inputProcessors: [redactor] });
    const result = await agent.generate('My card is 4111111111111111, is it valid?');
    expect(model.calls).toHaveLength(2);
    // The retried call must still carry the (redacted) user turn...
    expect(JSON.stringify(model.calls[1]?.prompt)).toContain('My card is [card], is it valid?');
    // ...and the conversation must still hold it.
    expect(result.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(result.text).toBe('answered');
  });
});
