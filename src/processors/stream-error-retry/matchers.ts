/**
 * Error recognisers used by `StreamErrorRetryProcessor`; the public ones double as custom
 * matchers (`matchers: [isBadRequestError]`).
 */

import { errorChain } from '../../errors/error-chain.js';
import { isRecord } from '../../messages/is-record.js';

/** Socket-level codes that mean the peer dropped an open connection (Node, undici). */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** Messages undici/Node use for a dropped connection when no code survives the wrapping. */
const RESET_MESSAGE = /socket hang up|other side closed|\bECONNRESET\b|\bEPIPE\b|\bUND_ERR_SOCKET\b/i;

/** Fragments of provider error codes/types that describe a transient server-side condition. */
const TRANSIENT_MARKERS = [
  'rate_limit',
  'server_error',
  'internal_error',
  'timeout',
  'temporarily_unavailable',
  'service_unavailable',
  'overloaded',
];

/** Anthropic error `type`s for a transient failure that no marker above covers. */
const ANTHROPIC_TRANSIENT_TYPES = new Set(['api_error']);

const OPENAI_RETRY_HINT = /you can retry your request/i;

/**
 * Codes and types providers use for a rejected credential or permission, or an exhausted quota
 * or budget: retrying cannot fix these, however the SDK flagged the error (OpenAI's SDK marks
 * every 429 retryable, `insufficient_quota` included).
 */
const NEVER_RETRY_CODES = new Set([
  'access_denied',
  'authentication_error',
  'forbidden',
  'invalid_api_key',
  'permission_denied',
  'permission_error',
  'insufficient_quota',
  'billing_error',
  'billing_hard_limit_reached',
]);

/** The same codes as a JSON field of a raw response body, for errors that kept only the text. */
const NEVER_RETRY_IN_BODY = new RegExp(
  `"(?:type|code)"\\s*:\\s*"(?:${[...NEVER_RETRY_CODES].join('|')})"`,
  'i',
);

function numberField(value: Record<string, unknown>, key: string): number | undefined {
  const field = value[key];
  return typeof field === 'number' ? field : undefined;
}

function statusOf(value: Record<string, unknown>): number | undefined {
  // AI SDK errors carry `statusCode`; other HTTP clients (e.g. the OpenAI SDK) use `status`.
  return numberField(value, 'statusCode') ?? numberField(value, 'status');
}

/** Lower-cased string/number `code` and `type` of a body, for marker and code lookups. */
function codesOf(body: Record<string, unknown>): string[] {
  const codes: string[] = [];
  for (const field of [body.code, body.type]) {
    if (typeof field === 'string' || typeof field === 'number') codes.push(String(field).toLowerCase());
  }
  return codes;
}

/** True for parsed JSON (a plain object), not an `Error` or other class instance. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** True when the level is an `AbortError`: the caller cut the connection, so it is no reset. */
export function isAbortError(level: unknown): boolean {
  return isRecord(level) && level.name === 'AbortError';
}

/**
 * True when this one level (not its causes) reports a dropped connection: a reset code, or
 * undici's `terminated` / Node's `socket hang up` message.
 */
export function isConnectionResetLevel(level: unknown): boolean {
  if (!isRecord(level)) return false;
  if (typeof level.code === 'string' && RESET_CODES.has(level.code)) return true;
  const message = level.message;
  if (typeof message !== 'string') return false;
  // undici ends a body stream cut off by the peer with exactly this TypeError message.
  return message.trim().toLowerCase() === 'terminated' || RESET_MESSAGE.test(message);
}

/**
 * True when `error` (or something it wraps, see `errorChain`) has HTTP status 400. Useful as a
 * custom matcher for transient 400s while a provider is degraded; pair it with `maxRetries: 1`,
 * and keep the retry processor after repair processors, or it resends requests they could have
 * fixed.
 */
export function isBadRequestError(error: unknown): boolean {
  return errorChain(error).some((level) => statusOf(level) === 400);
}

/**
 * True when the connection to the provider was dropped: `ECONNRESET`, `EPIPE`, undici's
 * `UND_ERR_SOCKET`, a `terminated` body stream, `socket hang up` or `other side closed`, at any
 * level of the `cause` chain (so undici's `TypeError('fetch failed')` counts when its cause is a
 * reset, but not when it is, say, a refused connection). An `AbortError` anywhere in the chain
 * means the caller cut the connection, so it is never a reset.
 */
export function isConnectionResetError(error: unknown): boolean {
  const chain = errorChain(error);
  if (chain.some(isAbortError)) return false;
  return chain.some(isConnectionResetLevel);
}

/** The `{ code, type, message }` object of an OpenAI Responses stream error event, if it is one. */
function openAIStreamErrorBody(value: unknown, depth: number): Record<string, unknown> | undefined {
  if (!isRecord(value) || depth > 3) return undefined;
  if (value.type === 'response.failed') {
    const response = value.response;
    if (isRecord(response) && isRecord(response.error)) return response.error;
    // AI SDK 4.x hands on `{ message, type: 'response.failed', code, statusCode, isRetryable,
    // data: <the raw event> }`: read the event, else the wrapper's own code and message.
    return openAIStreamErrorBody(value.data, depth + 1) ?? value;
  }
  if (value.type === 'error') {
    // `{ type: 'error', error: {...} }`, possibly an AI SDK error part wrapping the raw event;
    // OpenAI also sends the flat `{ type: 'error', code, message }`.
    if (isRecord(value.error)) return openAIStreamErrorBody(value.error, depth + 1) ?? value.error;
    return value;
  }
  // The AI SDK wraps the event in an `APICallError` (before any output) or, in 4.x, in a plain
  // `{ message, type, code, isRetryable, data }` error part; either way `data` is the event.
  return depth === 0 ? openAIStreamErrorBody(value.data, depth + 1) : undefined;
}

function hasTransientCode(codes: readonly string[]): boolean {
  return codes.some((code) => TRANSIENT_MARKERS.some((marker) => code.includes(marker)));
}

/**
 * True when `error` is an OpenAI Responses stream error event (`{ type: 'error', error }` or
 * `{ type: 'response.failed', response: { error } }`), or the AI SDK's wrapper of one (an
 * `APICallError`, or 4.x's `{ message, type, code, isRetryable, data: <event> }`), whose
 * `code`/`type` names a transient condition (`rate_limit`, `server_error`, `internal_error`,
 * `timeout`, `temporarily_unavailable`, `service_unavailable`, `overloaded`) or whose message
 * says "you can retry your request". Such failures arrive mid-stream, after the HTTP 200, so no
 * status code marks them retryable. Looks at this value (and its `data`) only, not down the
 * `cause` chain.
 */
export function isRetryableOpenAIResponsesStreamError(error: unknown): boolean {
  const body = openAIStreamErrorBody(error, 0);
  if (!body) return false;
  if (hasTransientCode(codesOf(body))) return true;
  return typeof body.message === 'string' && OPENAI_RETRY_HINT.test(body.message);
}

/** One `{ type, code, message }` body: transient, and not flagged or coded as permanent. */
function isTransientBody(body: Record<string, unknown>): boolean {
  if (body.isRetryable === false || typeof body.message !== 'string') return false;
  const codes = codesOf(body);
  if (codes.some((code) => NEVER_RETRY_CODES.has(code))) return false;
  return codes.some((code) => ANTHROPIC_TRANSIENT_TYPES.has(code)) || hasTransientCode(codes);
}

/**
 * True when `error` is a provider's raw error body for a transient failure, as older SDKs
 * (`@ai-sdk/anthropic` 2.x, `@ai-sdk/openai` 2.x) pass it on mid-stream, without `isRetryable`:
 * Anthropic's `{ type: 'overloaded_error' | 'api_error' | 'rate_limit_error', message }` (also
 * inside `{ type: 'error', error: {...} }`), or an OpenAI Chat Completions
 * `{ message, type, code, param }` whose `type`/`code` contains a transient marker (as for
 * {@link isRetryableOpenAIResponsesStreamError}). Only plain objects (parsed JSON) count, never
 * an `Error`; a body carrying `isRetryable: false` or an authorisation, quota or billing code is
 * never retryable. Looks at this value and its nested `error` only, not down the `cause` chain.
 */
export function isRetryableProviderErrorBody(error: unknown): boolean {
  if (!isPlainObject(error)) return false;
  if (isTransientBody(error)) return true;
  const nested = error.error;
  return error.isRetryable !== false && isPlainObject(nested) && isTransientBody(nested);
}

/**
 * True when retrying `error` cannot help, whatever flags it carries: HTTP 401/403, or a known
 * authorisation, quota or billing code (`invalid_api_key`, `insufficient_quota`,
 * `billing_error`, …) in a `code`/`type` field of any level or in a raw `responseBody`.
 */
export function isNonRetryableProviderError(error: unknown): boolean {
  return errorChain(error).some((level) => {
    const status = statusOf(level);
    if (status === 401 || status === 403) return true;
    if (codesOf(level).some((code) => NEVER_RETRY_CODES.has(code))) return true;
    return typeof level.responseBody === 'string' && NEVER_RETRY_IN_BODY.test(level.responseBody);
  });
}
