import { decodeValue, encodeValue } from '../../cache/json.js';
import type { MastraServerCache } from '../../cache/server-cache.js';
import { type ServerCacheLock, supportsLock } from '../../cache/server-cache.js';
import { SluiceError } from '../../errors/sluice-error.js';
import type {
  CachedLLMStepChunk,
  CachedLLMStepResponse,
  LLMStepSettlement,
  ProcessLLMRequestArgs,
  ProcessLLMRequestResult,
  ProcessLLMResponseArgs,
  Processor,
} from '../../pipeline/types.js';
import {
  MASTRA_RESOURCE_ID_KEY,
  RESPONSE_CACHE_CONTEXT_KEY,
  RequestContext,
} from '../../request-context/request-context.js';
import { FailOpen, type ResponseCacheLogger } from './fail-open.js';
import { buildResponseCacheKey, type ResponseCacheKeyFn, type ResponseCacheKeyInputs } from './key.js';
import { type Flight, joinFlight } from './single-flight.js';
import { validateContextOptions, validateOptions } from './validate.js';

export type { CacheFailureKind, ResponseCacheLogger } from './fail-open.js';
export { buildResponseCacheKey, type ResponseCacheKeyFn, type ResponseCacheKeyInputs } from './key.js';
export { RESPONSE_CACHE_CONTEXT_KEY };

/** Default entry lifetime in seconds (5 minutes). */
export const DEFAULT_RESPONSE_CACHE_TTL_SECONDS = 300;
/** Default bound on each backend lookup, write and lock call, in milliseconds. */
export const DEFAULT_RESPONSE_CACHE_TIMEOUT_MS = 300;

/** Per-call overrides, carried by the request context (`ResponseCache.context()`). */
export interface ResponseCacheContextOptions {
  /** This call's key (a string, or derived from the inputs). */
  key?: string | ResponseCacheKeyFn;
  /** This call's scope; `null` shares entries across all callers. */
  scope?: string | null;
  /** Skip the read but still write on completion ("force refresh"). */
  bust?: boolean;
}

/** Options of {@link ResponseCache}. */
export interface ResponseCacheOptions extends ResponseCacheContextOptions {
  /** The backend. Without one the processor does nothing. */
  cache: MastraServerCache;
  /** Entry lifetime in seconds. Default {@link DEFAULT_RESPONSE_CACHE_TTL_SECONDS}; `0`: the backend keeps it without expiry. */
  ttl?: number;
  /** Part of every key, so agents sharing a backend never share entries. Default `'mastra-response-cache'`. */
  agentId?: string;
  /**
   * Sluice extension: the longest a lookup, write or lock call may take before the call goes on
   * uncached, in ms. Default {@link DEFAULT_RESPONSE_CACHE_TIMEOUT_MS}.
   */
  timeoutMs?: number;
  /**
   * Sluice extension: concurrent identical requests in this process make one provider call; the
   * others wait (at most `maxWaitMs`, default 60000) and replay its entry. Default `true`.
   */
  singleFlight?: boolean | { maxWaitMs?: number };
  /**
   * Sluice extension: also single-flight across servers, with a short-lived lock in a backend
   * that supports one (`RedisServerCache`). The lock holder calls the provider; other servers
   * poll for its entry every `pollMs` (default 50) for at most `ttlMs` (default 10000), then
   * call the provider themselves. Default off.
   */
  lock?: boolean | { ttlMs?: number; pollMs?: number };
  /** Sluice extension: where fail-open warnings go. Default `console`. */
  logger?: ResponseCacheLogger;
}

/** What one step's lookup left for its write. */
interface PendingStep {
  stepNumber: number;
  key: string;
  response?: CachedLLMStepResponse;
  fromCache: boolean;
  flight?: Flight;
  lockToken?: string;
}

const PENDING = 'responseCache.pending';
const SUCCESS_FINISH = new Set(['stop', 'tool-calls']);
const FAILURE_CHUNKS = new Set(['error', 'tripwire', 'abort']);

/**
 * Replays a step's earlier response when the same request (same resolved prompt, tools, model,
 * scope and step) comes again, skipping the provider. Register it in `inputProcessors`.
 *
 * A hit's chunks go through the output processors like any step, and a cached step that called
 * tools replays the calls with their recorded results without executing the tools — so do not
 * cache calls whose tools have side effects. Entries are written only once a step is complete
 * and accepted; failed, rejected, blocked or aborted steps, steps that finished other than
 * `stop`/`tool-calls`, and steps whose tools failed are never cached. The backend can never fail
 * a call (see `timeoutMs`). Beta: may change without a major bump.
 */
export class ResponseCache implements Processor {
  readonly id = 'mastra/response-cache';
  readonly name = '@mastra/response-cache';
  readonly #cache: MastraServerCache | undefined;
  readonly #ttlMs: number;
  readonly #agentId: string;
  readonly #defaults: ResponseCacheContextOptions;
  readonly #failOpen: FailOpen;
  readonly #maxWaitMs: number | undefined;
  readonly #lock: { ttlMs: number; pollMs: number } | undefined;

  constructor(options: ResponseCacheOptions) {
    const o = validateOptions(options);
    this.#cache = o.cache;
    this.#ttlMs = (o.ttl ?? DEFAULT_RESPONSE_CACHE_TTL_SECONDS) * 1000;
    this.#agentId = o.agentId ?? 'mastra-response-cache';
    this.#defaults = { key: o.key, scope: o.scope, bust: o.bust };
    this.#failOpen = new FailOpen(o.timeoutMs ?? DEFAULT_RESPONSE_CACHE_TIMEOUT_MS, o.logger ?? console);
    const sf = o.singleFlight ?? true;
    this.#maxWaitMs = sf === false ? undefined : ((sf === true ? undefined : sf.maxWaitMs) ?? 60_000);
    const lock = o.lock ?? false;
    this.#lock =
      lock === false
        ? undefined
        : {
            ttlMs: (lock === true ? undefined : lock.ttlMs) ?? 10_000,
            pollMs: (lock === true ? undefined : lock.pollMs) ?? 50,
          };
  }

  /** A fresh request context carrying per-call overrides. */
  static context(options: ResponseCacheContextOptions): RequestContext {
    return ResponseCache.applyContext(new RequestContext(), options);
  }

  /** Put per-call overrides on `rc` (merged field by field over any already there); returns `rc`. */
  static applyContext(rc: RequestContext, options: ResponseCacheContextOptions): RequestContext {
    const checked = validateContextOptions(options, 'ResponseCache.applyContext()');
    const current = rc.get(RESPONSE_CACHE_CONTEXT_KEY as never) as ResponseCacheContextOptions | undefined;
    rc.set(
      RESPONSE_CACHE_CONTEXT_KEY as never,
      { ...(isObject(current) ? current : {}), ...checked } as never,
    );
    return rc;
  }

  async processLLMRequest(args: ProcessLLMRequestArgs): Promise<ProcessLLMRequestResult> {
    const cache = this.#cache;
    if (cache === undefined) return undefined;
    const { state, stepNumber } = args;
    const call = this.#callOptions(args.requestContext);
    const inputs: ResponseCacheKeyInputs = {
      agentId: this.#agentId,
      scope: call.scope === null ? undefined : call.scope,
      model: {
        provider: args.model.provider,
        modelId: args.model.modelId,
        specVersion: args.model.specificationVersion,
      },
      prompt: args.prompt,
      stepNumber,
      tools: args.tools,
      toolChoice: args.toolChoice,
    };
    const settings = args.callSettings;
    if (settings?.modelSettings !== undefined) inputs.modelSettings = settings.modelSettings;
    if (settings?.providerOptions !== undefined) inputs.providerOptions = settings.providerOptions;
    if (settings?.responseFormat !== undefined) inputs.responseFormat = settings.responseFormat;
    let key: string;
    try {
      key = await deriveKey(call.key, inputs);
    } catch (error) {
      // A step too deep to hash is not cached: the call goes on, as with any cache failure.
      if (!SluiceError.hasCode(error, 'DATA_TOO_DEEP')) throw error;
      this.#failOpen.warnOnce('key-too-deep', `ResponseCache: ${error.message} (Logged once.)`);
      return undefined;
    }
    const pending: PendingStep = { stepNumber, key, fromCache: false };
    state[PENDING] = pending;

    if (call.bust !== true) {
      // Join the flight before the lookup: a request arriving while another one for the key is
      // between its miss and its write waits for it instead of calling the provider as well. A
      // flight settles only after its entry was written, so a request that misses the flight
      // finds the entry.
      const joined = this.#maxWaitMs === undefined ? undefined : joinFlight(cache, key);
      if (joined !== undefined && 'follow' in joined) {
        const entry = await waitFor(joined.follow.done, this.#maxWaitMs as number, args.abortSignal);
        // The leader failed, was blocked or was not cacheable: call the provider ourselves.
        if (entry) return this.#replay(pending, entry);
      } else {
        pending.flight = joined?.lead;
        const hit = await this.#lookup(cache, key);
        if (hit) {
          pending.flight?.settle(hit);
          pending.flight = undefined;
          return this.#replay(pending, hit);
        }
      }
      if (this.#lock && supportsLock(cache)) {
        const entry = await this.#crossServer(cache, pending, args.abortSignal);
        if (entry) {
          pending.flight?.settle(entry);
          pending.flight = undefined;
          return this.#replay(pending, entry);
        }
      }
    }
    if (typeof args.onStepSettled === 'function') {
      args.onStepSettled((settlement) => this.#settle(cache, pending, settlement));
    } else if (pending.flight) {
      // Outside the agent loop nothing tells us when the step ends: write on processLLMResponse.
      pending.flight.settle(undefined);
      pending.flight = undefined;
    }
    return undefined;
  }

  async processLLMResponse(args: ProcessLLMResponseArgs): Promise<void> {
    const pending = args.state[PENDING] as PendingStep | undefined;
    if (
      pending === undefined ||
      pending.stepNumber !== args.stepNumber ||
      pending.fromCache ||
      args.fromCache
    )
      return;
    pending.response = {
      chunks: args.chunks,
      warnings: args.warnings,
      request: args.request,
      rawResponse: args.rawResponse,
    };
    // Without the settlement seam (a processor harness), write now, as Mastra does.
    if (typeof args.onStepSettled !== 'function' && this.#cache && cacheableChunks(args.chunks)) {
      const entry = copyEntry(pending.response);
      if (entry) await this.#failOpen.set(this.#cache, pending.key, entry, this.#ttlMs);
    }
  }

  /** Per-call overrides over the constructor's, field by field; the scope defaults to the resource id. */
  #callOptions(rc: RequestContext | undefined): ResponseCacheContextOptions {
    const raw = rc?.get(RESPONSE_CACHE_CONTEXT_KEY as never) as unknown;
    const override =
      raw === undefined ? {} : validateContextOptions(raw, `request context "${RESPONSE_CACHE_CONTEXT_KEY}"`);
    const merged: ResponseCacheContextOptions = { ...this.#defaults };
    for (const field of ['key', 'scope', 'bust'] as const) {
      if (override[field] !== undefined) (merged as Record<string, unknown>)[field] = override[field];
    }
    if (merged.scope === undefined) {
      const resource = rc?.get(MASTRA_RESOURCE_ID_KEY as never) as unknown;
      merged.scope = typeof resource === 'string' ? resource : undefined;
    }
    return merged;
  }

  async #lookup(cache: MastraServerCache, key: string): Promise<CachedLLMStepResponse | undefined> {
    const value = await this.#failOpen.get(cache, key);
    return isEntry(value) ? value : undefined;
  }

  #replay(pending: PendingStep, entry: CachedLLMStepResponse): ProcessLLMRequestResult {
    pending.fromCache = true;
    // The entry may be shared (an in-memory backend keeps one object; single-flight followers
    // replay the leader's): the loop's replay copies whatever it hands out (tool results,
    // metadata, bytes), so no copy of the whole entry is needed here.
    return { response: entry };
  }

  /**
   * Cross-server single-flight: take the lock, or wait for the holder's entry. Resolves with the
   * entry another server wrote, or `undefined` when this server should call the provider.
   */
  async #crossServer(
    cache: MastraServerCache & ServerCacheLock,
    pending: PendingStep,
    signal: AbortSignal | undefined,
  ): Promise<CachedLLMStepResponse | undefined> {
    const lock = this.#lock as { ttlMs: number; pollMs: number };
    const lockKey = `${pending.key}:lock`;
    const tryLock = () =>
      this.#failOpen.run(
        async () => ({ token: await cache.acquireLock(lockKey, lock.ttlMs) }),
        'lock',
        cache,
      );
    const read = () =>
      this.#failOpen.run(async () => ({ value: await cache.get(pending.key) }), 'read', cache);
    /**
     * We hold the lock. A holder writes its entry before it releases the lock, and it may have
     * done both since our last read: look once more, so that holder is replayed, not followed by
     * a second provider call.
     */
    const took = async (token: string): Promise<CachedLLMStepResponse | undefined> => {
      const again = await read();
      if (again !== undefined && isEntry(again.value)) {
        void this.#failOpen.run(() => cache.releaseLock(lockKey, token), 'lock', cache);
        return again.value;
      }
      pending.lockToken = token;
      return undefined;
    };

    const taken = await tryLock();
    // The backend failed: no lock to wait on, call the provider (fail-open).
    if (taken === undefined) return undefined;
    if (taken.token !== undefined) return took(taken.token);
    const deadline = Date.now() + lock.ttlMs;
    while (Date.now() < deadline && !signal?.aborted) {
      await sleep(lock.pollMs);
      const polled = await read();
      // A backend that stopped answering will not deliver the holder's entry either.
      if (polled === undefined) return undefined;
      if (isEntry(polled.value)) return polled.value;
      // No entry yet: if the holder let the lock go (its step failed, was blocked or was not
      // cacheable), no entry is coming — take the lock and call the provider now rather than
      // waiting out the lock's ttl.
      const retaken = await tryLock();
      if (retaken === undefined) return undefined;
      if (retaken.token !== undefined) return took(retaken.token);
    }
    return undefined;
  }

  /** The step ended: write its entry when it was accepted and cacheable, then release followers. */
  async #settle(
    cache: MastraServerCache,
    pending: PendingStep,
    settlement: LLMStepSettlement,
  ): Promise<void> {
    let entry: CachedLLMStepResponse | undefined;
    try {
      if (settlement.accepted && pending.response && !pending.fromCache) {
        entry = entryFor(pending.response, settlement);
        if (entry) await this.#failOpen.set(cache, pending.key, entry, this.#ttlMs);
      }
    } finally {
      pending.flight?.settle(entry);
      const token = pending.lockToken;
      if (token !== undefined && supportsLock(cache)) {
        void this.#failOpen.run(() => cache.releaseLock(`${pending.key}:lock`, token), 'lock', cache);
      }
    }
  }
}

/**
 * The custom key (a throw or a non-string falls back to the default), or the default key. A
 * custom key names the run's first step; later steps of a tool loop get `:step:<n>` appended,
 * so a fixed key (a string, or a function ignoring `stepNumber`) cannot make step 1 replay step
 * 0's tool calls over and over.
 */
async function deriveKey(
  key: ResponseCacheContextOptions['key'],
  inputs: ResponseCacheKeyInputs,
): Promise<string> {
  let custom: string | undefined;
  if (typeof key === 'string') custom = key;
  else if (typeof key === 'function') {
    try {
      const derived = await key(inputs);
      if (typeof derived === 'string' && derived.length > 0) custom = derived;
    } catch {
      // Documented: a failing key function falls back to the default derivation.
    }
  }
  if (custom === undefined) return buildResponseCacheKey(inputs);
  return inputs.stepNumber === 0 ? custom : `${custom}:step:${inputs.stepNumber}`;
}

/** The entry to store for an accepted step, or `undefined` when the step must not be cached. */
function entryFor(
  response: CachedLLMStepResponse,
  settlement: Extract<LLMStepSettlement, { accepted: true }>,
): CachedLLMStepResponse | undefined {
  const { step, rawToolResults } = settlement;
  if (!SUCCESS_FINISH.has(step.finishReason)) return undefined;
  if (!cacheableChunks(response.chunks)) return undefined;
  // A tool failure may be transient: replaying it would pin it. Such steps are not cached.
  if (step.toolErrors.length > 0) return undefined;
  let entry = response;
  if (rawToolResults.length > 0) {
    const chunks: CachedLLMStepChunk[] = response.chunks.slice();
    // What `execute` returned, not what processToolResult made of it: a hit runs
    // processToolResult on it again, exactly as the live step did.
    for (const r of rawToolResults) {
      chunks.push({
        type: 'tool-result',
        payload: { toolCallId: r.toolCallId, toolName: r.toolName, args: r.args, result: r.result },
      });
    }
    entry = { ...response, chunks };
  }
  // One deep copy per written step: the entry shares nothing with the live run's chunks and
  // results, which processors and callers may still edit.
  return copyEntry(entry);
}

/**
 * A deep copy of an entry: `structuredClone`, or, for values it refuses (functions), the JSON
 * round trip a Redis backend would make (bytes kept). `undefined` when neither can copy it.
 */
function copyEntry(entry: CachedLLMStepResponse): CachedLLMStepResponse | undefined {
  try {
    return structuredClone(entry);
  } catch {
    try {
      return decodeValue(encodeValue(entry)) as CachedLLMStepResponse;
    } catch {
      return undefined;
    }
  }
}

/** No error, tripwire or abort chunk, and no provider-executed tool (its result cannot be replayed). */
function cacheableChunks(chunks: readonly CachedLLMStepChunk[]): boolean {
  for (const chunk of chunks) {
    if (FAILURE_CHUNKS.has(chunk.type)) return false;
    const payload = chunk.payload as { providerExecuted?: unknown } | undefined;
    if (payload?.providerExecuted === true) return false;
  }
  return true;
}

/**
 * A stored value this version can replay: `{ chunks }` whose chunks are all `{ type: string }`.
 * Anything else (another version's format, a hand-written value) is a miss — replaying it would
 * fail the step, and the entry would keep failing calls until it expires.
 */
function isEntry(value: unknown): value is CachedLLMStepResponse {
  if (!isObject(value)) return false;
  const chunks = (value as { chunks?: unknown }).chunks;
  if (!Array.isArray(chunks)) return false;
  for (const chunk of chunks) {
    if (!isObject(chunk) || typeof chunk.type !== 'string') return false;
  }
  return true;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `done`, or `undefined` after `ms` or once `signal` aborts. */
function waitFor<T>(done: Promise<T>, ms: number, signal: AbortSignal | undefined): Promise<T | undefined> {
  return new Promise<T | undefined>((resolve) => {
    const timer = setTimeout(() => finish(undefined), ms);
    timer.unref?.();
    const onAbort = () => finish(undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    function finish(value: T | undefined) {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(value);
    }
    done.then(finish, () => finish(undefined));
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
