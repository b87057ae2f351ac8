import type { ProviderError } from './dialect.js';

/** OpenAI's HTTP error body: `{ error: { message, type, param, code } }`. */
export function openaiErrorBody(error: ProviderError): object {
  return { error: { message: error.message, type: error.errorType, param: error.param, code: error.code } };
}

/** The error `type` OpenAI uses for a status (its 429s say `requests`, its 5xx `server_error`). */
export function openaiDefaultErrorType(status: number): string {
  if (status === 429) return 'requests';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** Defaults of an OpenAI in-stream error: a retryable server error. */
export const OPENAI_STREAM_ERROR_DEFAULTS = {
  status: 500,
  message: 'The server had an error while processing your request. (fake provider)',
  errorType: 'server_error',
  code: 'server_error',
} as const;
