import { describeValue } from '../../errors/describe-value.js';
import { DownloadAssetsError } from '../../errors/download-assets-error.js';
import { errorChain } from '../../errors/error-chain.js';
import { isRecord } from '../../messages/is-record.js';
import type {
  ProcessAPIErrorArgs,
  ProcessAPIErrorResult,
  Processor,
  ProcessorState,
} from '../../pipeline/types.js';
import { withHookDefaults } from '../direct-call/index.js';
import { invalidOptionFor } from '../option-errors.js';
import {
  isAbortError,
  isConnectionResetLevel,
  isNonRetryableProviderError,
  isRetryableOpenAIResponsesStreamError,
  isRetryableProviderErrorBody,
} from './matchers.js';

// The matchers used to live here; re-exported so existing imports keep working.
export {
  isBadRequestError,
  isConnectionResetError,
  isRetryableOpenAIResponsesStreamError,
  isRetryableProviderErrorBody,
} from './matchers.js';

/** Decides whether one error (or one level it wraps, see `errorChain`) should be retried. */
export type StreamErrorRetryMatcher = (error: unknown) => boolean;

/** A fixed wait in milliseconds, or a function of the failed call that returns one. */
export type StreamErrorRetryDelayMs = number | ((args: ProcessAPIErrorArgs) => number | Promise<number>);

/** A matcher with its own retry policy; unset fields fall back to the processor's options. */
export type StreamErrorRetryMatcherConfig = {
  /** Called with each level of the error in turn; `true` selects this entry's policy. */
  match: StreamErrorRetryMatcher;
  /**
   * Retries per failing step for errors this entry matches. Falls back to the processor's
   * `maxRetries`; the agent's error-retry budget still caps the run.
   */
  maxRetries?: number;
  /** Wait before each retry this entry grants. Falls back to the processor's `delayMs`. */
  delayMs?: StreamErrorRetryDelayMs;
  /** Called before the wait of every retry this entry grants; a throw fails the hook. */
  onRetry?: (args: ProcessAPIErrorArgs & { delayMs: number }) => void | Promise<void>;
};

/** A bare matcher (uses the processor's policy) or a matcher with its own policy. */
export type StreamErrorRetryMatcherEntry = StreamErrorRetryMatcher | StreamErrorRetryMatcherConfig;

/** Options of `StreamErrorRetryProcessor`. */
export type StreamErrorRetryProcessorOptions = {
  /**
   * Retries per failing step for any matched error whose entry sets no `maxRetries`; the
   * agent's error-retry budget (3 unless `maxProcessorRetries` says otherwise) still caps the
   * run. Default 1.
   */
  maxRetries?: number;
  /**
   * Checked in order on each level of the error, after the built-in OpenAI Responses check and
   * before the built-in connection-reset and provider-body checks; the first match supplies the
   * policy.
   */
  matchers?: readonly StreamErrorRetryMatcherEntry[];
  /**
   * Retry errors nothing recognises (never an abort, an authorisation failure or an exhausted
   * quota). Default false.
   */
  retryUnknownErrors?: boolean;
  /** Wait before retrying. Default 0 (immediate). */
  delayMs?: StreamErrorRetryDelayMs;
  /** Cap on a provider's `Retry-After`; does not cap `delayMs`. Default 30000. */
  maxRetryAfterMs?: number;
};

/** What the processor keeps in its per-run `state`. */
interface RetryState extends ProcessorState {
  /** The step the retries in `retriesInStep` were granted in. */
  retryStep?: number;
  /** Retries this processor granted in `retryStep`. */
  retriesInStep?: number;
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
  for (const level of errorChain(error)) {
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

const invalid = invalidOptionFor('StreamErrorRetryProcessor', '`');

function checkMaxRetries(value: unknown, option: string): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw invalid(option, `must be an integer >= 0 (got ${describeValue(value)}).`);
  }
}

function checkDelay(value: unknown, option: string): void {
  if (value === undefined || typeof value === 'function') return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw invalid(
      option,
      `must be a finite number of milliseconds >= 0 or a function returning one (got ${describeValue(value)}).`,
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
 * Retries model calls that failed for transient reasons: retryable OpenAI Responses stream errors,
 * dropped connections (see `isConnectionResetError`), transient provider error bodies passed on
 * mid-stream by older SDKs (see `isRetryableProviderErrorBody`), errors the provider marks
 * `isRetryable: true`, plus whatever custom `matchers` recognise. Never retries an authorisation
 * failure (401/403, `invalid_api_key`, …) or an exhausted quota (`insufficient_quota`,
 * `billing_error`, …), whatever matches, and never takes an `AbortError` for a reset or an
 * unknown error. One of the agent's four default error processors (with `maxRetries: 1`).
 *
 * Decision, on each level of the error (the error, then what it wraps, see `errorChain`): the
 * built-in OpenAI Responses check, then the custom matchers in order, then the built-in
 * connection-reset and provider-body checks, then an `isRetryable: true` flag; the first that
 * recognises the level supplies the policy (a custom entry's, else the processor's). So a custom
 * entry such as `{ match: isConnectionResetError, maxRetries: 3, delayMs: 500 }` configures
 * resets.
 *
 * Limits: `maxRetries` counts this processor's retries per failing step (the count starts again
 * when a later step fails), and the agent's error-retry budget (3 when `maxProcessorRetries` is
 * unset) still caps the run — set `maxProcessorRetries` when more are needed, and keep
 * model-level `maxRetries` at 0 when this is the only retry mechanism. Keep retry processors last
 * in `errorProcessors` (the defaults do): error processors stop at the first `{ retry: true }`,
 * so a broad matcher placed earlier would resend requests a repair processor could have fixed.
 *
 * The wait before a retry is `max(delayMs, min(Retry-After, maxRetryAfterMs))`. If the run is
 * aborted during the wait, the hook rejects with the signal's reason (the caller sees their abort,
 * not the provider error); if it was already aborted when the hook ran, it does not handle the
 * error. An `onRetry` callback that throws fails the hook. A failed attachment download
 * (`DownloadAssetsError`) is left to the agent, which swaps in a placeholder.
 */
export class StreamErrorRetryProcessor implements Processor<'stream-error-retry-processor'> {
  /** `'stream-error-retry-processor'`. */
  readonly id = 'stream-error-retry-processor' as const;
  /** `'Stream Error Retry Processor'`. */
  readonly name = 'Stream Error Retry Processor';
  /** One line for logs and traces. */
  readonly description =
    'Retries model calls that failed for a transient reason (dropped connection, overload, rate limit).';
  readonly #maxRetries: number;
  readonly #matchers: StreamErrorRetryMatcherConfig[];
  readonly #retryUnknownErrors: boolean;
  readonly #delayMs: StreamErrorRetryDelayMs;
  readonly #maxRetryAfterMs: number;

  /**
   * @throws ConfigurationError `PROCESSOR_INVALID_OPTIONS` naming the option when one is invalid
   *   (a negative or fractional `maxRetries`, a matcher without a `match` function, …).
   */
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
        `must be a number of milliseconds >= 0 (got ${describeValue(maxRetryAfterMs)}).`,
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
    // Bad credentials stay bad and a spent quota stays spent, however the SDK flagged the error.
    if (isNonRetryableProviderError(error)) return undefined;
    const chain = errorChain(error);
    // Same rule as `isConnectionResetError`: an abort anywhere in the chain is never a reset.
    const aborted = chain.some(isAbortError);
    // Raw bodies are only trusted when no level says whether it is retryable: an SDK that sets
    // the flag has already judged the body it carries.
    const flagged = chain.some((level) => typeof level.isRetryable === 'boolean');
    for (const level of chain) {
      // The OpenAI Responses check comes first (spec 6.7); ours (resets, raw bodies) come after
      // the user's matchers, so a custom entry can set the policy for them.
      if (isRetryableOpenAIResponsesStreamError(level)) return DEFAULT_POLICY;
      const entry = this.#matchers.find((candidate) => candidate.match(level));
      if (entry) return entry;
      if (!aborted && isConnectionResetLevel(level)) return DEFAULT_POLICY;
      if (!flagged && isRetryableProviderErrorBody(level)) return DEFAULT_POLICY;
      if (level.isRetryable === true) return DEFAULT_POLICY;
    }
    // A user's abort is not a failure to retry.
    return this.#retryUnknownErrors && !aborted ? DEFAULT_POLICY : undefined;
  }

  /** Retries a recognised transient failure after the configured (or provider-requested) wait. */
  async processAPIError(input: ProcessAPIErrorArgs): Promise<ProcessAPIErrorResult | undefined> {
    if (input.abortSignal?.aborted) return undefined;
    const args = withHookDefaults(this, input);
    // The downloader already retried the attachment; the agent swaps in its placeholder instead.
    if (args.error instanceof DownloadAssetsError) return undefined;
    const policy = this.#policyFor(args.error);
    if (!policy) return undefined;
    // Counted per step, not with the run-wide `retryCount`: retries granted earlier in the run,
    // by this or another processor, must not use up the retries of a new failure.
    const state = args.state as RetryState;
    const used = state.retryStep === args.stepNumber ? (state.retriesInStep ?? 0) : 0;
    if (used >= (policy.maxRetries ?? this.#maxRetries)) return undefined;

    const configured = policy.delayMs ?? this.#delayMs;
    const base = nonNegative(typeof configured === 'function' ? await configured(args) : configured);
    const requested = retryAfterMs(args.error, Date.now()) ?? 0;
    const delayMs = Math.max(base, Math.min(requested, this.#maxRetryAfterMs));

    await policy.onRetry?.({ ...args, delayMs });
    await wait(delayMs, args.abortSignal);
    state.retryStep = args.stepNumber;
    state.retriesInStep = used + 1;
    return { retry: true };
  }
}
