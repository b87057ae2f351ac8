import { decodeValue, encodeValue } from '../../cache/json.js';
import type { MastraServerCache } from '../../cache/server-cache.js';
import { type ServerCacheLock, supportsLock } from '../../cache/server-cache.js';
import { SluiceError } from '../../errors/sluice-error.js';
import type {
  CachedLLMStepChunk,
  CachedLLMStepResponse,
  LLMRunSettledCallback,
  LLMRunSettlement,
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
import { withHookDefaults } from '../direct-call/index.js';
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
  /**
   * Sluice extension: store what the output processors released instead of the raw model output.
   * Default `false`: an entry holds the model's chunks and each tool's result as `execute`
   * returned it (plus the request body and raw response), and a hit runs the output processors
   * on them again. `true`: an entry holds only the chunks the client received (after
   * `processOutputStream`), each tool's result after `processToolResult`, and the step's finish
   * and usage — no request body, no raw response — and a run whose text an output processor
   * changed after release (`processOutputStep`/`processOutputResult` edits) writes nothing. A hit
   * still runs every output processor, on the released content: guardrails judge it again, and
   * redactors must leave their own output unchanged (the built-in ones do).
   */
  redactBeforeStore?: boolean;
}

/** What one step's lookup left for its write. */
interface PendingStep {
  stepNumber: number;
  key: string;
  /** No scope and no `scope: null` opt-in: a step that calls tools is neither written nor replayed. */
  unscoped: boolean;
  /** The accepted step's entry, waiting for the run to succeed. */
  entry?: CachedLLMStepResponse;
  response?: CachedLLMStepResponse;
  fromCache: boolean;
  flight?: Flight;
  lockToken?: string;
}

const PENDING = 'responseCache.pending';
/** The run's accepted steps waiting to be written (per run: `state` is per request). */
const RUN = 'responseCache.run';
const SUCCESS_FINISH = new Set(['stop', 'tool-calls']);
const FAILURE_CHUNKS = new Set(['error', 'tripwire', 'abort']);

/**
 * Replays a step's earlier response when the same request (same resolved prompt, tools, model,
 * scope and step) comes again, skipping the provider. Register it in `inputProcessors`.
 *
 * A hit's chunks go through the output processors like any step, and a cached step that called
 * tools replays the calls with their recorded results without executing the tools — so do not
 * cache calls whose tools have side effects. The scope is the `scope` option, else the resource
 * id (a number as its string), else the request context's `userId`; without one, a step that
 * calls tools is neither written nor replayed (one warning per instance). Entries are written
 * once the whole run succeeded: failed, rejected, blocked or aborted steps, every step of a run
 * that ends in a tripwire (in any hook), steps that finished other than `stop`/`tool-calls`, and
 * steps whose tools failed are never cached. `redactBeforeStore` stores what the output
 * processors released instead of the raw output. The backend can never fail a call (see
 * `timeoutMs`). Beta: may change without a major bump.
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
  readonly #logger: ResponseCacheLogger;
  readonly #redact: boolean;
  /** The unscoped-tool-step warning is given once per instance, not per call. */
  #warnedUnscoped = false;

  constructor(options: ResponseCacheOptions) {
    const o = validateOptions(options);
    this.#cache = o.cache;
    this.#ttlMs = (o.ttl ?? DEFAULT_RESPONSE_CACHE_TTL_SECONDS) * 1000;
    this.#agentId = o.agentId ?? 'mastra-response-cache';
    this.#defaults = { key: o.key, scope: o.scope, bust: o.bust };
    this.#logger = o.logger ?? console;
    this.#redact = o.redactBeforeStore === true;
    this.#failOpen = new FailOpen(o.timeoutMs ?? DEFAULT_RESPONSE_CACHE_TIMEOUT_MS, this.#logger, o.cache);
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

  async processLLMRequest(input: ProcessLLMRequestArgs): Promise<ProcessLLMRequestResult> {
    const cache = this.#cache;
    if (cache === undefined) return undefined;
    const args = withHookDefaults(this, input);
    const { state } = args;
    const stepNumber = args.stepNumber ?? 0;
    const call = this.#callOptions(args.requestContext);
    const inputs: ResponseCacheKeyInputs = {
      agentId: this.#agentId,
      scope: call.scope === null ? undefined : call.scope,
      ...(call.scopeFrom === undefined ? {} : { scopeFrom: call.scopeFrom }),
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
      this.#failOpen.warnOnce(
        'key-too-deep',
        `ResponseCache: ${error.message} (At most one such warning a minute.)`,
      );
      return undefined;
    }
    const pending: PendingStep = { stepNumber, key, unscoped: call.scope === undefined, fromCache: false };
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
        if (entry && replayable(pending, entry)) return this.#replay(pending, entry);
      } else {
        pending.flight = joined?.lead;
        const hit = await this.#lookup(cache, key);
        if (hit && replayable(pending, hit)) {
          pending.flight?.settle(hit);
          pending.flight = undefined;
          return this.#replay(pending, hit);
        }
      }
      if (this.#lock && supportsLock(cache)) {
        const entry = await this.#crossServer(cache, pending, args.abortSignal);
        if (entry && replayable(pending, entry)) {
          pending.flight?.settle(entry);
          pending.flight = undefined;
          return this.#replay(pending, entry);
        }
      }
    }
    if (typeof args.onStepSettled === 'function') {
      const run =
        typeof args.onRunSettled === 'function' ? this.#runOf(state, cache, args.onRunSettled) : undefined;
      args.onStepSettled((settlement) => this.#stepSettled(cache, pending, settlement, run));
    } else if (pending.flight) {
      // Outside the agent loop nothing tells us when the step ends: write on processLLMResponse.
      pending.flight.settle(undefined);
      pending.flight = undefined;
    }
    return undefined;
  }

  async processLLMResponse(input: ProcessLLMResponseArgs): Promise<void> {
    const args = withHookDefaults(this, input);
    const pending = args.state[PENDING] as PendingStep | undefined;
    if (
      pending === undefined ||
      pending.stepNumber !== (args.stepNumber ?? 0) ||
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
    // Without the settlement seam (a processor harness), write now, as Mastra does. What the
    // output processors released is not known there, so redactBeforeStore writes nothing.
    if (
      typeof args.onStepSettled !== 'function' &&
      !this.#redact &&
      this.#cache &&
      cacheableChunks(args.chunks) &&
      this.#scopeAllows(pending, args.chunks)
    ) {
      const entry = copyEntry(pending.response);
      if (entry) await this.#failOpen.set(this.#cache, pending.key, entry, this.#ttlMs);
    }
  }

  /** Per-call overrides over the constructor's, field by field; the scope defaults to the resource id. */
  #callOptions(rc: RequestContext | undefined): ResponseCacheContextOptions & { scopeFrom?: 'userId' } {
    const raw = rc?.get(RESPONSE_CACHE_CONTEXT_KEY as never) as unknown;
    const override =
      raw === undefined ? {} : validateContextOptions(raw, `request context "${RESPONSE_CACHE_CONTEXT_KEY}"`);
    const merged: ResponseCacheContextOptions = { ...this.#defaults };
    for (const field of ['key', 'scope', 'bust'] as const) {
      if (override[field] !== undefined) (merged as Record<string, unknown>)[field] = override[field];
    }
    if (merged.scope !== undefined) return merged;
    const scope = defaultScope(rc);
    return scope === undefined ? merged : { ...merged, ...scope };
  }

  /**
   * False (with the once-per-instance warning) when a step without a scope called tools: its
   * entry would replay one caller's tool results to every other caller.
   */
  #scopeAllows(pending: PendingStep, chunks: readonly CachedLLMStepChunk[]): boolean {
    if (!pending.unscoped) return true;
    const tools = toolNamesCalled(chunks);
    if (tools.length === 0) return true;
    if (!this.#warnedUnscoped) {
      this.#warnedUnscoped = true;
      this.#logger.warn(
        `ResponseCache (agentId "${this.#agentId}"): a step that called tools (${tools.join(', ')}) was not cached, because the request has no cache scope and a replay would hand one caller's tool results to every other caller. Give each caller a scope: set the resource id on the request context (MASTRA_RESOURCE_ID_KEY, or call with memory: { resource }) or a "userId", or pass scope: '<tenant id>' (constructor or ResponseCache.context()). Pass scope: null only to share tool results across all callers on purpose. (Logged once per ResponseCache.)`,
      );
    }
    return false;
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

  /** The run's list of accepted steps, registering for the run's outcome on first use. */
  #runOf(
    state: Record<string, unknown>,
    cache: MastraServerCache,
    onRunSettled: (callback: LLMRunSettledCallback) => void,
  ): PendingStep[] {
    let steps = state[RUN] as PendingStep[] | undefined;
    if (steps === undefined) {
      const created: PendingStep[] = [];
      state[RUN] = created;
      onRunSettled((settlement) => this.#runSettled(cache, created, settlement));
      steps = created;
    }
    return steps;
  }

  /**
   * The step ended. An accepted, cacheable step's entry waits for the run's outcome (`run`), and
   * so do its followers and its lock: a run that later ends in a tripwire — in any hook, however
   * late — writes nothing. Without the run seam the entry is written now.
   */
  async #stepSettled(
    cache: MastraServerCache,
    pending: PendingStep,
    settlement: LLMStepSettlement,
    run: PendingStep[] | undefined,
  ): Promise<void> {
    let entry: CachedLLMStepResponse | undefined;
    if (
      settlement.accepted &&
      pending.response &&
      !pending.fromCache &&
      this.#scopeAllows(pending, pending.response.chunks)
    ) {
      entry = this.#redact
        ? releasedEntryFor(pending.response, settlement)
        : entryFor(pending.response, settlement);
    }
    if (entry !== undefined && run !== undefined) {
      pending.entry = entry;
      run.push(pending);
      return;
    }
    try {
      if (entry) await this.#failOpen.set(cache, pending.key, entry, this.#ttlMs);
    } finally {
      this.#release(cache, pending, entry);
    }
  }

  /** The run ended: write its steps' entries if it succeeded, then release followers and locks. */
  async #runSettled(
    cache: MastraServerCache,
    steps: PendingStep[],
    settlement: LLMRunSettlement,
  ): Promise<void> {
    const waiting = steps.splice(0);
    const write = settlement.status === 'success' && (!this.#redact || releasedUnchanged(settlement));
    await Promise.all(
      waiting.map(async (pending) => {
        const entry = write ? pending.entry : undefined;
        pending.entry = undefined;
        try {
          if (entry) await this.#failOpen.set(cache, pending.key, entry, this.#ttlMs);
        } finally {
          this.#release(cache, pending, entry);
        }
      }),
    );
  }

  /** Followers get `entry` (or call the provider themselves), and the cross-server lock goes. */
  #release(cache: MastraServerCache, pending: PendingStep, entry: CachedLLMStepResponse | undefined): void {
    pending.flight?.settle(entry);
    pending.flight = undefined;
    const token = pending.lockToken;
    pending.lockToken = undefined;
    if (token !== undefined && supportsLock(cache)) {
      void this.#failOpen.run(() => cache.releaseLock(`${pending.key}:lock`, token), 'lock', cache);
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

/** Chunk kinds a replay turns back into model output (the rest are the agent's or processors'). */
const MODEL_CHUNKS = new Set([
  'text-start',
  'text-delta',
  'text-end',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
  'tool-call',
  'source',
  'file',
]);

/** The fields of a finish (or step-finish) payload a replay reads. */
interface FinishPayload {
  stepResult?: { reason?: unknown; rawReason?: unknown };
  output?: { usage?: unknown };
  providerMetadata?: unknown;
}

/**
 * `redactBeforeStore`: the entry of an accepted step built from what the output processors
 * released — the model chunks the client received, the finish and usage of the released
 * `step-finish`, each tool's result after `processToolResult` — and nothing else (no request
 * body, no raw response). `undefined` when the step must not be cached.
 */
function releasedEntryFor(
  response: CachedLLMStepResponse,
  settlement: Extract<LLMStepSettlement, { accepted: true }>,
): CachedLLMStepResponse | undefined {
  const { step } = settlement;
  if (!SUCCESS_FINISH.has(step.finishReason)) return undefined;
  if (!cacheableChunks(response.chunks)) return undefined;
  if (step.toolErrors.length > 0) return undefined;
  const chunks: CachedLLMStepChunk[] = [];
  let finish: FinishPayload | undefined;
  for (const chunk of settlement.releasedChunks()) {
    if (MODEL_CHUNKS.has(chunk.type))
      chunks.push({ type: chunk.type, payload: (chunk as { payload?: unknown }).payload });
    else if (chunk.type === 'step-finish') finish = chunk.payload as FinishPayload;
  }
  // A processor dropped the step-finish chunk: the finish reason and usage the model reported.
  if (finish === undefined) {
    const raw = response.chunks.find((c) => c.type === 'finish')?.payload as FinishPayload | undefined;
    finish = raw && { stepResult: raw.stepResult, output: raw.output };
  }
  if (finish !== undefined) {
    chunks.push({
      type: 'finish',
      payload: {
        stepResult: { reason: finish.stepResult?.reason, rawReason: finish.stepResult?.rawReason },
        output: { usage: finish.output?.usage },
        providerMetadata: finish.providerMetadata,
      },
    });
  }
  for (const r of step.toolResults) {
    const { toolCallId, toolName, args, result } = r.payload;
    chunks.push({ type: 'tool-result', payload: { toolCallId, toolName, args, result } });
  }
  return copyEntry({ chunks, warnings: response.warnings });
}

/**
 * `redactBeforeStore`: true when the run's response text, after every output processor, is the
 * text the client was sent. An output processor that changed it later (`processOutputStep`,
 * `processOutputResult`) found something in the released text, so that text is not stored.
 */
function releasedUnchanged(settlement: LLMRunSettlement): boolean {
  if (settlement.status !== 'success') return false;
  let text = '';
  for (const message of settlement.responseMessages) {
    if (message.role !== 'assistant') continue;
    for (const part of message.content.parts) if (part.type === 'text') text += part.text;
  }
  return text === settlement.text;
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

/**
 * The scope a call gets when it sets none: the resource id (a string, or a number/bigint as its
 * string), else the request context's `userId` (the key `TokenCostControl` reads), prefixed
 * `userId:` so a user id never meets a resource id of the same value. An empty string, an
 * object or a non-finite number is no id. `organizationId`/`sessionId` are not used: an org is
 * many users, and sharing within one must be asked for (`scope: orgId`).
 */
function defaultScope(rc: RequestContext | undefined): { scope: string; scopeFrom?: 'userId' } | undefined {
  if (rc === undefined) return undefined;
  const resource = idString(rc.get(MASTRA_RESOURCE_ID_KEY as never));
  if (resource !== undefined) return { scope: resource };
  const user = idString(rc.get(USER_ID_KEY as never));
  // `scopeFrom` joins the default key's hash, so a resource id spelled "userId:alice" never
  // meets user alice's entries.
  return user === undefined ? undefined : { scope: `${USER_ID_KEY}:${user}`, scopeFrom: 'userId' };
}

const USER_ID_KEY = 'userId';

function idString(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'bigint') return String(value);
  return undefined;
}

/** The names of the tools a step's chunks call, in order, without repeats. */
function toolNamesCalled(chunks: readonly CachedLLMStepChunk[]): string[] {
  const names: string[] = [];
  for (const chunk of chunks) {
    if (chunk.type !== 'tool-call') continue;
    const name = String((chunk.payload as { toolName?: unknown } | undefined)?.toolName ?? 'unknown');
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** An entry this call may replay: without a scope, only one whose step called no tools. */
function replayable(pending: PendingStep, entry: CachedLLMStepResponse): boolean {
  if (!pending.unscoped) return true;
  for (const chunk of entry.chunks) if (chunk.type === 'tool-call') return false;
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
