/**
 * Resumable answers and chat history on the REAL Redis (`REDIS_URL`, keys under
 * `sluice-test:resume:`), with node-redis 5 and ioredis 5 clients, read through the real AI SDK
 * client: `DefaultChatTransport.reconnectToStream` + `readUIMessageStream`, as `useChat` does.
 * Without a reachable Redis the suite skips loudly (under `CI` it fails).
 */
import { randomUUID } from 'node:crypto';
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '../agent/index.js';
import { InMemoryStore, Memory } from '../memory/index.js';
import { connectRedisOrSkip, REDIS_URL } from '../redis/testing/test-env.js';
import { ScriptedModel, type ScriptedStep } from '../test/index.js';
import { createTool } from '../tools/index.js';
import { createChatHandler, loadChatMessages } from './index.js';
import { AnswerRecorder, resumableSettings } from './resumable-stream.js';
import { chat, type Served, serve, userMessage } from './testing/serve.js';

const admin = await connectRedisOrSkip('resumable chat streams');
const RUN = `sluice-test:resume:${randomUUID()}:`;

const servers: Served[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

afterAll(async () => {
  if (!admin) return;
  let cursor = '0';
  do {
    const [next, keys] = await admin.scan(cursor, 'MATCH', `${RUN}*`, 'COUNT', 500);
    if (keys.length > 0) await admin.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  admin.disconnect();
});

/** Every key this run wrote (with `prefix`), to prove what is (not) left behind. */
async function keysUnder(prefix: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await (admin as Redis).scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    found.push(...keys);
    cursor = next;
  } while (cursor !== '0');
  return found;
}

/** A slow answer: `count` words, one every `delayMs`. */
function slowWords(count: number, delayMs = 15): ScriptedStep {
  return { text: Array.from({ length: count }, (_, i) => `w${i} `), delayMs };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Library {
  name: string;
  /** A connected client whose connections (and duplicates) carry `connectionName`. */
  connect(connectionName: string): Promise<object>;
  close(client: object): Promise<void>;
}

const libraries: Library[] = [
  {
    name: 'ioredis',
    connect: async (connectionName) => {
      const client = new Redis(REDIS_URL, { connectionName });
      await client.ping();
      return client;
    },
    close: async (client) => {
      (client as Redis).disconnect();
    },
  },
  {
    name: 'node-redis',
    connect: async (connectionName) => {
      const client = createClient({ url: REDIS_URL, name: connectionName });
      await client.connect();
      return client;
    },
    close: async (client) => {
      (client as ReturnType<typeof createClient>).destroy();
    },
  },
];

/** `CLIENT LIST` lines of the connections named `name` (the library's client and its duplicates). */
async function clientLines(name: string): Promise<string[]> {
  const list = (await (admin as Redis).client('LIST')) as string;
  return list.split('\n').filter((line) => line.includes(` name=${name} `));
}

async function connectionsNamed(name: string): Promise<number> {
  return (await clientLines(name)).length;
}

/** Polls `check` until it holds (or gives up after ~5 s, returning the last value). */
async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 100 && !holds(value); i++) {
    await wait(50);
    value = await read();
  }
  return value;
}

/** The chunks of complete `data: {…}` events in server-sent-event text. */
function sseChunks(text: string): Array<{ type: string; messageId?: string }> {
  return text
    .split('\n\n')
    .filter((event) => event.startsWith('data: {'))
    .map((event) => JSON.parse(event.slice('data: '.length)));
}

const headersOf = (user: string) => ({ 'x-test-user': user });

async function getFrom(url: string, path: string, user: string): Promise<Response> {
  return fetch(`${url}/${path}`, { headers: headersOf(user) });
}

/** Reads a reconnect through the real transport: the final message, or `null` for 204. */
async function resume(url: string, chatId: string, user: string): Promise<UIMessage | null> {
  const transport = new DefaultChatTransport({ api: url, headers: headersOf(user) });
  const stream = await transport.reconnectToStream({ chatId });
  if (stream === null) return null;
  let message: UIMessage | undefined;
  for await (const m of readUIMessageStream({ stream })) message = m;
  return message ?? null;
}

/** Starts a POST, reads its first bytes (so the answer is under way), then leaves: a reload. */
async function startThenLeave(url: string, chatId: string, user: string, text = 'go'): Promise<string> {
  const controller = new AbortController();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headersOf(user) },
    body: JSON.stringify({ id: chatId, messages: [userMessage('u1', text)], trigger: 'submit-message' }),
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let seen = '';
  const decoder = new TextDecoder();
  while (!seen.includes('text-delta')) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += decoder.decode(value, { stream: true });
  }
  controller.abort();
  await reader.cancel().catch(() => {});
  return seen;
}

describe.skipIf(!admin).each(libraries)('resumable answers with a $name client', (library) => {
  let redis: object;
  const connectionName = `sluice-test-resume-${library.name}-${randomUUID().slice(0, 8)}`;
  const prefix = `${RUN}${library.name}:`;
  beforeAll(async () => {
    redis = await library.connect(connectionName);
  });
  afterAll(async () => {
    await library.close(redis);
  });

  /** Two server instances sharing one memory store and one Redis: a reload may land on either. */
  async function twoServers(
    steps: ScriptedStep[],
    extra: { ttlSeconds?: number; maxBytes?: number; maxFollowers?: number } = {},
  ) {
    const storage = new InMemoryStore();
    const model = new ScriptedModel({ steps });
    const make = async () => {
      const agent = new Agent({
        id: 'chat',
        name: 'chat',
        instructions: 'x',
        model,
        memory: new Memory({ storage }),
      });
      const handler = createChatHandler({
        agent,
        resource: (request) => request.headers.get('x-test-user'),
        resumable: { redis, keyPrefix: prefix, blockMs: 200, ...extra },
      });
      const served = await serve(handler);
      servers.push(served);
      return { agent, url: served.url };
    };
    return { model, first: await make(), second: await make() };
  }

  it('a reload mid-answer resumes it on another server instance, from the start, to its end', async () => {
    const { first, second } = await twoServers([slowWords(60, 25)]);
    const chatId = `c-${randomUUID()}`;
    const seen = await startThenLeave(first.url, chatId, 'alice', 'the question');
    const messageId = sseChunks(seen).find((c) => c.type === 'start')?.messageId;

    // The reloaded page's history: the question is there, the answer is left to the resume.
    const during = (await (await getFrom(second.url, `${chatId}/messages`, 'alice')).json()) as UIMessage[];
    expect(during).toEqual([userMessage('u1', 'the question')]);

    const resumed = await resume(second.url, chatId, 'alice');
    const text = Array.from({ length: 60 }, (_, i) => `w${i} `).join('');
    expect(resumed?.id).toBe(messageId);
    expect(messageId).toEqual(expect.any(String));
    expect(resumed?.parts).toContainEqual(expect.objectContaining({ type: 'text', text }));

    // Finished: nothing to resume any more; the answer is in the history instead.
    expect(await resume(second.url, chatId, 'alice')).toBeNull();
    const history = (await (await getFrom(second.url, `${chatId}/messages`, 'alice')).json()) as UIMessage[];
    expect(history.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(history[1]?.parts).toContainEqual(expect.objectContaining({ type: 'text', text }));
  });

  it('204 when the chat has no answer in flight, and a finished answer is not served from Redis', async () => {
    const { first } = await twoServers(['short answer']);
    const chatId = `c-${randomUUID()}`;
    expect((await getFrom(first.url, `${chatId}/stream`, 'alice')).status).toBe(204);
    const { message } = await chat(first.url, {
      chatId,
      messages: [userMessage('u1', 'hi')],
      headers: headersOf('alice'),
    });
    expect(message?.parts).toContainEqual(expect.objectContaining({ text: 'short answer' }));
    const after = await getFrom(first.url, `${chatId}/stream`, 'alice');
    expect(after.status).toBe(204);
    expect(await after.text()).toBe('');
  });

  it("another tenant's GET for the same chat id is 403 with no detail, and its key never names that chat", async () => {
    const { first, second } = await twoServers([slowWords(100, 20)]);
    const chatId = `c-${randomUUID()}`;
    await startThenLeave(first.url, chatId, 'alice', 'alice secret');
    for (const path of [`${chatId}/stream`, `${chatId}/messages`]) {
      const response = await getFrom(second.url, path, 'mallory');
      expect(response.status).toBe(403);
      const body = await response.text();
      expect(JSON.parse(body)).toEqual({ error: 'Forbidden.' });
      expect(body).not.toMatch(/alice|w0/);
    }
    expect((await getFrom(second.url, `${chatId}/stream`, '')).status).toBe(401);
    // The keys hash (resource, thread): the attacker-chosen chat id appears in none of them.
    const keys = await keysUnder(prefix);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((k) => k.includes(chatId))).toBe(false);
    // Alice still gets her answer.
    expect((await resume(first.url, chatId, 'alice'))?.role).toBe('assistant');
  });

  it('past maxBytes the answer reaches its client in full but is no longer resumable', async () => {
    const { first } = await twoServers([slowWords(30, 5)], { maxBytes: 600 });
    const chatId = `c-${randomUUID()}`;
    const { message } = await chat(first.url, {
      chatId,
      messages: [userMessage('u1', 'go')],
      headers: headersOf('alice'),
    });
    expect(message?.parts).toContainEqual(
      expect.objectContaining({ text: Array.from({ length: 30 }, (_, i) => `w${i} `).join('') }),
    );
    expect(await resume(first.url, chatId, 'alice')).toBeNull();
  });

  it('a follower that leaves releases its dedicated connection; the shared client never blocks; past maxFollowers 503', async () => {
    const { first } = await twoServers([slowWords(200, 20)], { maxFollowers: 1 });
    const chatId = `c-${randomUUID()}`;
    const baseline = await connectionsNamed(connectionName);
    await startThenLeave(first.url, chatId, 'alice');
    const controller = new AbortController();
    const response = await fetch(`${first.url}/${chatId}/stream`, {
      headers: headersOf('alice'),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    expect(await connectionsNamed(connectionName)).toBe(baseline + 1);
    // The blocking read runs on that dedicated connection, never on the shared client.
    const sharedId = String(await resumableSettings({ redis }).redis.send(['CLIENT', 'ID']));
    const blocked = await eventually(
      () => clientLines(connectionName),
      (lines) => lines.some((line) => line.includes(' cmd=xread')),
    );
    const xreads = blocked.filter((line) => line.includes(' cmd=xread'));
    expect(xreads).toHaveLength(1);
    expect(xreads[0]).not.toContain(`id=${sharedId} `);
    // One follower at a time here: the next one is refused before it takes a connection.
    const busy = await getFrom(first.url, `${chatId}/stream`, 'alice');
    expect(busy.status).toBe(503);
    expect(await connectionsNamed(connectionName)).toBe(baseline + 1);
    controller.abort();
    await reader.cancel().catch(() => {});
    expect(
      await eventually(
        () => connectionsNamed(connectionName),
        (n) => n === baseline,
      ),
    ).toBe(baseline);
  });

  it('an answer whose writer stops (a crashed server) expires after ttlSeconds; its follower ends', async () => {
    const settings = resumableSettings({ redis, keyPrefix: `${prefix}crash:`, ttlSeconds: 1, blockMs: 200 });
    const recorder = await AnswerRecorder.start(settings, 'alice', 'crashed', randomUUID(), {
      messageId: 'm1',
    });
    const start = `data: ${JSON.stringify({ type: 'start', messageId: 'm1' })}\n\n`;
    recorder?.push(start, start.length);
    await wait(50);
    expect(await keysUnder(`${prefix}crash:`)).toHaveLength(2);

    // A follower attached before the expiry stops once the answer is gone, within a few blockMs.
    const agent = new Agent({
      id: 'crash',
      name: 'crash',
      instructions: 'x',
      model: new ScriptedModel({ steps: [] }),
    });
    const handler = createChatHandler({
      agent,
      resource: () => 'alice',
      thread: () => 'crashed',
      resumable: { redis, keyPrefix: `${prefix}crash:`, ttlSeconds: 1, blockMs: 200 },
    });
    const response = await handler(new Request('http://x/api/chat/any/stream'));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(start);

    expect(
      await eventually(
        () => keysUnder(`${prefix}crash:`),
        (k) => k.length === 0,
      ),
    ).toEqual([]);
    expect((await handler(new Request('http://x/api/chat/any/stream'))).status).toBe(204);
  });
});

describe('chat history', () => {
  const clock = createTool({
    id: 'clock',
    description: 'time',
    inputSchema: z.object({ zone: z.string() }),
    execute: async ({ zone }) => `12:00 ${zone}`,
  });

  function historyAgent(memory: boolean) {
    return new Agent({
      id: 'h',
      name: 'h',
      instructions: 'x',
      model: new ScriptedModel({
        steps: [{ toolCalls: [{ toolName: 'clock', args: { zone: 'UTC' }, toolCallId: 'k1' }] }, 'noon'],
      }),
      tools: { clock },
      ...(memory ? { memory: new Memory({ storage: new InMemoryStore() }) } : {}),
    });
  }

  it('GET <api>/<chatId>/messages returns the stored UIMessages, tool parts included', async () => {
    const agent = historyAgent(true);
    const served = await serve(
      createChatHandler({ agent, resource: (request) => request.headers.get('x-test-user') }),
    );
    servers.push(served);
    const { message } = await chat(served.url, {
      chatId: 'h1',
      messages: [userMessage('u1', 'time?')],
      headers: headersOf('alice'),
    });
    const response = await getFrom(served.url, 'h1/messages', 'alice');
    expect(response.status).toBe(200);
    const history = (await response.json()) as UIMessage[];
    expect(history.map((m) => [m.id, m.role])).toEqual([
      ['u1', 'user'],
      [message?.id, 'assistant'],
    ]);
    expect(history[1]?.parts).toContainEqual(
      expect.objectContaining({
        type: 'tool-clock',
        toolCallId: 'k1',
        state: 'output-available',
        input: { zone: 'UTC' },
        output: '12:00 UTC',
      }),
    );
    expect(history[1]?.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'noon' }));
    // The helper gives the same for frameworks that route themselves.
    expect(await loadChatMessages({ agent, resource: 'alice', thread: 'h1' })).toEqual(history);
    // A chat not started yet has an empty history; another tenant's is 403.
    expect(await (await getFrom(served.url, 'new-chat/messages', 'alice')).json()).toEqual([]);
    expect((await getFrom(served.url, 'h1/messages', 'mallory')).status).toBe(403);
  });

  it('404 without memory; other GET paths stay 405; no resumable means 204 on /stream', async () => {
    const served = await serve(createChatHandler({ agent: historyAgent(false), resource: () => 'alice' }));
    servers.push(served);
    expect((await getFrom(served.url, 'h1/messages', 'alice')).status).toBe(404);
    expect((await getFrom(served.url, 'h1/other', 'alice')).status).toBe(405);
    expect((await getFrom(served.url, 'h1/stream', 'alice')).status).toBe(204);
  });
});

describe('resumable options', () => {
  it('refuses a missing client or a bad number, naming the option', () => {
    expect(() => resumableSettings({ redis: {} })).toThrow(
      /resumable\.redis must be a connected node-redis 5/,
    );
    const unused = new Redis({ lazyConnect: true });
    expect(() => resumableSettings({ redis: unused, blockMs: 0 })).toThrow(
      /resumable\.blockMs must be a positive whole number/,
    );
    unused.disconnect();
  });
});
