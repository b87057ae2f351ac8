/**
 * `createChatHandler` against the AI SDK's own `streamText(...).toUIMessageStreamResponse()`,
 * in one run, on the same bare model (a spec-V4 stream of text deltas, nothing recorded):
 *  - cost per request: each side's handler called in process with a `useChat` body and its whole
 *    SSE body read; requests/s at 16 in flight, and time to the first body byte;
 *  - memory per concurrent chat: 200 chats held open mid-answer, heap after a full GC.
 * The Sluice side runs without memory, like the streamText side (nothing to load or save).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { LanguageModelV4, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { convertToModelMessages, streamText, type UIMessage } from 'ai';
import { Agent } from '../src/agent/index.js';
import { createChatHandler } from '../src/ai-sdk/index.js';
import { measureInterleaved, row } from './harness.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const DELTAS = 200;
const IN_FLIGHT = 16;
const REQUESTS = 64;
const CHATS = 200;

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: DELTAS, text: DELTAS, reasoning: undefined },
};

/**
 * A bare V4 model: `DELTAS` text deltas. With `gate`, the stream stops halfway until the gate
 * opens (the memory measurement holds answers open).
 */
export function bareModel(gate?: Promise<void>): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: 'bench',
    modelId: 'deltas',
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error('stream only')),
    doStream: async () => {
      let i = -2;
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        async pull(controller) {
          i++;
          if (i === -1) controller.enqueue({ type: 'stream-start', warnings: [] });
          else if (i === 0) controller.enqueue({ type: 'text-start', id: 't' });
          else if (i <= DELTAS) {
            if (gate && i === DELTAS / 2) await gate;
            controller.enqueue({ type: 'text-delta', id: 't', delta: 'tok ' });
          } else if (i === DELTAS + 1) controller.enqueue({ type: 'text-end', id: 't' });
          else {
            controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage });
            controller.close();
          }
        },
      });
      return { stream };
    },
  } as LanguageModelV4;
}

type Handler = (request: Request) => Promise<Response>;

function sluiceHandler(model: LanguageModelV4): Handler {
  const agent = new Agent({ id: 'bench', instructions: 'You are terse.', model });
  return createChatHandler({ agent, resource: () => 'user-1' });
}

function aiSdkHandler(model: LanguageModelV4): Handler {
  return async (request) => {
    const body = (await request.json()) as { messages: UIMessage[] };
    const result = streamText({
      model,
      system: 'You are terse.',
      messages: await convertToModelMessages(body.messages),
    });
    return result.toUIMessageStreamResponse();
  };
}

let chatCount = 0;
export function chatRequest(): Request {
  const id = `chat-${chatCount++}`;
  return new Request('http://bench.local/api/chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      id,
      trigger: 'submit-message',
      messages: [
        { id: `${id}-u`, role: 'user', parts: [{ type: 'text', text: 'Say tok two hundred times.' }] },
      ],
    }),
  });
}

/** One request, body read to the end; returns the time to the first body byte (ms). */
async function oneRequest(handler: Handler): Promise<number> {
  const start = performance.now();
  const response = await handler(chatRequest());
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let first = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (first === 0) first = performance.now() - start;
    bytes += value.byteLength;
  }
  if (response.status !== 200 || bytes < DELTAS * 10)
    throw new Error(`bad answer: ${response.status}, ${bytes} bytes`);
  return first;
}

/** `REQUESTS` requests, `IN_FLIGHT` at a time. */
async function load(handler: Handler): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next++ < REQUESTS) await oneRequest(handler);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

async function medianTtfb(handler: Handler, runs = 31): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await oneRequest(handler));
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)] as number;
}

/** Heap per chat with `CHATS` answers held open halfway, after a full GC, minus the heap before. */
async function memoryPerChat(make: (model: LanguageModelV4) => Handler): Promise<number> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const handler = make(bareModel(gate));
  await oneRequestGatedWarmup(make);
  gc();
  const before = process.memoryUsage().heapUsed;
  const reading: Promise<void>[] = [];
  const started: Promise<void>[] = [];
  for (let i = 0; i < CHATS; i++) {
    let firstByte!: () => void;
    started.push(
      new Promise<void>((resolve) => {
        firstByte = resolve;
      }),
    );
    reading.push(
      (async () => {
        const response = await handler(chatRequest());
        const reader = (response.body as ReadableStream<Uint8Array>).getReader();
        let seen = false;
        for (;;) {
          const { done } = await reader.read();
          if (!seen) {
            seen = true;
            firstByte();
          }
          if (done) break;
        }
      })(),
    );
  }
  await Promise.all(started);
  // Let every answer run up to the gate.
  await new Promise((resolve) => setTimeout(resolve, 200));
  gc();
  const during = process.memoryUsage().heapUsed;
  open();
  await Promise.all(reading);
  return (during - before) / CHATS;
}

async function oneRequestGatedWarmup(make: (model: LanguageModelV4) => Handler): Promise<void> {
  const handler = make(bareModel());
  for (let i = 0; i < 20; i++) await oneRequest(handler);
}

/** Run the benchmark and print requests/s, time to first byte, memory per chat and the ratios. */
export async function benchServing(): Promise<{ costRatio: number }> {
  const sluice = sluiceHandler(bareModel());
  const aiSdk = aiSdkHandler(bareModel());
  const [sluiceMs, aiSdkMs] = await measureInterleaved([() => load(sluice), () => load(aiSdk)], {
    warmup: 1,
    runs: 5,
  });
  const rps = (ms: number) => (REQUESTS / ms) * 1000;
  const [sluiceTtfb, aiSdkTtfb] = [await medianTtfb(sluice), await medianTtfb(aiSdk)];
  const sluiceMem = memoryInChild('sluice');
  const aiSdkMem = memoryInChild('ai-sdk');
  const costRatio = (sluiceMs as number) / (aiSdkMs as number);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `\nserving: useChat requests of ${DELTAS} text deltas, handler called in process, body read to the end (${REQUESTS} requests, ${IN_FLIGHT} in flight, median of 5 rounds)`,
  );
  row('streamText().toUIMessageStreamResponse()', `${rps(aiSdkMs as number).toFixed(0)} req/s`);
  row('createChatHandler (no memory)', `${rps(sluiceMs as number).toFixed(0)} req/s`);
  row('cost per request, Sluice / AI SDK', `${costRatio.toFixed(2)}x (goal ≤ 1.2x)`);
  row('time to first byte, AI SDK (median of 31)', `${aiSdkTtfb.toFixed(3)} ms`);
  row('time to first byte, Sluice (median of 31)', `${sluiceTtfb.toFixed(3)} ms`);
  console.log(
    `\nserving: memory per concurrent chat, ${CHATS} chats held open halfway through the answer (heap after GC)`,
  );
  row('streamText().toUIMessageStreamResponse()', kb(aiSdkMem));
  row('createChatHandler (no memory)', kb(sluiceMem));
  row('ratio, Sluice / AI SDK', `${(sluiceMem / aiSdkMem).toFixed(2)}x`);
  return { costRatio };
}

/** Memory per chat measured in a fresh process, so nothing the other side left behind counts. */
function memoryInChild(side: 'sluice' | 'ai-sdk'): number {
  const script = fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', script, '--memory', side], {
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`serving memory bench failed: ${child.stderr}`);
  return Number(child.stdout.trim().split('\n').at(-1));
}

const memoryFlag = process.argv.indexOf('--memory');
if (memoryFlag >= 0) {
  const side = process.argv[memoryFlag + 1];
  console.log(await memoryPerChat(side === 'sluice' ? sluiceHandler : aiSdkHandler));
} else if (import.meta.url === `file://${process.argv[1]}`) await benchServing();
