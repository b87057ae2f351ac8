import { describeError } from './error-chain.js';
import { SluiceError } from './sluice-error.js';

const API_CALL_ERROR_MARKER = Symbol.for('vercel.ai.error.AI_APICallError');
const AI_SDK_ERROR_MARKER = Symbol.for('vercel.ai.error');

interface ApiCallErrorLike {
  message?: string;
  statusCode?: number;
  url?: string;
  responseBody?: string;
  isRetryable?: boolean;
  responseHeaders?: Record<string, string>;
  requestBodyValues?: unknown;
  data?: unknown;
}

/**
 * A model call failed. The provider's own error stays intact as `cause`.
 *
 * When the cause is an AI SDK `APICallError`, this error also answers
 * `APICallError.isInstance()` and carries the same `statusCode`, `responseBody`, `isRetryable`,
 * so code written for the AI SDK keeps working while the message says which model and step failed.
 */
export class ProviderCallError extends SluiceError {
  readonly statusCode?: number;
  readonly url?: string;
  readonly responseBody?: string;
  readonly isRetryable: boolean;
  readonly responseHeaders?: Record<string, string>;
  readonly requestBodyValues?: unknown;
  readonly data?: unknown;

  constructor(args: { cause: unknown; modelLabel: string; stepNumber: number }) {
    const cause = fieldsOf(args.cause);
    const original = cause && typeof cause.message === 'string' ? cause.message : describeError(args.cause);
    const status = typeof cause?.statusCode === 'number' ? ` (HTTP ${cause.statusCode})` : '';
    super(
      'PROVIDER_CALL_FAILED',
      `Model "${args.modelLabel}" failed at step ${args.stepNumber}${status}: ${original}`,
      { cause: args.cause, details: { model: args.modelLabel, stepNumber: args.stepNumber } },
    );
    this.name = 'ProviderCallError';
    this.isRetryable = cause?.isRetryable === true;
    if (cause.apiCallError) {
      this.statusCode = cause.statusCode;
      this.url = cause.url;
      this.responseBody = cause.responseBody;
      this.responseHeaders = cause.responseHeaders;
      this.requestBodyValues = cause.requestBodyValues;
      this.data = cause.data;
      Object.defineProperty(this, API_CALL_ERROR_MARKER, { value: true });
      Object.defineProperty(this, AI_SDK_ERROR_MARKER, { value: true });
    }
  }
}

/**
 * The cause's fields, read once. A cause whose property reads throw (a hostile Proxy, a getter
 * that fails) has none, so describing the failure cannot fail in its turn.
 */
function fieldsOf(cause: unknown): ApiCallErrorLike & { apiCallError?: boolean } {
  if ((typeof cause !== 'object' && typeof cause !== 'function') || cause === null) return {};
  try {
    const c = cause as ApiCallErrorLike & Record<symbol, unknown>;
    return {
      message: c.message,
      statusCode: c.statusCode,
      url: c.url,
      responseBody: c.responseBody,
      isRetryable: c.isRetryable,
      responseHeaders: c.responseHeaders,
      requestBodyValues: c.requestBodyValues,
      data: c.data,
      apiCallError: c[API_CALL_ERROR_MARKER] === true,
    };
  } catch {
    return {};
  }
}
