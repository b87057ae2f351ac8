/**
 * Error processors end to end: the real `@ai-sdk/openai` and `@ai-sdk/anthropic` clients against
 * the local fake provider server (real HTTP, real SSE, real socket resets). Every test counts
 * the provider requests, so no path can call the provider more often than the budgets allow.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ContextLengthHandler } from '../../examples/seeds/001-context-length-handler.js';
import type { MessageListInput } from '../messages/index.js';
import type { ErrorProcessor } from '../pipeline/types.js';
import { StreamErrorRetryProcessor } from '../processors/stream-error-retry/index.js';
import type { ChunkType } from '../stream/index.js';
import { type FakeProviderServer, startFakeProviderServer } from '../test/index.js';
import { Agent } from './index.js';

/** The test file server listens on loopback, which attachment downloads refuse by default. */
const LOCAL_FILES = { allowPrivateNetworks: true };

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.reset();
  vi.restoreAllMocks();
});

/** Requests that reached a model endpoint (file downloads are counted apart). */
function modelRequests() {
  return server.requests.filter((r) => r.endpoint !== null);
}

function openaiChat() {
  return createOpenAI({ baseURL: server.openaiBaseURL, apiKey: 'test' }).chat('gpt-test');
}

function anthropic() {
  return createAnthropic({ baseURL: server.anthropicBaseURL, apiKey: 'test' })('claude-test');
}

async function collect(stream: { fullStream: AsyncIterable<ChunkType> }): Promise<ChunkType[]> {
  const chunks: ChunkType[] = [];
  for await (const chunk of stream.fullStream) chunks.push(chunk);
  return chunks;
}

describe('a provider rejection recovered by an error processor', () => {
  it('a 400 "context length exceeded" is recovered by the seed ContextLengthHandler', async () => {
    server.enqueue(
      { type: 'http-error', status: 400, message: 'Request failed: context length exceeded (8192 tokens)' },
      { type: 'success', events: ['Trimmed and answered.'] },
    );
    const agent = new Agent({
      id: 'ctx',
      instructions: 'Be brief.',
      model: openaiChat(),
      errorProcessors: [new ContextLengthHandler()],
    });
    const history: MessageListInput = [
      { role: 'user', content: 'first question' },
      { role: 'assistant', content: 'first answer' },
      { role: 'user', content: 'second question' },
      { role: 'assistant', content: 'second answer' },
      { role: 'user', content: 'third question' },
    ];
    const result = await agent.generate(history);

    expect(result.text).toBe('Trimmed and answered.');
    expect(modelRequests()).toHaveLength(2);
    const [first, retried] = modelRequests().map((r) => JSON.stringify(r.body.messages));
    expect(first).toContain('first answer');
    expect(first).toContain('second question');
    expect(retried).not.toContain('first answer');
    expect(retried).not.toContain('second question');
    expect(retried).toContain('first question');
    expect(retried).toContain('third question');
  });

  it('an Anthropic assistant-prefill rejection is recovered by the default PrefillErrorHandler', async () => {
    server.enqueue(
      {
        type: 'http-error',
        status: 400,
        errorType: 'invalid_request_error',
        message:
          'This model does not support assistant message prefill. The conversation must end with a user message.',
      },
      { type: 'success', events: ['Continuing.'] },
    );
    const agent = new Agent({ id: 'prefill', instructions: 'Be brief.', model: anthropic() });
    const result = await agent.generate([
      { role: 'user', content: 'Write a haiku.' },
      { role: 'assistant', content: 'Autumn moonlight' },
    ]);

    expect(result.text).toBe('Continuing.');
    expect(modelRequests()).toHaveLength(2);
    const sent = modelRequests().map((r) => r.body.messages as Array<{ role: string; content: unknown }>);
    expect(sent[0]?.at(-1)?.role).toBe('assistant');
    expect(sent[1]?.at(-1)?.role).toBe('user');
    expect(JSON.stringify(sent[1]?.at(-1))).toContain('continue');
    // The reminder was for that call only: the conversation keeps the user's own turns.
    expect(JSON.stringify(result.messages)).not.toContain('anthropic-prefill-processor-retry');
  });
});

describe('ProviderHistoryCompat: outbound-only rewrites', () => {
  it('a tool-call id with a dot is rewritten for Anthropic (call and result together); stored history keeps it', async () => {
    server.enqueue({ type: 'success', events: ['It is sunny.'] });
    const agent = new Agent({ id: 'compat', instructions: 'Be brief.', model: anthropic() });
    const result = await agent.generate([
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'call.1:paris', toolName: 'weather', input: { city: 'Paris' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call.1:paris',
            toolName: 'weather',
            output: { type: 'json', value: { sky: 'clear' } },
          },
        ],
      },
      { role: 'user', content: 'And so?' },
    ]);

    expect(result.text).toBe('It is sunny.');
    expect(modelRequests()).toHaveLength(1);
    const body = JSON.stringify(modelRequests()[0]?.body.messages);
    expect(body).not.toContain('call.1:paris');
    const ids = [...body.matchAll(/"(?:id|tool_use_id)":"([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(['call_1_paris', 'call_1_paris']);
    expect(JSON.stringify(result.messages)).toContain('call.1:paris');
  });
});

describe('UnsupportedFileHandler (default): files the model refuses', () => {
  const withZip: MessageListInput = [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is in the archive?' },
        {
          type: 'file',
          data: Buffer.from('PK fake zip').toString('base64'),
          mediaType: 'application/zip',
          filename: 'logs.zip',
        },
      ],
    },
  ];

  it('the client refuses application/zip; the retried call sends a note instead and the stored message keeps the file', async () => {
    server.enqueue({ type: 'success', events: ['I cannot open archives.'] });
    const agent = new Agent({ id: 'files', instructions: 'Be brief.', model: openaiChat() });
    const result = await agent.generate(withZip);

    expect(result.text).toBe('I cannot open archives.');
    // The refusal happened in the client, before any request: one request in all.
    expect(modelRequests()).toHaveLength(1);
    const sent = JSON.stringify(modelRequests()[0]?.body.messages);
    expect(sent).toContain('[File not sent]');
    expect(sent).toContain('name: logs.zip');
    expect(sent).toContain('type: application/zip');
    const stored = result.messages.find((m) => m.role === 'user');
    expect(stored?.content.parts.some((p) => p.type === 'file' && p.mimeType === 'application/zip')).toBe(
      true,
    );
  });

  it("with the agent's sandbox the file is uploaded and the model gets its path", async () => {
    server.enqueue({ type: 'success', events: ['Unpacking it with a tool.'] });
    const uploads: Array<{ mediaType: string; filename?: string; size: number }> = [];
    const agent = new Agent({
      id: 'files',
      instructions: 'Be brief.',
      model: openaiChat(),
      sandbox: {
        uploadFile: async ({ data, mediaType, filename }) => {
          uploads.push({ mediaType, filename, size: data.byteLength });
          return { path: `/workspace/uploads/${filename}` };
        },
      },
    });
    await agent.generate(withZip);

    expect(uploads).toEqual([{ mediaType: 'application/zip', filename: 'logs.zip', size: 11 }]);
    const sent = JSON.stringify(modelRequests()[0]?.body.messages);
    expect(sent).toContain('[File uploaded to sandbox]');
    expect(sent).toContain('path: /workspace/uploads/logs.zip');
  });
});

describe('ProviderHistoryCompat: reactive recovery the preflight cannot see', () => {
  it('an Anthropic tool-id rejection through an unrecognised gateway retries once with rewritten ids', async () => {
    server.enqueue(
      {
        type: 'http-error',
        status: 400,
        message: "messages.1.content.0.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'",
      },
      { type: 'success', events: ['Fixed.'] },
    );
    // An OpenAI-compatible gateway serving a model whose id does not say "claude".
    const gateway = createOpenAI({ baseURL: server.openaiBaseURL, apiKey: 'test' }).chat('house-model');
    const agent = new Agent({ id: 'gw', instructions: 'Be brief.', model: gateway });
    const result = await agent.generate([
      { role: 'user', content: 'Look it up.' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'fn:1', toolName: 'find', input: {} }],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'fn:1', toolName: 'find', output: { type: 'text', value: 'x' } },
        ],
      },
    ]);
    expect(result.text).toBe('Fixed.');
    expect(modelRequests()).toHaveLength(2);
    expect(JSON.stringify(modelRequests()[0]?.body.messages)).toContain('fn:1');
    const retried = JSON.stringify(modelRequests()[1]?.body.messages);
    expect(retried).not.toContain('fn:1');
    expect(retried.match(/fn_1/g)).toHaveLength(2);
    expect(JSON.stringify(result.messages)).toContain('fn:1');
  });
});

describe('StreamErrorRetryProcessor (default): transient failures only', () => {
  it('a reset mid-stream is retried once by default, then surfaced as an error chunk', async () => {
    server.enqueue(
      { type: 'reset', events: ['Partial answ'] },
      { type: 'reset', events: ['Partial again'] },
      { type: 'success', events: ['never sent'] },
    );
    const agent = new Agent({ id: 'reset', instructions: 'Be brief.', model: openaiChat() });
    const stream = await agent.stream('hi');
    const chunks = await collect(stream);

    expect(modelRequests()).toHaveLength(2);
    const types = chunks.map((c) => c.type);
    const retry = chunks.find((c) => c.type === 'step-finish' && c.payload.stepResult.reason === 'retry');
    expect(retry).toMatchObject({ payload: { apiError: { processorId: 'stream-error-retry-processor' } } });
    expect(types.at(-1)).toBe('error');
    expect(types.filter((t) => t === 'error')).toHaveLength(1);
    await expect(stream.text).resolves.toBe('');
  });

  it('after a reset the retry replaces the partial output everywhere but the already-streamed chunks', async () => {
    server.enqueue(
      { type: 'reset', events: ['Partial answ'] },
      { type: 'success', events: ['Whole answer.'] },
    );
    const agent = new Agent({ id: 'reset', instructions: 'Be brief.', model: openaiChat() });
    const stream = await agent.stream('hi');
    const chunks = await collect(stream);
    const result = await stream.getFullOutput();

    expect(modelRequests()).toHaveLength(2);
    expect(result.text).toBe('Whole answer.');
    expect(JSON.stringify(result.response.dbMessages)).not.toContain('Partial');
    const types = chunks.map((c) => c.type);
    const retryAt = chunks.findIndex(
      (c) => c.type === 'step-finish' && c.payload.stepResult.reason === 'retry',
    );
    expect(retryAt).toBeGreaterThan(types.indexOf('text-delta'));
    expect(types.indexOf('step-start', retryAt)).toBeGreaterThan(retryAt);
    expect(types.at(-1)).toBe('finish');
  });

  it('a retryable OpenAI Responses stream error is retried by default', async () => {
    server.enqueue(
      { type: 'stream-error', events: ['Half'], code: 'server_error', message: 'The server had an error' },
      { type: 'success', events: ['Done.'] },
    );
    const model = createOpenAI({ baseURL: server.openaiBaseURL, apiKey: 'test' }).responses('gpt-test');
    const agent = new Agent({ id: 'responses', instructions: 'Be brief.', model });
    const result = await agent.generate('hi');
    expect(result.text).toBe('Done.');
    expect(modelRequests()).toHaveLength(2);
  });

  it('a 400 is not transient: no default retries it', async () => {
    server.enqueue({ type: 'http-error', status: 400, message: 'Invalid parameter' });
    const agent = new Agent({ id: 'bad', instructions: 'Be brief.', model: openaiChat() });
    await expect(agent.generate('hi')).rejects.toMatchObject({ statusCode: 400 });
    expect(modelRequests()).toHaveLength(1);
  });
});

describe('a 500 burst never calls the provider more than the budgets allow', () => {
  const cases: Array<{
    name: string;
    config: {
      errorProcessors?: ErrorProcessor[];
      errorProcessorDefaults?: boolean;
      maxProcessorRetries?: number;
      maxRetries?: number;
    };
    calls: number;
  }> = [
    { name: 'defaults: StreamErrorRetryProcessor retries once', config: {}, calls: 2 },
    {
      name: "a processor's maxRetries cannot raise the implicit cap of 3",
      config: { errorProcessors: [new StreamErrorRetryProcessor({ maxRetries: 5 })] },
      calls: 4,
    },
    {
      name: 'maxProcessorRetries raises the cap (seed "tuned-agent")',
      config: { errorProcessors: [new StreamErrorRetryProcessor({ maxRetries: 5 })], maxProcessorRetries: 5 },
      calls: 6,
    },
    {
      name: "maxProcessorRetries lower than the processor's maxRetries wins",
      config: { errorProcessors: [new StreamErrorRetryProcessor({ maxRetries: 5 })], maxProcessorRetries: 2 },
      calls: 3,
    },
    {
      name: 'errorProcessorDefaults: false with no processors: no retries',
      config: { errorProcessorDefaults: false },
      calls: 1,
    },
    {
      name: 'model-level retries multiply with error-processor retries',
      config: { maxRetries: 1 },
      calls: 4,
    },
  ];

  for (const { name, config, calls } of cases) {
    it(name, async () => {
      server.setFallback({ type: 'http-error', status: 500, message: 'Internal error' });
      const agent = new Agent({ id: 'burst', instructions: 'Be brief.', model: openaiChat(), ...config });
      await expect(agent.generate('hi')).rejects.toMatchObject({ statusCode: 500 });
      expect(modelRequests()).toHaveLength(calls);
    });
  }
});

describe('attachments the model cannot fetch itself (DOWNLOAD_ASSETS_FAILED)', () => {
  let files: Server;
  let filesUrl: string;
  const fileHits: string[] = [];
  beforeAll(async () => {
    files = createServer((req, res) => {
      fileHits.push(req.url ?? '');
      if (req.url === '/good.pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end('%PDF-1.4 fake');
      } else {
        res.writeHead(404);
        res.end('missing');
      }
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => files.close(resolve));
  });
  afterEach(() => {
    fileHits.length = 0;
  });

  const withFile = (url: string): MessageListInput => [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Summarise this.' },
        { type: 'file', data: url, mediaType: 'application/pdf', filename: 'report.pdf' },
      ],
    },
  ];

  it('a downloadable attachment is sent as bytes', async () => {
    server.enqueue({ type: 'success', events: ['Summary.'] });
    const agent = new Agent({
      id: 'files',
      instructions: 'Be brief.',
      model: openaiChat(),
      attachmentDownloads: LOCAL_FILES,
    });
    await agent.generate(withFile(`${filesUrl}/good.pdf`));
    expect(fileHits).toEqual(['/good.pdf']);
    const body = JSON.stringify(modelRequests()[0]?.body.messages);
    expect(body).toContain(Buffer.from('%PDF-1.4 fake').toString('base64'));
  });

  it('a failed download reaches processAPIError with id DOWNLOAD_ASSETS_FAILED and details.url; a processor may swap it', async () => {
    server.enqueue({ type: 'success', events: ['Summary.'] });
    const seen: unknown[] = [];
    const swapper: ErrorProcessor = {
      id: 'fresh-url',
      processAPIError: ({ error, messageList }) => {
        seen.push(error);
        const failed = error as { id?: string; details?: { url?: string } };
        if (failed.id !== 'DOWNLOAD_ASSETS_FAILED') return;
        for (const message of messageList.get.all.db()) {
          for (const part of message.content.parts) {
            if (part.type === 'file' && part.data === failed.details?.url) part.data = `${filesUrl}/good.pdf`;
          }
        }
        return { retry: true };
      },
    };
    const agent = new Agent({
      id: 'files',
      attachmentDownloads: LOCAL_FILES,
      instructions: 'Be brief.',
      model: openaiChat(),
      errorProcessors: [swapper],
    });
    const result = await agent.generate(withFile(`${filesUrl}/expired.pdf`));

    expect(result.text).toBe('Summary.');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      id: 'DOWNLOAD_ASSETS_FAILED',
      details: { url: `${filesUrl}/expired.pdf` },
    });
    expect(fileHits).toEqual(['/expired.pdf', '/good.pdf']);
    expect(modelRequests()).toHaveLength(1);
  });

  it('with no recovery the turn goes on with a placeholder, a warning and the URL recorded on the stored message', async () => {
    server.enqueue(
      { type: 'success', events: ['I could not read it.'] },
      { type: 'success', events: ['Again.'] },
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const agent = new Agent({
      id: 'files',
      instructions: 'Be brief.',
      model: openaiChat(),
      attachmentDownloads: LOCAL_FILES,
    });
    const url = `${filesUrl}/missing.pdf`;
    const result = await agent.generate(withFile(url));

    expect(result.text).toBe('I could not read it.');
    expect(modelRequests()).toHaveLength(1);
    expect(JSON.stringify(modelRequests()[0]?.body.messages)).toContain(
      '[Attachment unavailable: report.pdf]',
    );
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('missing.pdf');
    const stored = result.messages.find((m) => m.role === 'user');
    expect(stored?.content.metadata).toMatchObject({
      mastra: { unavailableAttachments: [{ url, name: 'report.pdf' }] },
    });
    // The attachment itself stays in the thread.
    expect(stored?.content.parts.some((p) => p.type === 'file' && p.data === url)).toBe(true);
    const downloads = fileHits.length;

    // A later turn over the stored history shows the placeholder and does not download again.
    await agent.generate([...result.messages, { role: 'user', content: 'Try again?' }] as MessageListInput);
    expect(fileHits.length).toBe(downloads);
    expect(JSON.stringify(modelRequests()[1]?.body.messages)).toContain(
      '[Attachment unavailable: report.pdf]',
    );
  });

  it('an undecodable data URL becomes the placeholder at once (no download, no error processor)', async () => {
    server.enqueue({ type: 'success', events: ['ok'] });
    const calls: unknown[] = [];
    const agent = new Agent({
      id: 'files',
      attachmentDownloads: LOCAL_FILES,
      instructions: 'Be brief.',
      model: openaiChat(),
      errorProcessors: [{ id: 'spy', processAPIError: ({ error }) => void calls.push(error) }],
    });
    await agent.generate([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look.' },
          {
            type: 'file',
            data: 'data:application/pdf;base64,@@not base64@@',
            mediaType: 'application/pdf',
            filename: 'scan.pdf',
          },
        ],
      },
    ]);
    expect(calls).toEqual([]);
    expect(JSON.stringify(modelRequests()[0]?.body.messages)).toContain('[Attachment unavailable: scan.pdf]');
  });
});
