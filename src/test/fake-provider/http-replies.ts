import type { ServerResponse } from 'node:http';
import type { ProviderError, WireDialect } from './dialect.js';
import type { FakeHttpErrorResponse, FakeStreamErrorResponse } from './types.js';

/** Sends a complete JSON response. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

/** Starts a 200 SSE response and flushes the headers so the client's `fetch` resolves right away. */
export function openEventStream(res: ServerResponse, headers: Readonly<Record<string, string>> = {}): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    ...headers,
  });
  res.flushHeaders();
}

/** Fills the defaults of a scripted HTTP error for `dialect`. */
export function httpErrorDetails(dialect: WireDialect, response: FakeHttpErrorResponse): ProviderError {
  const errorType = response.errorType ?? dialect.defaultErrorType(response.status);
  return {
    status: response.status,
    message:
      response.message ?? `Simulated HTTP ${response.status} (${errorType}) from the Sluice fake provider`,
    errorType,
    code: response.code ?? null,
    param: response.param ?? null,
    openaiResponsesEvent: 'error',
  };
}

/** Fills the defaults of a scripted in-stream error for `dialect`. */
export function streamErrorDetails(dialect: WireDialect, response: FakeStreamErrorResponse): ProviderError {
  const defaults = dialect.streamErrorDefaults;
  return {
    status: response.status ?? defaults.status,
    message: response.message ?? defaults.message,
    errorType: response.errorType ?? defaults.errorType,
    code: response.code === undefined ? defaults.code : response.code,
    param: null,
    openaiResponsesEvent: response.openaiResponsesEvent ?? 'error',
  };
}

/** Sends `error` as an HTTP error in the dialect's body shape. */
export function sendProviderError(
  res: ServerResponse,
  dialect: WireDialect,
  error: ProviderError,
  headers: Readonly<Record<string, string>> = {},
): void {
  sendJson(res, error.status, dialect.httpErrorBody(error), headers);
}
