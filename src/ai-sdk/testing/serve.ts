import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DefaultChatTransport, readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { toNodeHandler } from '../node-handler.js';

/** A handler served on `node:http` at a random local port. */
export interface Served {
  url: string;
  /** Requests the server has finished answering (the response ended or the client left). */
  closed: number;
  close(): Promise<void>;
}

/** Serves a web handler on 127.0.0.1 at a random port, through `toNodeHandler`. */
export async function serve(handler: (request: Request) => Promise<Response>): Promise<Served> {
  const listener = toNodeHandler(handler);
  const served: Served = { url: '', closed: 0, close: async () => {} };
  const server: Server = createServer((req, res) => {
    res.once('close', () => {
      served.closed++;
    });
    void listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  served.url = `http://127.0.0.1:${port}/api/chat`;
  served.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return served;
}

/** A user message as `useChat`'s `sendMessage({ text })` makes it. */
export function userMessage(id: string, text: string): UIMessage {
  return { id, role: 'user', parts: [{ type: 'text', text }] };
}

/** Sends through the real `DefaultChatTransport` and reads the answer with `readUIMessageStream`. */
export async function chat(
  url: string,
  args: {
    chatId: string;
    messages: UIMessage[];
    trigger?: 'submit-message' | 'regenerate-message';
    messageId?: string;
    abortSignal?: AbortSignal;
    /** Request headers (the tests' stand-in for a session cookie). */
    headers?: Record<string, string>;
  },
): Promise<{ chunks: UIMessageChunk[]; message: UIMessage | undefined }> {
  const transport = new DefaultChatTransport({ api: url, headers: args.headers });
  const stream = await transport.sendMessages({
    chatId: args.chatId,
    messages: args.messages,
    trigger: args.trigger ?? 'submit-message',
    messageId: args.messageId,
    abortSignal: args.abortSignal,
  });
  const chunks: UIMessageChunk[] = [];
  const [forChunks, forMessages] = stream.tee();
  const reading = (async () => {
    for await (const chunk of forChunks as unknown as AsyncIterable<UIMessageChunk>) chunks.push(chunk);
  })();
  let message: UIMessage | undefined;
  for await (const m of readUIMessageStream({ stream: forMessages })) message = m;
  await reading;
  return { chunks, message };
}
