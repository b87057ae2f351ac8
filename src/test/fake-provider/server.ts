import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleRequest, type ServerState, sendHandlerFailure } from './handle-request.js';
import { ResponseQueue } from './response-queue.js';
import type {
  FakeProviderServer,
  FakeProviderServerOptions,
  FakeResponse,
  RecordedRequest,
} from './types.js';

/**
 * Starts a fake LLM provider on `127.0.0.1` (random port) that speaks OpenAI Chat Completions,
 * OpenAI Responses and Anthropic Messages, answering each model request with the next scripted response.
 *
 * @example
 * const server = await startFakeProviderServer();
 * server.enqueue({ type: 'success', events: ['Hello'] });
 * const model = createOpenAI({ baseURL: server.openaiBaseURL, apiKey: 'test' }).chat('gpt-4o');
 * // … call the model …
 * await server.close();
 */
export async function startFakeProviderServer(
  options: FakeProviderServerOptions = {},
): Promise<FakeProviderServer> {
  const requests: RecordedRequest[] = [];
  const queue = new ResponseQueue(options.fallback);
  let counter = 0;
  const state: ServerState = { requests, queue, nextNumber: () => ++counter };

  const server = createServer((req, res) => {
    handleRequest(req, res, state).catch((error: unknown) => sendHandlerFailure(res, error));
  });
  // Unref'd server and sockets: a test that forgets close() can never keep the process alive.
  server.unref();
  server.on('connection', (socket) => socket.unref());
  const url = await listen(server);

  return {
    url,
    openaiBaseURL: `${url}/v1`,
    anthropicBaseURL: `${url}/v1`,
    requests,
    get queueLength() {
      return queue.length;
    },
    enqueue: (...responses: FakeResponse[]) => queue.push(responses),
    setFallback: (response) => queue.setFallback(response),
    reset: () => {
      queue.reset();
      requests.length = 0; // in place, so references held by tests stay live
    },
    close: () => close(server),
  };
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      resolve(`http://127.0.0.1:${port}`);
    });
  });
}

// close() alone waits for keep-alive and hanging connections; closeAllConnections() ends them now.
function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
