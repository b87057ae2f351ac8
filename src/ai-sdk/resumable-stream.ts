/**
 * Resumable answers: the chat handler records each in-flight answer's UI message stream in a
 * Redis Stream, and a reconnecting client (`useChat({ resume: true })`, on any server instance)
 * replays it from the start and follows it live until it finishes.
 *
 * Layout, per (resource, thread) — both hashed into the key, so a chat id chosen by one tenant
 * can never name another tenant's keys:
 * - `<prefix>{<hash>}:active` — the id of the answer in flight (absent: nothing to resume);
 * - `<prefix>{<hash>}:run:<answer id>` — the answer's entries, each `d` (server-sent-event text
 *   of one or more chunks) and `e` (`0` more to come, `1` finished, `2` abandoned at a cap).
 * The hash tag keeps both keys in one Redis Cluster slot, so one script touches both.
 */
import { ConfigurationError } from '../errors/configuration-error.js';
import { describeOptionValue } from '../processors/option-errors.js';

/**
 * A connected node-redis 5 (`createClient()` then `await client.connect()`) or ioredis 5
 * (`new Redis()`) client. Only its raw-command method (`sendCommand` / `call`) and
 * `duplicate()` are used.
 */
export type ResumableRedisClient = object;

/** `createChatHandler({ resumable })`: where and how long in-flight answers are kept. */
export interface ResumableStreamOptions {
  /** A connected node-redis 5 or ioredis 5 client; blocking reads use duplicates of it, never it. */
  redis: ResumableRedisClient;
  /** Prefix of every key written. Default `'sluice:chat-stream:'`. */
  keyPrefix?: string;
  /** Seconds an answer's entries live after its last write (a crashed server's answer expires). Default 600. */
  ttlSeconds?: number;
  /** Longest single blocking read (`XREAD BLOCK`) in milliseconds; the follower re-checks the answer between reads. Default 5000. */
  blockMs?: number;
  /** Most entries one answer may write; past it the answer is no longer resumable. Default 10 000. */
  maxEntries?: number;
  /** Most bytes of chunks one answer may write; past it the answer is no longer resumable. Default 4 MB. */
  maxBytes?: number;
  /**
   * Most resumed streams this handler follows at once (each holds a Redis connection); more
   * are answered 503. Default 256.
   */
  maxFollowers?: number;
}

/** The options with defaults applied and checked. */
export interface ResumableSettings {
  redis: RawRedis;
  keyPrefix: string;
  ttlMs: number;
  blockMs: number;
  maxEntries: number;
  maxBytes: number;
  maxFollowers: number;
  /** Resumed streams being followed now (per handler). */
  followers: number;
}

const DEFAULT_PREFIX = 'sluice:chat-stream:';
const DEFAULT_TTL_SECONDS = 600;
const DEFAULT_BLOCK_MS = 5_000;
const DEFAULT_MAX_ENTRIES = 10_000;
const DEFAULT_MAX_BYTES = 4_000_000;
const DEFAULT_MAX_FOLLOWERS = 256;
/** How long a finished answer's entries stay for followers still reading its tail. */
const FINISHED_GRACE_MS = 15_000;
/** Entries one XREAD returns at most. */
const READ_COUNT = 200;

/** Raw commands on one client library: the reply shapes of RESP2 (arrays, strings, null). */
interface RawRedis {
  readonly library: 'ioredis' | 'node-redis';
  send(args: string[]): Promise<unknown>;
  /** A new connection to the same server for blocking reads; `release()` it when done. */
  duplicate(): Promise<RawRedisConnection>;
}

/** A dedicated connection: closing it also ends a blocking read in flight. */
interface RawRedisConnection {
  send(args: string[]): Promise<unknown>;
  release(): void;
}

type Fn = (...args: unknown[]) => unknown;

/** Wraps a node-redis 5 or ioredis 5 client, told apart by shape (ioredis has `call`). */
function rawRedis(client: object): RawRedis | undefined {
  const c = client as Record<string, unknown>;
  if (typeof c.duplicate !== 'function') return undefined;
  if (typeof c.call === 'function') {
    const send = (target: Record<string, unknown>) => (args: string[]) =>
      (target.call as Fn).apply(target, args) as Promise<unknown>;
    return {
      library: 'ioredis',
      send: send(c),
      duplicate: async () => {
        const dup = (c.duplicate as Fn).call(c) as Record<string, unknown>;
        // Errors surface on the commands; an unhandled 'error' event would crash the process.
        (dup.on as Fn)?.call(dup, 'error', () => {});
        return { send: send(dup), release: () => (dup.disconnect as Fn).call(dup) };
      },
    };
  }
  if (typeof c.sendCommand === 'function') {
    const send = (target: Record<string, unknown>) => (args: string[]) =>
      (target.sendCommand as Fn).call(target, args) as Promise<unknown>;
    return {
      library: 'node-redis',
      send: send(c),
      duplicate: async () => {
        const dup = (c.duplicate as Fn).call(c) as Record<string, unknown>;
        (dup.on as Fn)?.call(dup, 'error', () => {});
        await (dup.connect as Fn).call(dup);
        return {
          send: send(dup),
          release: () => {
            if (dup.isOpen === true) (dup.destroy as Fn).call(dup);
          },
        };
      },
    };
  }
  return undefined;
}

function invalid(option: string, message: string): ConfigurationError {
  return new ConfigurationError(
    'CHAT_HANDLER_INVALID_OPTIONS',
    `createChatHandler: resumable.${option} ${message}`,
    {
      details: { handler: 'createChatHandler', option: `resumable.${option}` },
    },
  );
}

function positiveInteger(value: unknown, option: string, fallback: number, unit: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0)
    throw invalid(option, `must be a positive whole number of ${unit} (got ${describeOptionValue(value)}).`);
  return value;
}

/** Checks `resumable` and applies its defaults; throws a `ConfigurationError` naming the option. */
export function resumableSettings(options: ResumableStreamOptions): ResumableSettings {
  if (typeof options !== 'object' || options === null)
    throw invalid('redis', `must be set: pass { redis } (got ${describeOptionValue(options)}).`);
  const redis =
    typeof options.redis === 'object' && options.redis !== null ? rawRedis(options.redis) : undefined;
  if (!redis) {
    throw invalid(
      'redis',
      `must be a connected node-redis 5 client (createClient() then await client.connect()) or an ioredis 5 client (new Redis()) (got ${describeOptionValue(options.redis)}).`,
    );
  }
  const keyPrefix = options.keyPrefix ?? DEFAULT_PREFIX;
  if (typeof keyPrefix !== 'string')
    throw invalid('keyPrefix', `must be a string (got ${describeOptionValue(keyPrefix)}).`);
  return {
    redis,
    keyPrefix,
    ttlMs: positiveInteger(options.ttlSeconds, 'ttlSeconds', DEFAULT_TTL_SECONDS, 'seconds') * 1000,
    blockMs: positiveInteger(options.blockMs, 'blockMs', DEFAULT_BLOCK_MS, 'milliseconds'),
    maxEntries: positiveInteger(options.maxEntries, 'maxEntries', DEFAULT_MAX_ENTRIES, 'entries'),
    maxBytes: positiveInteger(options.maxBytes, 'maxBytes', DEFAULT_MAX_BYTES, 'bytes'),
    maxFollowers: positiveInteger(options.maxFollowers, 'maxFollowers', DEFAULT_MAX_FOLLOWERS, 'streams'),
    followers: 0,
  };
}

/** The keys of one chat: the resource and thread are hashed, so neither shapes the key. */
async function chatStreamKeys(
  settings: ResumableSettings,
  resource: string,
  threadId: string,
): Promise<{ active: string; run: (answerId: string) => string }> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(JSON.stringify([resource, threadId])),
  );
  let hex = '';
  for (const byte of new Uint8Array(digest, 0, 16)) hex += byte.toString(16).padStart(2, '0');
  const base = `${settings.keyPrefix}{${hex}}:`;
  return { active: `${base}active`, run: (answerId) => `${base}run:${answerId}` };
}

/** Keeps `args` a plain string array whatever the numbers. */
function str(n: number): string {
  return String(n);
}

/**
 * Appends one entry and refreshes the expiry, in one step: `XADD` (capped), then the answer's
 * keys live `ttl` more — or, for the last entry, the active marker goes (if it is still this
 * answer's: a newer answer may have replaced it) and the entries stay a short grace for
 * followers reading the tail.
 * KEYS: run stream, active marker. ARGV: answer id, data, end flag, ttl ms, max entries, grace ms.
 */
const APPEND = `
redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[5], '*', 'd', ARGV[2], 'e', ARGV[3])
local mine = redis.call('GET', KEYS[2]) == ARGV[1]
if ARGV[3] == '0' then
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
  if mine then redis.call('PEXPIRE', KEYS[2], ARGV[4]) end
else
  redis.call('PEXPIRE', KEYS[1], ARGV[6])
  if mine then redis.call('DEL', KEYS[2]) end
end
return 1`;

/**
 * Starts an answer: its first entry `m` says what it answers (read by the history route), and
 * the marker names it. KEYS: run stream, active marker. ARGV: answer id, meta JSON, ttl ms.
 */
const START = `
redis.call('XADD', KEYS[1], '*', 'm', ARGV[2], 'e', '0')
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[3])
return 1`;

/** What an answer in flight answers: the history route shows the question and leaves the answer out. */
export interface AnswerInFlight {
  /** The id the answer's message has (`start.messageId`), as memory will store it. */
  messageId: string;
  /** The user message it answers, as the client sent it (memory stores it when the run ends). */
  question?: unknown;
}

/**
 * The answer in flight for (resource, thread), if any: what it answers. Read from its first
 * entry; a Redis failure reads as "none" (the history is then what memory holds).
 */
export async function answerInFlight(
  settings: ResumableSettings,
  resource: string,
  threadId: string,
): Promise<AnswerInFlight | undefined> {
  try {
    const keys = await chatStreamKeys(settings, resource, threadId);
    const answerId = await settings.redis.send(['GET', keys.active]);
    if (!isAnswerId(answerId)) return undefined;
    const reply = await settings.redis.send(['XRANGE', keys.run(answerId), '-', '+', 'COUNT', '1']);
    const first = Array.isArray(reply) ? entryOf(reply[0]) : undefined;
    const meta = first?.fields.m;
    if (meta === undefined) return undefined;
    const parsed = JSON.parse(meta) as AnswerInFlight;
    return typeof parsed?.messageId === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Deletes the active marker if it still names this answer. KEYS: marker. ARGV: answer id. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * Writes one answer's server-sent-event text to its Redis Stream as it is produced. Writes are
 * sequential; what arrives while one is in flight goes in the next entry. A Redis failure or a
 * cap reached stops the recording (the answer goes on to the client; it just cannot be resumed).
 */
export class AnswerRecorder {
  readonly #settings: ResumableSettings;
  readonly #answerId: string;
  readonly #keys: [string, string];
  /** Text waiting for the next entry. */
  #pending = '';
  #entries = 0;
  #bytes = 0;
  /** Taking chunks (until `finish()`, a cap or a failure). */
  #open = true;
  /** A flush is queued on `#chain`. */
  #queued = false;
  /** Every write, one after another. */
  #chain: Promise<void> = Promise.resolve();

  private constructor(settings: ResumableSettings, answerId: string, keys: [string, string]) {
    this.#settings = settings;
    this.#answerId = answerId;
    this.#keys = keys;
  }

  /** Marks the answer active (a GET now resumes it); a Redis failure means "not resumable". */
  static async start(
    settings: ResumableSettings,
    resource: string,
    threadId: string,
    answerId: string,
    about: AnswerInFlight,
  ): Promise<AnswerRecorder | undefined> {
    const keys = await chatStreamKeys(settings, resource, threadId);
    const run = keys.run(answerId);
    const meta = JSON.stringify(about);
    try {
      await settings.redis.send(['EVAL', START, '2', run, keys.active, answerId, meta, str(settings.ttlMs)]);
    } catch {
      return undefined;
    }
    const recorder = new AnswerRecorder(settings, answerId, [run, keys.active]);
    recorder.#entries = 1;
    recorder.#bytes = meta.length;
    return recorder;
  }

  /** Queues `text` (`byteLength` bytes) for the next entry. */
  push(text: string, byteLength: number): void {
    if (!this.#open) return;
    this.#bytes += byteLength;
    if (this.#bytes > this.#settings.maxBytes) {
      this.#abandon();
      return;
    }
    this.#pending += text;
    if (!this.#queued) {
      this.#queued = true;
      this.#chain = this.#chain.then(() => this.#flush());
    }
  }

  /** Writes what is queued as the finishing entry; resolves once it is in Redis (or failed). */
  finish(): Promise<void> {
    if (this.#open) {
      this.#open = false;
      this.#chain = this.#chain.then(() => this.#write('1'));
    }
    return this.#chain;
  }

  async #flush(): Promise<void> {
    this.#queued = false;
    if (!this.#open || this.#pending.length === 0) return;
    // The last slot is kept for the finishing entry.
    if (this.#entries + 2 > this.#settings.maxEntries) {
      this.#abandon();
      return;
    }
    await this.#write('0');
  }

  /** Past a cap: followers are told to stop, and new GETs find nothing to resume. */
  #abandon(): void {
    this.#open = false;
    this.#pending = '';
    this.#chain = this.#chain.then(() => this.#write('2'));
  }

  /** Appends the pending text with `end`; a failure stops the recording (never the answer). */
  async #write(end: '0' | '1' | '2'): Promise<void> {
    const data = this.#pending;
    this.#pending = '';
    this.#entries++;
    const s = this.#settings;
    try {
      await s.redis.send([
        'EVAL',
        APPEND,
        '2',
        ...this.#keys,
        this.#answerId,
        data,
        end,
        str(s.ttlMs),
        str(s.maxEntries),
        str(Math.min(FINISHED_GRACE_MS, s.ttlMs)),
      ]);
    } catch {
      this.#open = false;
      // Best effort: a marker left behind would keep clients waiting for entries that never come.
      await s.redis.send(['EVAL', RELEASE, '1', this.#keys[1], this.#answerId]).catch(() => {});
    }
  }
}

const encoder = new TextEncoder();
const DONE = encoder.encode('data: [DONE]\n\n');
/** Is this what we store as an answer id (a UUID: hex digits and dashes)? Anything else is not followed. */
function isAnswerId(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const hex = (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || c === 45;
    if (!hex) return false;
  }
  return true;
}

/**
 * The answer in flight for (resource, thread) as a stream of server-sent-event bytes, replayed
 * from its first entry and followed live; `undefined` when there is none, `'busy'` when the
 * handler already follows `maxFollowers` streams. Blocking reads
 * run on a dedicated connection, bounded by `blockMs` each; between them the answer must still
 * exist. Cancelling the stream or aborting `signal` closes that connection at once.
 */
export async function followAnswer(
  settings: ResumableSettings,
  resource: string,
  threadId: string,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array> | undefined | 'busy'> {
  const keys = await chatStreamKeys(settings, resource, threadId);
  const answerId = await settings.redis.send(['GET', keys.active]);
  if (!isAnswerId(answerId)) return undefined;
  const run = keys.run(answerId);
  if (signal.aborted) return undefined;
  if (settings.followers >= settings.maxFollowers) return 'busy';
  settings.followers++;
  let connection: RawRedisConnection;
  try {
    connection = await settings.redis.duplicate();
  } catch (error) {
    settings.followers--;
    throw error;
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    settings.followers--;
    signal.removeEventListener('abort', release);
    connection.release();
  };
  signal.addEventListener('abort', release, { once: true });
  let last = '0';
  return new ReadableStream<Uint8Array>(
    {
      pull: async (controller) => {
        try {
          for (;;) {
            if (released) {
              closeQuietly(controller);
              return;
            }
            const reply = await connection.send([
              'XREAD',
              'COUNT',
              str(READ_COUNT),
              'BLOCK',
              str(settings.blockMs),
              'STREAMS',
              run,
              last,
            ]);
            const entries = streamEntries(reply);
            if (entries.length === 0) {
              // Nothing within blockMs: go on only while this answer is still the one in flight
              // (its writer failing, or a newer answer, takes the marker away).
              const current = await settings.redis.send(['GET', keys.active]);
              if (current !== answerId) {
                release();
                closeQuietly(controller);
                return;
              }
              continue;
            }
            let text = '';
            let end: string | undefined;
            for (const entry of entries) {
              last = entry.id;
              text += entry.fields.d ?? '';
              if (entry.fields.e !== undefined && entry.fields.e !== '0') {
                end = entry.fields.e;
                break;
              }
            }
            if (text.length > 0) controller.enqueue(encoder.encode(text));
            if (end !== undefined) {
              if (end === '1') controller.enqueue(DONE);
              release();
              closeQuietly(controller);
            }
            if (text.length > 0 || end !== undefined) return;
          }
        } catch (error) {
          // Released here (the client left): the read failing is how the blocking read ends.
          if (released) closeQuietly(controller);
          else {
            // Redis gone: the client sees the stream fail and can load the history instead.
            release();
            controller.error(error);
          }
        }
      },
      cancel: release,
    },
    { highWaterMark: 0 },
  );
}

/** Closes a stream that the client may have cancelled already (then closing throws). */
function closeQuietly(controller: ReadableStreamDefaultController<Uint8Array>): void {
  try {
    controller.close();
  } catch {
    // Already cancelled: nothing to close.
  }
}

interface StreamEntry {
  id: string;
  fields: Record<string, string>;
}

/** The entries of a one-key XREAD reply, RESP2 (`[[key, [[id, [f, v…]]…]]]`) or RESP3 (a map). */
function streamEntries(reply: unknown): StreamEntry[] {
  if (reply === null || reply === undefined) return [];
  let perKey: unknown;
  if (Array.isArray(reply)) perKey = (reply[0] as unknown[] | undefined)?.[1];
  else if (reply instanceof Map) perKey = reply.values().next().value;
  else if (typeof reply === 'object') perKey = Object.values(reply)[0];
  if (!Array.isArray(perKey)) return [];
  const out: StreamEntry[] = [];
  for (const raw of perKey) {
    const entry = entryOf(raw);
    if (entry) out.push(entry);
  }
  return out;
}

/** One stream entry, `[id, [field, value, …]]`. */
function entryOf(raw: unknown): StreamEntry | undefined {
  if (!Array.isArray(raw)) return undefined;
  const [id, list] = raw as [unknown, unknown];
  const fields: Record<string, string> = {};
  if (Array.isArray(list)) {
    for (let i = 0; i + 1 < list.length; i += 2) fields[String(list[i])] = String(list[i + 1]);
  }
  return { id: String(id), fields };
}
