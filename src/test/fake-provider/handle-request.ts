import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, sendProviderError } from './http-replies.js';
import { flattenHeaders, parseJsonObject, readBodyText } from './request-body.js';
import type { ResponseQueue } from './response-queue.js';
import { findDialect, SUPPORTED_ROUTES } from './routes.js';
import { serveFakeResponse } from './serve-response.js';
import type { FakeResponse, RecordedRequest } from './types.js';

/** Mutable server state shared by every request. */
export interface ServerState {
  readonly requests: RecordedRequest[];
  readonly queue: ResponseQueue;
  /** A number unique within the server, for response and tool-call ids. */
  nextNumber(): number;
}

const DEFAULT_MODEL = 'fake-model';

/** Records the request, then answers it: a scripted response for model endpoints, an explanatory error otherwise. */
export async function handleRequest(
  req: IncomingMessage,
  res: ServerResponse,
  state: ServerState,
): Promise<void> {
  // Aborts every pending delay or hang of this exchange as soon as the connection goes away.
  const lifetime = new AbortController();
  res.on('close', () => lifetime.abort());

  const path = new URL(req.url ?? '/', 'http://fake-provider').pathname;
  const rawBody = await readBodyText(req);
  const parsed = parseJsonObject(rawBody);
  const body = parsed.ok ? parsed.value : {};
  const dialect = findDialect(path);
  const method = req.method ?? 'GET';
  state.requests.push({
    method,
    path,
    endpoint: dialect?.endpoint ?? null,
    headers: flattenHeaders(req.headers),
    body,
    rawBody,
    stream: body.stream === true,
  });

  if (dialect === undefined) return sendNotFound(res, method, path);
  if (method !== 'POST') {
    return sendJson(res, 405, errorJson(`${method} ${path} is not supported; use POST.`), { allow: 'POST' });
  }
  if (!parsed.ok) {
    return sendProviderError(res, dialect, badRequest(`Sluice fake provider: ${parsed.reason}.`));
  }

  const response = state.queue.take() ?? emptyQueueError(method, path, state.requests.length);
  const n = state.nextNumber();
  await serveFakeResponse(response, {
    res,
    dialect,
    stream: body.stream === true,
    render: {
      responseId: dialect.responseId(n),
      model: typeof body.model === 'string' ? body.model : DEFAULT_MODEL,
      created: Math.floor(Date.now() / 1000),
    },
    nextToolCallId: () => `call_fake_${state.nextNumber()}`,
    signal: lifetime.signal,
  });
}

function sendNotFound(res: ServerResponse, method: string, path: string): void {
  const message = `Sluice fake provider: unknown path ${method} ${path}. Supported: ${SUPPORTED_ROUTES.join(', ')}.`;
  sendJson(res, 404, { ...errorJson(message), supportedPaths: SUPPORTED_ROUTES });
}

// Shaped like OpenAI's error so OpenAI-style clients still surface the message.
function errorJson(message: string): object {
  return { error: { message, type: 'invalid_request_error', param: null, code: null } };
}

function badRequest(message: string) {
  return {
    status: 400,
    message,
    errorType: 'invalid_request_error',
    code: null,
    param: null,
    openaiResponsesEvent: 'error' as const,
  };
}

function emptyQueueError(method: string, path: string, requestNumber: number): FakeResponse {
  return {
    type: 'http-error',
    status: 500,
    errorType: 'fake_queue_empty',
    message:
      `Sluice fake provider: the response queue is empty (request #${requestNumber}, ${method} ${path}). ` +
      'Script it with server.enqueue(...) or server.setFallback(...).',
  };
}

/** Answers a request whose handler crashed, so the client gets an error instead of a hang. */
export function sendHandlerFailure(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const reason = error instanceof Error ? error.message : String(error);
  sendJson(res, 500, errorJson(`Sluice fake provider crashed: ${reason}`));
}
