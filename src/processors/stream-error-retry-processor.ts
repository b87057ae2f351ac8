import { ConfigurationError } from '../errors/configuration-error.js';
import { isRecord } from '../messages/is-record.js';
import type { ProcessAPIErrorArgs, ProcessAPIErrorResult, Processor } from './types.js';

/** Decides whether one error (or one level of its `cause` chain) should be retried. */
export type StreamErrorRetryMatcher = (error: unknown) => boolean;

/** A fixed wait in milliseconds, or a function of the failed call that returns one. */
export type StreamErrorRetryDelayMs = number | ((args: ProcessAPIErrorArgs) => number | Promise<number>);

/** A matcher with its own retry policy; unset fields fall back to the processor's options. */
export type StreamErrorRetryMatcherConfig = {
  match: StreamErrorRetryMatcher;
  /** Retries allowed for errors this entry matches (compared with the run's `retryCount`). */
  maxRetries?: number;
  delayMs?: StreamErrorRetryDelayMs;
  /** Called before the wait of every retry this entry grants; a throw fails the hook. */
  onRetry?: (args: ProcessAPIErrorArgs & { delayMs: number }) => void | Promise<void>;
};

/** A bare matcher (uses the processor's policy) or a matcher with its own policy. */
export type StreamErrorRetryMatcherEntry = StreamErrorRetryMatcher | StreamErrorRetryMatcherConfig;

/** Options of `StreamErrorRetryProcessor`. */
export type StreamErrorRetryProcessorOptions = {
  /** Retries for any matched error whose entry sets no `maxRetries`. Default 1. */
  maxRetries?: number;
  /** Checked in order after the built-in matchers; the first match supplies the policy. */
  matchers?: StreamErrorRetryMatcherEntry[];
  /** Retry errors nothing recognises, except known authorisation failures. Default false. */
  retryUnknownErrors?: boolean;
  /** Wait before retrying. Default 0 (immediate). */
  delayMs?: StreamErrorRetryDelayMs;
  /** Cap on a provider's `Retry-After`; does not cap `delayMs`. Default 30000. */
  maxRetryAfterMs?: number;
};

/** How far down a `cause` chain we look: wrappers rarely nest deeper, and cycles must end. */
const MAX_CAUSE_DEPTH = 5;

/** Socket-level codes that mean the peer dropped an open connection (Node, undici). */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** Messages undici/Node use for a dropped connection when no code survives the wrapping. */
const RESET_MESSAGE = /socket hang up|other side closed|\bECONNRESET\b|\bEPIPE\b|\bUND_ERR_SOCKET\b/i;

/** Fragments of OpenAI error codes/types that describe a transient server-side condition. */
const OPENAI_TRANSIENT_MARKERS = [
  'rate_limit',
  'server_error',
  'internal_error',
  'timeout',
  'temporarily_unavailable',
  'service_unavailable',
  'overloaded',
];

const OPENAI_RETRY_HINT = /you can retry your request/i;

/** Codes providers use for a rejected credential or permission; retrying cannot fix these. */
const AUTH_CODES = new Set([
  'access_denied',
  'authentication_error',
  'forbidden',
  'invalid_api_key',
  'permission_denied',
]);

/** The error followed by its causes, outermost first, stopping at cycles and `MAX_CAUSE_DEPTH`. */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  const seen = new Set<unknown>();
  let current = error;
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH; depth++) {
    if (current === undefined || current === null || seen.has(current)) break;
    chain.push(current);
    seen.add(current);
    if (typeof current !== 'object') break;
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function numberField(value: unknown, key: string): number | undefined {
  if (!isRecord(value)) return undefined;
  const field = value[key];
  return typeof field === 'number' ? field : undefined;
}

function statusOf(value: unknown): number | undefined {
  // AI SDK errors carry `statusCode`; other HTTP clients (e.g. the OpenAI SDK) use `status`.
  return numberField(value, 'statusCode') ?? numberField(value, 'status');
}

function isAbortError(value: unknown): boolean {
  return isRecord(value) && value.name === 'AbortError';
}

/**
 * True when `error` (or something in its `cause` chain) has HTTP status 400. Useful as a custom
 * matcher for transient 400s while a provider is degraded; pair it with `maxRetries: 1`, and keep
 * the retry processor after repair processors, or it resends requests they could have fixed.
 */
export function isBadRequestError(error: unknown): boolean {
  return causeChain(error).some((level) => statusOf(level) === 400);
}

function isResetLevel(value: unknown): boolean {
  if (!isRecord(value)) return false;
  if (typeof value.code === 'string' && RESET_CODES.has(value.code)) return true;
  const message = value.message;
  if (typeof message !== 'string') return false;
  // undici ends a body stream cut off by the peer with exactly this TypeError message.
  return message.trim().toLowerCase() === 'terminated' || RESET_MESSAGE.test(message);
}

/**
 * True when the connection to the provider was dropped: `ECONNRESET`, `EPIPE`, undici's
 * `UND_ERR_SOCKET`, a `terminated` body stream, `socket hang up` or `other side closed`, at any
 * level of the `cause` chain (so undici's `TypeError('fetch failed')` counts when its cause is a
 * reset, but not when it is, say, a refused connection). An `AbortError` anywhere in the chain
 * means the caller cut the connection, so it is never a reset.
 */
export function isConnectionResetError(error: unknown): boolean {
  const chain = causeChain(error);
  if (chain.some(isAbortError)) return false;
  return chain.some(isResetLevel);
}

/** The `{ code, type, message }` object of an OpenAI Responses stream error event, if it is one. */
function openAIStreamErrorBody(value: unknown, depth: number): Record<string, unknown> | undefined {
  if (!isRecord(value) || depth > 3) return undefined;
  if (value.type === 'response.failed') {
    const response = value.response;
    return isRecord(response) && isRecord(response.error) ? response.error : undefined;
  }
  if (value.type === 'error') {
    // `{ type: 'error', error: {...} }`, possibly an AI SDK error part wrapping the raw event;
    // OpenAI also sends the flat `{ type: 'error', code, message }`.
    if (isRecord(value.error)) return openAIStreamErrorBody(value.error, depth + 1) ?? value.error;
    return value;
  }
  // The AI SDK may wrap the event in an `APICallError` whose `data` is the event.
  return depth === 0 ? openAIStreamErrorBody(value.data, depth + 1) : undefined;
}

/**
 * True when `error` is an OpenAI Responses stream error event (`{ type: 'error', error }` or
 * `{ type: 'response.failed', response: { error } }`) whose `code`/`type` names a transient
 * condition (`rate_limit`, `server_error`, `internal_error`, `timeout`,
 * `temporarily_unavailable`, `service_unavailable`, `overloaded`) or whose message says
 * "you can retry your request". Such failures arrive mid-stream, after the HTTP 200, so no
 * status code marks them retryable.
 */
export function isRetryableOpenAIResponsesStreamError(error: unknown): boolean {
  const body = openAIStreamErrorBody(error, 0);
  if (!body) return false;
  for (const key of ['code', 'type'] as const) {
    const field = body[key];
    if (typeof field !== 'string' && typeof field !== 'number') continue;
    const text = String(field).toLowerCase();
    if (OPENAI_TRANSIENT_MARKERS.some((marker) => text.includes(marker))) return true;
  }
  return typeof body.message === 'string' && OPENAI_RETRY_HINT.test(body.message);
}

function authCodeOf(value: unknown): boolean {
  if (!isRecord(value)) return false;
  return [value.code, value.type].some(
    (field) => typeof field === 'string' && AUTH_CODES.has(field.toLowerCase()),
  );
}

/** 401/403 or a known auth code on any level (including a nested provider `error` body). */
function isAuthorisationFailure(error: unknown): boolean {
  return causeChain(error).some((level) => {
    const status = statusOf(level);
    if (status === 401 || status === 403) return true;
    if (!isRecord(level)) return false;
    return (
      authCodeOf(level) ||
      authCodeOf(level.error) ||
      (isRecord(level.data) && (authCodeOf(level.data) || authCodeOf(level.data.error)))
    );
  });
}

/** Reads one header case-insensitively from a plain record or a `Headers`-like object. */
function headerValue(headers: unknown, name: string): string | undefined {
  if (!isRecord(headers)) return undefined;
  if (typeof headers.get === 'function') {
    const value = (headers.get as (key: string) => unknown).call(headers, name);
    return typeof value === 'string' ? value : undefined;
  }
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name && typeof value === 'string') return value;
  }
  return undefined;
}

function nonNegative(ms: number): number {
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;

/** The provider's requested wait in ms (`retry-after-ms` beats `retry-after`), if it sent one. */
function retryAfterMs(error: unknown, now: number): number | undefined {
  for (const level of causeChain(error)) {
    if (!isRecord(level)) continue;
    const headers = level.responseHeaders;
    const ms = headerValue(headers, 'retry-after-ms');
    if (ms !== undefined && NUMERIC.test(ms)) return nonNegative(Number(ms));
    const after = headerValue(headers, 'retry-after');
    if (after === undefined) continue;
    // Seconds, or an HTTP date (RFC 9110 allows both).
    if (NUMERIC.test(after)) return nonNegative(Number(after) * 1000);
    return nonNegative(Date.parse(after) - now);
  }
  return undefined;
}

/** Waits `ms`; rejects with the signal's reason as soon as it aborts. */
function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function invalid(option: string, fix: string): ConfigurationError {
  return new ConfigurationError(
    'PROCESSOR_INVALID_OPTIONS',
    `StreamErrorRetryProcessor: option \`${option}\` ${fix}`,
    { details: { processor: 'StreamErrorRetryProcessor', option } },
  );
}

function checkMaxRetries(value: unknown, option: string): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw invalid(option, `must be an integer >= 0 (got ${String(value)}).`);
  }
}

function checkDelay(value: unknown, option: string): void {
  if (value === undefined || typeof value === 'function') return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw invalid(
      option,
      `must be a finite number of milliseconds >= 0 or a function returning one (got ${String(value)}).`,
    );
  }
}

function normaliseEntry(entry: unknown, index: number): StreamErrorRetryMatcherConfig {
  const option = `matchers[${index}]`;
  if (typeof entry === 'function') return { match: entry as StreamErrorRetryMatcher };
  if (!isRecord(entry) || typeof entry.match !== 'function') {
    throw invalid(option, 'must be a function `(error) => boolean` or an object with a `match` function.');
  }
  checkMaxRetries(entry.maxRetries, `${option}.maxRetries`);
  checkDelay(entry.delayMs, `${option}.delayMs`);
  if (entry.onRetry !== undefined && typeof entry.onRetry !== 'function') {
    throw invalid(`${option}.onRetry`, 'must be a function when set.');
  }
  return { ...(entry as StreamErrorRetryMatcherConfig) };
}

type RetryPolicy = Omit<StreamErrorRetryMatcherConfig, 'match'>;

const DEFAULT_POLICY: RetryPolicy = {};

/**
 * Retries model calls that failed for transient reasons: dropped connections (see
 * `isConnectionResetError`), retryable OpenAI Responses stream errors, errors the provider marks
 * `isRetryable: true`, plus whatever custom `matchers` recognise. One of the agent's four default
 * error processors (with `maxRetries: 1`).
 *
 * Limits: its `maxRetries` is compared with the run's error-lane `retryCount`, and can never raise
 * the agent's own error-retry budget (3 when `maxProcessorRetries` is unset) — set
 * `maxProcessorRetries` when more are needed, and keep model-level `maxRetries` at 0 when this is
 * the only retry mechanism. Keep retry processors last in `errorProcessors` (the defaults do):
 * error processors stop at the first `{ retry: true }`, so a broad matcher placed earlier would
 * resend requests a repair processor could have fixed.
 *
 * The wait before a retry is `max(delayMs, min(Retry-After, maxRetryAfterMs))`. If the run is
 * aborted during the wait, the hook rejects with the signal's reason (the caller sees their abort,
 * not the provider error); if it was already aborted when the hook ran, it does not handle the
 * error. An `onRetry` callback that throws fails the hook.
 */
export class StreamErrorRetryProcessor implements Processor<'stream-error-retry-processor'> {
  readonly id = 'stream-error-retry-processor' as const;
  readonly name = 'Stream Error Retry Processor';
  readonly #maxRetries: number;
  readonly #matchers: StreamErrorRetryMatcherConfig[];
  readonly #retryUnknownErrors: boolean;
  readonly #delayMs: StreamErrorRetryDelayMs;
  readonly #maxRetryAfterMs: number;

  constructor(options: StreamErrorRetryProcessorOptions = {}) {
    if (!isRecord(options)) throw invalid('options', 'must be an object when given.');
    checkMaxRetries(options.maxRetries, 'maxRetries');
    checkDelay(options.delayMs, 'delayMs');
    const { matchers = [], retryUnknownErrors = false, maxRetryAfterMs = 30_000 } = options;
    if (!Array.isArray(matchers)) throw invalid('matchers', 'must be an array of matchers.');
    if (typeof retryUnknownErrors !== 'boolean') throw invalid('retryUnknownErrors', 'must be a boolean.');
    // Infinity is allowed: it means "honour any Retry-After".
    if (typeof maxRetryAfterMs !== 'number' || Number.isNaN(maxRetryAfterMs) || maxRetryAfterMs < 0) {
      throw invalid(
        'maxRetryAfterMs',
        `must be a number of milliseconds >= 0 (got ${String(maxRetryAfterMs)}).`,
      );
    }
    this.#maxRetries = options.maxRetries ?? 1;
    this.#matchers = matchers.map(normaliseEntry);
    this.#retryUnknownErrors = retryUnknownErrors;
    this.#delayMs = options.delayMs ?? 0;
    this.#maxRetryAfterMs = maxRetryAfterMs;
  }

  /** Finds the policy for `error`, or `undefined` when this processor should not retry it. */
  #policyFor(error: unknown): RetryPolicy | undefined {
    const chain = causeChain(error);
    // Same rule as `isConnectionResetError`: an abort anywhere in the chain is never a reset.
    const aborted = chain.some(isAbortError);
    for (const level of chain) {
      // Built-ins first on every level (spec 6.7): a broad custom matcher cannot slow down or
      // refuse the retry of a failure the processor already knows is transient.
      if ((!aborted && isResetLevel(level)) || isRetryableOpenAIResponsesStreamError(level)) {
        return DEFAULT_POLICY;
      }
      const entry = this.#matchers.find((candidate) => candidate.match(level));
      if (entry) return entry;
      if (isRecord(level) && level.isRetryable === true) return DEFAULT_POLICY;
    }
    if (!this.#retryUnknownErrors) return undefined;
    // A user's abort is not a failure to retry, and bad credentials stay bad.
    if (aborted || isAuthorisationFailure(error)) return undefined;
    return DEFAULT_POLICY;
  }

  /** Retries a recognised transient failure after the configured (or provider-requested) wait. */
  async processAPIError(args: ProcessAPIErrorArgs): Promise<ProcessAPIErrorResult | undefined> {
    if (args.abortSignal?.aborted) return undefined;
    // The downloader already retried the attachment; a failed download gets its placeholder instead.
    if ((args.error as { id?: unknown } | null)?.id === 'DOWNLOAD_ASSETS_FAILED') return undefined;
    const policy = this.#policyFor(args.error);
    if (!policy || args.retryCount >= (policy.maxRetries ?? this.#maxRetries)) return undefined;

    const configured = policy.delayMs ?? this.#delayMs;
    const base = nonNegative(typeof configured === 'function' ? await configured(args) : configured);
    const requested = retryAfterMs(args.error, Date.now()) ?? 0;
    const delayMs = Math.max(base, Math.min(requested, this.#maxRetryAfterMs));

    await policy.onRetry?.({ ...args, delayMs });
    await wait(delayMs, args.abortSignal);
    return { retry: true };
  }
}
