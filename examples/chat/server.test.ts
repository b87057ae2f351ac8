/**
 * The example chat server over HTTP, without a browser: who is asking comes from the session
 * cookie only, one user cannot read another's chat, and nothing outside the bundle is served.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatServer, startChatServer } from './server.js';

let server: ChatServer;
let tmp: string;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'sluice-chat-server-'));
  server = await startChatServer({
    port: 0,
    dbPath: join(tmp, 'memory.db'),
    outDir: join(tmp, 'page'),
    redisUrl: false,
    log: () => {},
  });
}, 90_000); // bundling the page on a loaded machine

afterAll(async () => {
  await server?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** Visits the page as a new browser would and returns its session cookie (`name=value`). */
async function newSession(): Promise<string> {
  const response = await fetch(server.origin);
  const cookie = response.headers.get('set-cookie') ?? '';
  return cookie.split(';')[0] as string;
}

/** Sends one user message in `chatId` and reads the answer to its end. */
async function chat(cookie: string, chatId: string, text: string): Promise<Response> {
  const response = await fetch(`${server.origin}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      id: chatId,
      trigger: 'submit-message',
      messages: [{ id: `m-${chatId}`, role: 'user', parts: [{ type: 'text', text }] }],
    }),
  });
  await response.text();
  return response;
}

describe('example chat server', () => {
  it('gives a first visit an HttpOnly session cookie, and a returning visit none', async () => {
    const first = await fetch(server.origin);
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^sluice_chat_user=[0-9a-f-]{36}; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(first.headers.get('content-security-policy')).toContain("default-src 'self'");
    const again = await fetch(server.origin, { headers: { cookie: cookie.split(';')[0] as string } });
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('answers the API with 401 without a session cookie, or with one it could not have set', async () => {
    expect((await fetch(`${server.origin}/api/chat/c1/messages`)).status).toBe(401);
    const forged = await fetch(`${server.origin}/api/chat/c1/messages`, {
      headers: { cookie: 'sluice_chat_user=admin' },
    });
    expect(forged.status).toBe(401);
  });

  it("keeps a user's chat from another user: the history GET is 403 for them", async () => {
    const alice = await newSession();
    const bob = await newSession();
    expect((await chat(alice, 'alice-chat', 'What is the weather in Oslo?')).status).toBe(200);
    const own = await fetch(`${server.origin}/api/chat/alice-chat/messages`, { headers: { cookie: alice } });
    expect(own.status).toBe(200);
    expect(JSON.stringify(await own.json())).toContain('overcast');
    const other = await fetch(`${server.origin}/api/chat/alice-chat/messages`, { headers: { cookie: bob } });
    expect(other.status).toBe(403);
    expect(await other.text()).not.toContain('Oslo');
  });

  it('serves nothing outside the bundle', async () => {
    for (const path of ['/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/package.json', '/%E0%A4%A', '/nope.js']) {
      const response = await fetch(`${server.origin}${path}`);
      expect(response.status, path).toBe(404);
    }
    expect((await fetch(server.origin, { method: 'POST' })).status).toBe(405);
  });
});
