/**
 * How the usage ledger's scripts reach Redis: `EVALSHA` first (pipelined per tick on a standalone
 * ioredis client), `EVAL` with the text on `NOSCRIPT`; the Cluster hash slot of a key; and which
 * failures are the server's error replies.
 */
import type { RedisClientLike, RedisServerCachePreset } from './presets.js';
import { LEDGER_SCRIPT, LEDGER_SCRIPT_SHA } from './usage-ledger-scripts.js';

/** The CRC16 (XMODEM) Redis Cluster hashes keys with. */
function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/**
 * The Redis Cluster hash slot of a key (0 … 16383): CRC16 of its hash tag — the part between the
 * first `{` and the next `}` when that is non-empty — or of the whole key, modulo 16384.
 */
export function keyHashSlot(key: string): number {
  const open = key.indexOf('{');
  let hashed = key;
  if (open !== -1) {
    const close = key.indexOf('}', open + 1);
    if (close > open + 1) hashed = key.slice(open + 1, close);
  }
  return crc16(new TextEncoder().encode(hashed)) % 16384;
}

const REPLY_ERRORS = new Set(['ReplyError', 'ErrorReply', 'SimpleError', 'BlobError']);
/** Reply prefixes that mean "the server cannot serve now" rather than "bad command". */
const BUSY_REPLY = /^(LOADING|BUSY|MASTERDOWN|READONLY|TRYAGAIN|CLUSTERDOWN|NOREPLICAS)\b/;

/** Is this an error reply from the server (bad command, wrong key type), rather than no connection? */
export function isReplyError(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { name?: unknown; constructor?: { name?: unknown }; message?: unknown };
  if (!REPLY_ERRORS.has(String(e.name)) && !REPLY_ERRORS.has(String(e.constructor?.name))) return false;
  return !BUSY_REPLY.test(String(e.message ?? ''));
}

/** The client methods the ledger script is sent with (ioredis: `evalsha`, `pipeline`; node-redis: `evalSha`, `multi`). */
interface PipeliningClient {
  isCluster?: boolean;
  evalsha?: (sha: string, numKeys: number, ...rest: string[]) => Promise<unknown>;
  evalSha?: (sha: string, options: { keys: string[]; arguments: string[] }) => Promise<unknown>;
  pipeline?: () => {
    evalsha(sha: string, numKeys: number, ...rest: string[]): unknown;
    exec(): Promise<Array<[Error | null, unknown]> | null>;
  };
  multi?: () => NodeRedisBatch;
  /** Only a node-redis cluster client has it (its commands are routed per slot: no pipeline). */
  getSlotMaster?: unknown;
}

/** A node-redis 5 `multi()`, sent as a plain pipeline (no MULTI/EXEC around it). */
interface NodeRedisBatch {
  evalSha(sha: string, options: { keys: string[]; arguments: string[] }): NodeRedisBatch;
  eval(script: string, options: { keys: string[]; arguments: string[] }): NodeRedisBatch;
  execAsPipeline(): Promise<unknown[]>;
}

/** One script waiting for its tick's pipeline. */
interface PendingScript {
  keys: string[];
  args: string[];
  resolve: (reply: unknown) => void;
  reject: (error: unknown) => void;
}

/** `NOSCRIPT`: the server does not have the script (restarted, flushed, another node). */
function isNoScript(error: unknown): boolean {
  return /NOSCRIPT/.test(String((error as { message?: unknown })?.message ?? ''));
}

/**
 * Sends the ledger script for one ledger (its client, its preset, its pipeline of this tick).
 *
 * The scripts of one operation (one per scope key of a call) are started in the same tick; on a
 * standalone client they leave as ONE pipeline (one round trip: one write, one read for the
 * server) instead of one command each. A cluster client routes each to its slot's node as usual.
 */
export class LedgerScriptSender {
  readonly #client: RedisClientLike;
  readonly #preset: RedisServerCachePreset;
  /** Scripts waiting for this tick's pipeline (a standalone client); see {@link send}. */
  #batch: PendingScript[] = [];

  constructor(client: RedisClientLike, preset: RedisServerCachePreset) {
    this.#client = client;
    this.#preset = preset;
  }

  /**
   * Run the ledger script (`keys`, `args`) by its SHA1 (`EVALSHA`: the server neither re-reads nor re-hashes the
   * script's text on every call); on `NOSCRIPT` (a restarted server, another cluster node) or a
   * client without it, `EVAL` with the text, which also caches it for the next call.
   */
  async send(keys: string[], args: string[]): Promise<unknown> {
    const client = this.#client as PipeliningClient;
    const preset = this.#preset.name;
    try {
      if (preset === 'ioredis' && typeof client.evalsha === 'function') {
        if (client.isCluster !== true && typeof client.pipeline === 'function')
          return await this.#pipelined(client, keys, args);
        return await client.evalsha(LEDGER_SCRIPT_SHA, keys.length, ...keys, ...args);
      }
      if (preset === 'node-redis' && typeof client.evalSha === 'function') {
        if (typeof client.multi === 'function' && client.getSlotMaster === undefined)
          return await this.#pipelined(client, keys, args);
        return await client.evalSha(LEDGER_SCRIPT_SHA, { keys, arguments: args });
      }
    } catch (error) {
      if (!isNoScript(error)) throw error;
    }
    return this.#preset.evalScript(this.#client, LEDGER_SCRIPT, keys, args);
  }

  /** Queue one EVALSHA for this tick's pipeline; the first of the tick schedules the send. */
  #pipelined(client: PipeliningClient, keys: string[], args: string[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (this.#batch.length === 0) queueMicrotask(() => this.#sendBatch(client));
      this.#batch.push({ keys, args, resolve, reject });
    });
  }

  #sendBatch(client: PipeliningClient): void {
    const batch = this.#batch;
    this.#batch = [];
    if (typeof client.pipeline === 'function' && this.#preset.name === 'ioredis') {
      const pipeline = client.pipeline();
      for (const item of batch)
        pipeline.evalsha(LEDGER_SCRIPT_SHA, item.keys.length, ...item.keys, ...item.args);
      pipeline.exec().then(
        (results) => {
          batch.forEach((item, i) => {
            const [error, reply] = results?.[i] ?? [new Error('no reply in the pipeline'), undefined];
            if (error) item.reject(error);
            else item.resolve(reply);
          });
        },
        (error: unknown) => {
          for (const item of batch) item.reject(error);
        },
      );
      return;
    }
    void this.#sendNodeRedisBatch(client, batch);
  }

  /**
   * node-redis answers a pipeline with all its replies or with its first error. On `NOSCRIPT`
   * (the server lost its script cache: every script of the batch is missing) the batch goes
   * again with `EVAL` and the text — each script is idempotent (by record or hold id), so one
   * that did run counts once. Any other error fails the whole operation, as its first failing
   * script would have.
   */
  async #sendNodeRedisBatch(client: PipeliningClient, batch: PendingScript[]): Promise<void> {
    const send = (byText: boolean) => {
      const multi = (client.multi as () => NodeRedisBatch)();
      for (const item of batch) {
        const options = { keys: item.keys, arguments: item.args };
        if (byText) multi.eval(LEDGER_SCRIPT, options);
        else multi.evalSha(LEDGER_SCRIPT_SHA, options);
      }
      return multi.execAsPipeline();
    };
    let replies: unknown[];
    try {
      try {
        replies = await send(false);
      } catch (error) {
        if (!isNoScript(error)) throw error;
        replies = await send(true);
      }
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => {
      item.resolve(replies[i]);
    });
  }
}
