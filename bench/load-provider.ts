/**
 * The model provider of the load bench (`bench/load.ts` forks it): the fake provider server
 * answering every request with the same streamed OpenAI Chat Completions answer and usage, in a
 * process of its own so its work never delays the load client's clock or the workers.
 *
 * Argument: JSON `{ deltas, chunkDelayMs, usage }`. Messages from the parent: `count` (answered
 * with the requests served since the last `reset` and how many were streamed chat completions),
 * `reset`, `close`.
 */
import { subscribe } from 'node:diagnostics_channel';
import type { Server } from 'node:http';
import { type FakeUsage, startFakeProviderServer } from '../src/test/fake-provider/index.js';

// Real providers keep idle connections open for about a minute. With Node's default (5 s), a
// worker whose event loop lags seconds behind under this load sends its next call on a socket the
// server is closing, and the call fails with "other side closed": a failure of the bench's
// provider, not of what is measured. The server is not exposed, so set it on its first request.
subscribe('http.server.request.start', (message) => {
  (message as { server: Server }).server.keepAliveTimeout = 65_000;
});

const { deltas, chunkDelayMs, usage } = JSON.parse(process.argv[2] ?? '{}') as {
  deltas: number;
  chunkDelayMs: number;
  usage: FakeUsage;
};

const server = await startFakeProviderServer({
  fallback: {
    type: 'success',
    events: [{ type: 'text', deltas: Array.from({ length: deltas }, (_, i) => `word${i} `) }],
    usage,
    chunkDelayMs,
  },
});
process.send?.({ type: 'ready', openaiBaseURL: server.openaiBaseURL });

process.on('message', async (message: { type: string }) => {
  if (message.type === 'count') {
    const requests = server.requests.length;
    const streamedChat = server.requests.filter(
      (request) => request.endpoint === 'openai-chat' && request.stream,
    ).length;
    process.send?.({ type: 'count', requests, streamedChat });
  } else if (message.type === 'reset') {
    server.reset();
    process.send?.({ type: 'reset' });
  } else if (message.type === 'close') {
    await server.close();
    process.disconnect();
  }
});
