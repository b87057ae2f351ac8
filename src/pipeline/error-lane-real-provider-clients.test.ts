/**
 * The default error processors end to end, with real `@ai-sdk/openai` and `@ai-sdk/anthropic`
 * clients against the local fake provider server: tool-call id repair, stream-error retry,
 * attachments by URL with UnsupportedFileHandler, and the processLLMRequest lane.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Agent } from '../agent/index.js';
import type { MessageListInput } from '../messages/index.js';
import { StreamErrorRetryProcessor } from '../processors/stream-error-retry/index.js';
import { UnsupportedFileHandler } from '../processors/unsupported-file-handler/index.js';
import type { ChunkType } from '../stream/index.js';
import { type FakeProviderServer, ScriptedModel, startFakeProviderServer } from '../test/index.js';
import { createTool } from '../tools/index.js';
import type { InputProcessor } from './types.js';

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

function modelRequests() {
  return server.requests.filter((r) => r.endpoint !== null);
}

function openaiChat(modelId = 'gpt-test') {
  return createOpenAI({ baseURL: server.openaiBaseURL, apiKey: 'test' }).chat(modelId);
}

function anthropic() {
  return createAnthropic({ baseURL: server.anthropicBaseURL, apiKey: 'test' })('claude-test');
}

async function collect(stream: { fullStream: AsyncIterable<ChunkType> }): Promise<ChunkType[]> {
  const chunks: ChunkType[] = [];
  for await (const chunk of stream.fullStream) chunks.push(chunk);
  return chunks;
}

function lookupTool(counter: { runs: number }) {
  return createTool({
    id: 'lookup',
    description: 'Look something up.',
    inputSchema: z.object({ q: z.string() }),
    execute: async ({ q }: { q: string }) => {
      counter.runs++;
      return { found: `info about ${q}` };
    },
  });
}

/** Every tool-call id the Anthropic request body carries, in order (tool_use ids and tool_result refs). */
function anthropicToolIds(body: Record<string, unknown>): string[] {
  const ids: string[] = [];
  for (const message of body.messages as Array<{ content: unknown }>) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as Array<Record<string, unknown>>) {
      if (block.type === 'tool_use') ids.push(`use:${String(block.id)}`);
      if (block.type === 'tool_result') ids.push(`result:${String(block.tool_use_id)}`);
    }
  }
  return ids;
}

describe('ProviderHistoryCompat: a tool call made in the current run, then an Anthropic step', () => {
  it('the Anthropic request gets valid, paired ids; the result and the stored messages keep the original', async () => {
    server.enqueue({ type: 'success', events: ['Done.'] });
    const counter = { runs: 0 };
    // Step 0 on a provider that mints ids Anthropic rejects ("functions.lookup:0", Kimi style).
    const first = new ScriptedModel({
      provider: 'moonshotai.chat',
      modelId: 'kimi-k2',
      steps: [{ toolCalls: [{ toolName: 'lookup', args: { q: 'oslo' }, toolCallId: 'functions.lookup:0' }] }],
    });
    const claude = anthropic();
    const agent = new Agent({
      id: 'switch',
      instructions: 'Be brief.',
      model: first,
      tools: { lookup: lookupTool(counter) },
    });
    const result = await agent.generate('Tell me about Oslo.', {
      prepareStep: ({ stepNumber }) => (stepNumber === 1 ? { model: claude } : undefined),
    });

    expect(result.text).toBe('Done.');
    expect(counter.runs).toBe(1);
    expect(modelRequests()).toHaveLength(1);
    const body = modelRequests()[0]?.body as Record<string, unknown>;
    expect(anthropicToolIds(body)).toEqual(['use:functions_lookup_0', 'result:functions_lookup_0']);
    expect(JSON.stringify(body)).toContain('info about oslo');
    // Stored history and the result keep the id the tool was called with.
    expect(result.toolResults[0]?.payload.toolCallId).toBe('functions.lookup:0');
    expect(result.toolCalls[0]?.payload.toolCallId).toBe('functions.lookup:0');
    const stored = JSON.stringify(result.response.dbMessages);
    expect(stored).toContain('functions.lookup:0');
    expect(stored).not.toContain('functions_lookup_0');
  });

  it('reactive: a gateway rejects the id at step 1 after a tool ran; the step is retried with paired ids, the tool is not re-run', async () => {
    server.enqueue(
      { type: 'success', events: [{ type: 'tool-call', id: 'fn:1', name: 'lookup', args: { q: 'x' } }] },
      {
        type: 'http-error',
        status: 400,
        message: "messages.1.content.0.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'",
      },
      { type: 'success', events: ['Fixed.'] },
    );
    const counter = { runs: 0 };
    const agent = new Agent({
      id: 'gw',
      instructions: 'Be brief.',
      model: openaiChat('house-model'),
      tools: { lookup: lookupTool(counter) },
    });
    const stream = await agent.stream('Look it up.');
    const chunks = await collect(stream);
    const result = await stream.getFullOutput();

    expect(result.text).toBe('Fixed.');
    expect(counter.runs).toBe(1);
    expect(modelRequests()).toHaveLength(3);
    const retried = JSON.stringify(modelRequests()[2]?.body.messages);
    expect(retried).not.toContain('fn:1');
    expect(retried.match(/fn_1/g)).toHaveLength(2);
    expect(JSON.stringify(result.response.dbMessages)).toContain('fn:1');
    expect(JSON.stringify(result.response.dbMessages)).not.toContain('fn_1');
    // Failed before any output: no retry announcement, one step-start per accepted step.
    expect(chunks.filter((c) => c.type === 'step-start')).toHaveLength(2);
    expect(result.steps).toHaveLength(2);
  });
});

describe('StreamErrorRetryProcessor (default) with Anthropic', () => {
  it('an overloaded_error inside a 200 stream is retried once; the partial text is not kept', async () => {
    server.enqueue(
      { type: 'stream-error', events: ['Partial'], errorType: 'overloaded_error', message: 'Overloaded' },
      { type: 'success', events: ['Complete.'] },
    );
    const agent = new Agent({ id: 'claude', instructions: 'Be brief.', model: anthropic() });
    const result = await agent.generate('hi');
    expect(result.text).toBe('Complete.');
    expect(modelRequests()).toHaveLength(2);
    expect(JSON.stringify(result.response.dbMessages)).not.toContain('Partial');
  });

  it('a 401 is never retried, even by a retry-everything instance', async () => {
    server.setFallback({ type: 'http-error', status: 401, message: 'invalid x-api-key' });
    const agent = new Agent({
      id: 'claude',
      instructions: 'Be brief.',
      model: anthropic(),
      errorProcessors: [new StreamErrorRetryProcessor({ retryUnknownErrors: true, maxRetries: 3 })],
    });
    await expect(agent.generate('hi')).rejects.toMatchObject({ statusCode: 401 });
    expect(modelRequests()).toHaveLength(1);
  });
});

describe('attachments by URL combined with UnsupportedFileHandler', () => {
  let files: Server;
  let base: string;
  const hits: string[] = [];
  beforeAll(async () => {
    files = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/logs.zip') {
        res.writeHead(200, { 'content-type': 'application/zip' });
        res.end('PK fake zip');
      } else {
        res.writeHead(404);
        res.end();
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
  });

  const zipByUrl = (url: string): MessageListInput => [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is in the archive?' },
        { type: 'file', data: url, mediaType: 'application/zip', filename: 'logs.zip' },
      ],
    },
  ];

  it('a downloaded zip the client refuses is replaced by the note on the retry; one model request', async () => {
    server.enqueue({ type: 'success', events: ['No archives, sorry.'] });
    const agent = new Agent({
      id: 'files',
      instructions: 'Be brief.',
      model: openaiChat(),
      attachmentDownloads: LOCAL_FILES,
    });
    const result = await agent.generate(zipByUrl(`${base}/logs.zip`));
    expect(result.text).toBe('No archives, sorry.');
    expect(modelRequests()).toHaveLength(1);
    const sent = JSON.stringify(modelRequests()[0]?.body.messages);
    expect(sent).toContain('[File not sent]');
    expect(sent).toContain('name: logs.zip');
    // Downloaded for the first attempt only: the retry leaves the file out before downloading.
    expect(hits).toEqual(['/logs.zip']);
  });

  it('the same with the Anthropic client', async () => {
    server.enqueue({ type: 'success', events: ['No archives.'] });
    const agent = new Agent({
      id: 'files',
      instructions: 'Be brief.',
      model: anthropic(),
      attachmentDownloads: LOCAL_FILES,
    });
    const result = await agent.generate(zipByUrl(`${base}/logs.zip`));
    expect(result.text).toBe('No archives.');
    expect(modelRequests()).toHaveLength(1);
    expect(JSON.stringify(modelRequests()[0]?.body.messages)).toContain('[File not sent]');
    expect(hits).toEqual(['/logs.zip']);
  });

  it('with a sandbox, the zip reached by URL is uploaded with its bytes', async () => {
    server.enqueue({ type: 'success', events: ['Uploaded.'] });
    const uploads: Array<{ size: number; mediaType: string }> = [];
    const agent = new Agent({
      id: 'files',
      attachmentDownloads: LOCAL_FILES,
      instructions: 'Be brief.',
      model: openaiChat(),
      sandbox: {
        uploadFile: async ({ data, mediaType }) => {
          uploads.push({ size: data.byteLength, mediaType });
          return { path: '/sandbox/logs.zip' };
        },
      },
    });
    await agent.generate(zipByUrl(`${base}/logs.zip`));
    expect(uploads).toEqual([{ size: 'PK fake zip'.length, mediaType: 'application/zip' }]);
    expect(JSON.stringify(modelRequests()[0]?.body.messages)).toContain('path: /sandbox/logs.zip');
  });

  it('a zip whose download fails gets the attachment placeholder, and no error processor retry is spent', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.enqueue({ type: 'success', events: ['Nothing to read.'] });
    const agent = new Agent({
      id: 'files',
      instructions: 'Be brief.',
      model: openaiChat(),
      attachmentDownloads: LOCAL_FILES,
    });
    const stream = await agent.stream(zipByUrl(`${base}/gone.zip`));
    const chunks = await collect(stream);
    expect(modelRequests()).toHaveLength(1);
    expect(JSON.stringify(modelRequests()[0]?.body.messages)).toContain('[Attachment unavailable: logs.zip]');
    expect(chunks.at(-1)).toMatchObject({ type: 'finish', payload: { apiErrorRetryCount: 0 } });
  });
});

describe('the processLLMRequest lane: a processor in both inputProcessors and errorProcessors', () => {
  it('runs once per model call, at its input position, also on the error retry', async () => {
    server.enqueue(
      { type: 'http-error', status: 529, message: 'Overloaded' },
      { type: 'success', events: ['ok'] },
    );
    const order: string[] = [];
    const dual: InputProcessor & { processAPIError: () => undefined } = {
      id: 'dual',
      processLLMRequest: () => {
        order.push('dual');
      },
      processAPIError: () => undefined,
    };
    const after: InputProcessor = {
      id: 'after',
      processLLMRequest: () => {
        order.push('after');
      },
    };
    const agent = new Agent({
      id: 'lane',
      instructions: 'Be brief.',
      model: anthropic(),
      inputProcessors: [dual, after],
      errorProcessors: [dual],
    });
    await agent.generate('hi');
    expect(modelRequests()).toHaveLength(2);
    expect(order).toEqual(['dual', 'after', 'dual', 'after']);
  });

  it("an UnsupportedFileHandler placed in inputProcessors shares state with the error lane's default", async () => {
    server.enqueue({ type: 'success', events: ['ok'] });
    const own = new UnsupportedFileHandler();
    const spy = vi.spyOn(own, 'processLLMRequest');
    const agent = new Agent({
      id: 'lane',
      instructions: 'Be brief.',
      model: openaiChat(),
      inputProcessors: [own],
    });
    const result = await agent.generate([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Open it.' },
          {
            type: 'file',
            data: Buffer.from('PK').toString('base64'),
            mediaType: 'application/zip',
            filename: 'a.zip',
          },
        ],
      },
    ]);
    expect(result.text).toBe('ok');
    expect(spy).toHaveBeenCalledTimes(2);
    expect(JSON.stringify(modelRequests()[0]?.body.messages)).toContain('[File not sent]');
  });
});
