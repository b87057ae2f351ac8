/**
 * One serving process of the load bench (`bench/load.ts` forks it): an HTTP server on port 0
 * answering `useChat` POSTs with one of the measured setups, the model being the real
 * `@ai-sdk/openai` client pointed at the fake provider process. It reports its port when ready,
 * and on request its peak RSS and CPU time since the last reset, so the parent can print them per
 * process and per turn.
 *
 * Messages from the parent: `reset-stats`, `stats` (answered with {@link WorkerStats}), `close`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createOpenAI } from '@ai-sdk/openai';
import { convertToModelMessages, streamText, type UIMessage } from 'ai';
import { createClient } from 'redis';
import { Agent } from '../src/agent/index.js';
import { createChatHandler, toNodeHandler } from '../src/ai-sdk/index.js';
import type { UsageHold, UsageReserveCheck, UsageReserveResult } from '../src/cost/types.js';
import { Memory } from '../src/memory/index.js';
import { PostgresStore } from '../src/pg/index.js';
import { ResponseCache, TokenCostControl } from '../src/processors/index.js';
import { RedisServerCache, RedisUsageLedger } from '../src/redis/index.js';
import { SqliteStore } from '../src/sqlite/index.js';
import type { MemoryStorage } from '../src/stores/types.js';

/** Which setup a worker serves; the parent passes it (JSON) as the first argument. */
export interface WorkerConfig {
  setup: 'streamtext' | 'sluice' | 'sluice-pg-redis' | 'sluice-sqlite-redis';
  /** The fake provider's OpenAI base URL (`…/v1`). */
  providerURL: string;
  /** The model id sent to the provider; priced, so the ledger records a cost. */
  modelId: string;
  instructions: string;
  databaseURL?: string;
  /** PostgreSQL schema of the memory tables (owned by the bench, dropped afterwards). */
  schema?: string;
  /** SQLite file of the memory tables. */
  sqlitePath?: string;
  redisURL?: string;
  /** Prefix of every Redis key the worker writes (cache entries and ledger). */
  redisPrefix?: string;
}

/** What a worker reports about itself. */
export interface WorkerStats {
  /** Highest RSS sampled (every 50 ms) since the last reset, in bytes. */
  peakRss: number;
  /** User + system CPU time since the last reset, in ms. */
  cpuMs: number;
  /** Store calls slower than the caller waits for (it then goes on without them), since the last reset. */
  late: LateCalls;
  /** How late the event loop ran a 10 ms check since the last reset (p50 and p99, ms): the queue every await waits in. */
  loopDelay: { p50: number; p99: number };
}

/** Calls that outlived their caller's timeout: the turn went on without them (fail-open). */
export interface LateCalls {
  /** `ResponseCache` lookups over its 300 ms: the call went uncached. */
  cacheGet: number;
  /**
   * `ResponseCache` writes over 300 ms: the run stopped waiting for them (and warned). They are
   * off the response path and not cancelled, so the entry still lands unless the write fails.
   */
  cacheSet: number;
  /** `TokenCostControl` budget checks (reservations) over its 2 s: the call went unchecked. */
  budgetCheck: number;
}

// The processors' default timeouts (ResponseCache `timeoutMs`, TokenCostControl `timeoutMs`).
const CACHE_TIMEOUT_MS = 300;
const BUDGET_TIMEOUT_MS = 2000;
let late: LateCalls = { cacheGet: 0, cacheSet: 0, budgetCheck: 0 };

/** Counts, on the way out, the calls that took longer than their caller waits. */
async function timed<T>(call: () => Promise<T>, limitMs: number, kind: keyof LateCalls): Promise<T> {
  const start = performance.now();
  try {
    return await call();
  } finally {
    if (performance.now() - start > limitMs) late[kind]++;
  }
}

class CountingCache extends RedisServerCache {
  override get(key: string): Promise<unknown> {
    return timed(() => super.get(key), CACHE_TIMEOUT_MS, 'cacheGet');
  }
  override set(key: string, value: unknown, ttlMs?: number): Promise<void> {
    return timed(() => super.set(key, value, ttlMs), CACHE_TIMEOUT_MS, 'cacheSet');
  }
}

class CountingLedger extends RedisUsageLedger {
  override reserve(hold: UsageHold, check: UsageReserveCheck): Promise<UsageReserveResult> {
    return timed(() => super.reserve(hold, check), BUDGET_TIMEOUT_MS, 'budgetCheck');
  }
}

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

const config = JSON.parse(process.argv[2] ?? '{}') as WorkerConfig;
const closers: Array<() => Promise<unknown>> = [];

/** The AI SDK alone, as an app without Sluice would write it: the client's history is the prompt. */
function streamTextHandler(): NodeHandler {
  const model = createOpenAI({ baseURL: config.providerURL, apiKey: 'bench' }).chat(config.modelId);
  return async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: UIMessage[] };
    const result = streamText({
      model,
      system: config.instructions,
      messages: await convertToModelMessages(body.messages),
    });
    result.pipeUIMessageStreamToResponse(res);
  };
}

async function connectRedis(): Promise<ReturnType<typeof createClient>> {
  const client = createClient({ url: config.redisURL });
  client.on('error', (error: unknown) => console.error(`load worker ${process.pid}: redis error`, error));
  await client.connect();
  closers.push(() => client.close());
  return client;
}

async function sluiceHandler(): Promise<NodeHandler> {
  const model = createOpenAI({ baseURL: config.providerURL, apiKey: 'bench' }).chat(config.modelId);
  if (config.setup === 'sluice') {
    const agent = new Agent({ id: 'load', instructions: config.instructions, model });
    return toNodeHandler(
      createChatHandler({
        agent,
        resource: (request) => request.headers.get('x-user-id'),
        onError: describeError,
      }),
    );
  }
  let storage: MemoryStorage;
  if (config.setup === 'sluice-pg-redis') {
    storage = new PostgresStore({ connectionString: config.databaseURL, schema: config.schema });
  } else {
    storage = new SqliteStore({ path: config.sqlitePath as string });
  }
  await storage.init();
  closers.push(() => storage.close());
  const redis = await connectRedis();
  const prefix = config.redisPrefix as string;
  const cache = new CountingCache({ client: redis }, { keyPrefix: `${prefix}cache:`, ttlSeconds: 600 });
  const ledger = new CountingLedger({ client: redis, keyPrefix: `${prefix}usage:` });
  const agent = new Agent({
    id: 'load',
    instructions: config.instructions,
    model,
    memory: new Memory({
      storage,
      options: { lastMessages: 10, workingMemory: { enabled: true, template: '# User\n- Name:\n' } },
    }),
    inputProcessors: [
      new ResponseCache({ cache, ttl: 600 }),
      // A budget no chat reaches: every turn pays the check and the record, none is blocked.
      new TokenCostControl({ maxCost: 1_000_000, scope: 'resource', ledger }),
    ],
  });
  return toNodeHandler(
    createChatHandler({
      agent,
      resource: (request) => request.headers.get('x-user-id'),
      onError: describeError,
    }),
  );
}

/**
 * What a failed turn tells the load client: the error's class, code and message, so the report
 * names the cause (a bench's clients are trusted; never do this for real users).
 */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message}`;
}

let peakRss = 0;
let cpuStart = process.cpuUsage();
const LOOP_DELAY_RESOLUTION_MS = 10;
const loopDelay = monitorEventLoopDelay({ resolution: LOOP_DELAY_RESOLUTION_MS });
loopDelay.enable();
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 50);
sampler.unref();

const handler = config.setup === 'streamtext' ? streamTextHandler() : await sluiceHandler();
const server = createServer((req, res) => {
  Promise.resolve(handler(req, res)).catch((error: unknown) => {
    console.error(`load worker ${process.pid} (${config.setup}): request failed`, error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});
// Every chat of this process keeps one connection open: 200 in flight must not hit a limit.
server.maxConnections = 10_000;
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.send?.({ type: 'ready', port: (server.address() as AddressInfo).port });
});

process.on('message', async (message: { type: string }) => {
  if (message.type === 'reset-stats') {
    peakRss = process.memoryUsage.rss();
    cpuStart = process.cpuUsage();
    loopDelay.reset();
    late = { cacheGet: 0, cacheSet: 0, budgetCheck: 0 };
    process.send?.({ type: 'reset-stats' });
  } else if (message.type === 'stats') {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    const cpu = process.cpuUsage(cpuStart);
    const stats: WorkerStats = {
      peakRss,
      cpuMs: (cpu.user + cpu.system) / 1000,
      late,
      // The histogram holds the whole interval between checks: lateness is what exceeds it.
      loopDelay: {
        p50: Math.max(0, loopDelay.percentile(50) / 1e6 - LOOP_DELAY_RESOLUTION_MS),
        p99: Math.max(0, loopDelay.percentile(99) / 1e6 - LOOP_DELAY_RESOLUTION_MS),
      },
    };
    process.send?.({ type: 'stats', stats });
  } else if (message.type === 'close') {
    server.closeAllConnections();
    server.close();
    // Stores last: a turn's save finishing after the last response still has its connection.
    for (const close of closers.reverse()) await close().catch(() => undefined);
    process.disconnect();
  }
});
