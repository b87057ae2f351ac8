/**
 * `npm run chat`: the example chat page and the agent behind it, on http://127.0.0.1:3000
 * (`PORT` to change it).
 *
 * - The page (examples/chat/page) is bundled with Vite into `.sluice/chat-page/` at startup and
 *   served from there; it loads nothing from other origins (the Content-Security-Policy says so).
 * - `/api/chat` is `createChatHandler`: POST answers, `GET /api/chat/<id>/messages` is the stored
 *   history, `GET /api/chat/<id>/stream` resumes an answer still in flight.
 * - Who is asking: a random id in an HttpOnly cookie the server sets on the first visit. That
 *   stands in for your login; the handler never reads it from the body.
 * - Memory: a SQLite file (`.sluice/chat-memory.db`, or `SLUICE_CHAT_DB`).
 * - Resumable streams: on Redis at `REDIS_URL` (default redis://127.0.0.1:6379) when it answers;
 *   otherwise the server starts without them and says so.
 * - Offline on a scripted model unless OPENAI_API_KEY or ANTHROPIC_API_KEY is set (agent.ts).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createClient } from 'redis';
import { createChatHandler, toNodeHandler } from '../../src/ai-sdk/index.js';
import { createChatAgent } from './agent.js';

const PAGE_DIR = fileURLToPath(new URL('./page/', import.meta.url));

/** Options of {@link startChatServer}. */
export interface ChatServerOptions {
  /** Default 3000; 0 picks a free port. */
  port?: number;
  /** The SQLite memory file. Default `.sluice/chat-memory.db`. */
  dbPath?: string;
  /** Redis for resumable streams; `false` starts without them. Default redis://127.0.0.1:6379. */
  redisUrl?: string | false;
  /** Key prefix of the resumable streams in Redis. Default `sluice-chat:`. */
  redisKeyPrefix?: string;
  /** Where the bundled page goes. Default `.sluice/chat-page`. */
  outDir?: string;
  /** Delay between the chunks of the scripted long answer, in ms. */
  slowChunkMs?: number;
  /** Where the startup lines go. Default `console.log`. */
  log?: (line: string) => void;
}

/** A running chat server. */
export interface ChatServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Whether answers can be resumed (Redis answered at startup). */
  resumable: boolean;
  close(): Promise<void>;
}

const COOKIE = 'sluice_chat_user';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Nothing but this origin: a page that tried to reach anything else would be refused by the browser. */
const CSP =
  "default-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** Bundles the page into `outDir` with Vite (production build, no CDN: everything is in the bundle). */
export async function buildChatPage(outDir: string): Promise<void> {
  const { build } = await import('vite');
  await build({
    root: PAGE_DIR,
    configFile: false,
    logLevel: 'warn',
    // Production React even when the caller runs with NODE_ENV=test (vitest).
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    oxc: { jsx: { runtime: 'automatic', development: false } },
    build: {
      outDir,
      emptyOutDir: true,
      rolldownOptions: {
        onwarn(warning, warn) {
          // swr's 'use client' directive means nothing outside React Server Components.
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
          warn(warning);
        },
      },
    },
  });
}

/** Builds the page, connects memory (and Redis when it answers) and starts serving. */
export async function startChatServer(options: ChatServerOptions = {}): Promise<ChatServer> {
  const log = options.log ?? console.log;
  const outDir = resolve(options.outDir ?? '.sluice/chat-page');
  const dbPath = resolve(options.dbPath ?? process.env.SLUICE_CHAT_DB ?? '.sluice/chat-memory.db');
  await buildChatPage(outDir);

  const {
    agent,
    modelName,
    close: closeAgent,
  } = createChatAgent({
    dbPath,
    ...(options.slowChunkMs !== undefined ? { slowChunkMs: options.slowChunkMs } : {}),
  });
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redis = redisUrl === false ? undefined : await connectRedis(redisUrl);
  const resumeNote = redis
    ? `resumable streams on ${redisUrl}`
    : redisUrl === false
      ? 'resumable streams off'
      : `resumable streams off (no Redis at ${redisUrl})`;

  const chat = toNodeHandler(
    createChatHandler({
      agent,
      resource: (request) => userOf(request.headers.get('cookie')),
      ...(redis ? { resumable: { redis, keyPrefix: options.redisKeyPrefix ?? 'sluice-chat:' } } : {}),
    }),
  );
  const setup = JSON.stringify({
    model: modelName,
    memory: 'SQLite',
    resumable: redis !== undefined,
    resumeNote,
  });

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/api/chat' || path.startsWith('/api/chat/')) {
      void chat(req, res);
      return;
    }
    if (path === '/api/chat-config') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(setup);
      return;
    }
    serveFile(outDir, path, req, res);
  });
  const port = options.port ?? 3000;
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  log(`chat: ${origin}`);
  log(`model: ${modelName} · memory: ${dbPath} · ${resumeNote}`);

  return {
    origin,
    resumable: redis !== undefined,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await redis?.close();
      closeAgent();
    },
  };
}

/** A connected node-redis client, or `undefined` when nothing answers at `url` within a second. */
async function connectRedis(url: string) {
  const client = createClient({ url, socket: { connectTimeout: 1000, reconnectStrategy: false } });
  // Without a listener a lost connection would crash the process; the handler reports failed calls.
  client.on('error', () => {});
  try {
    await client.connect();
    return client;
  } catch {
    return undefined;
  }
}

/** The user id in the session cookie, when it is one this server could have set. */
function userOf(cookieHeader: string | null): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at === -1 || pair.slice(0, at).trim() !== COOKIE) continue;
    const value = pair.slice(at + 1).trim();
    return isUuid(value) ? value : undefined;
  }
  return undefined;
}

function isUuid(value: string): boolean {
  if (value.length !== 36) return false;
  for (let i = 0; i < value.length; i++) {
    const ch = value.charAt(i);
    const dash = i === 8 || i === 13 || i === 18 || i === 23;
    if (dash ? ch !== '-' : !'0123456789abcdef'.includes(ch)) return false;
  }
  return true;
}

/** Serves the bundle read-only; the page itself gets the session cookie when it has none. */
function serveFile(root: string, path: string, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET' }).end();
    return;
  }
  const base = normalize(root + sep);
  let file: string;
  try {
    file = path === '/' ? join(base, 'index.html') : normalize(join(base, decodeURIComponent(path)));
  } catch {
    file = ''; // a malformed escape: not a file of ours
  }
  if (!file.startsWith(base) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  const headers: Record<string, string> = {
    'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'content-security-policy': CSP,
    'x-content-type-options': 'nosniff',
  };
  if (extname(file) === '.html' && !userOf(req.headers.cookie ?? null)) {
    headers['set-cookie'] = `${COOKIE}=${randomUUID()}; Path=/; HttpOnly; SameSite=Strict`;
  }
  res.writeHead(200, headers).end(readFileSync(file));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = await startChatServer({ port: Number(process.env.PORT ?? 3000) });
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
