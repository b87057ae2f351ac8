import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChatHandler } from './chat-handler.js';

/** A `node:http` / Express request listener. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * A web-standard handler as a `node:http` (or Express) listener. The client going away
 * (`res` closing before the answer is complete) aborts the request's signal, which stops the
 * run. A body Express already parsed (`req.body`) is used as is.
 */
export function toNodeHandler(handler: (request: Request) => Promise<Response>): NodeHandler {
  return async (req, res) => {
    const abort = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) headers.append(key, v);
      else headers.set(key, value);
    }
    const method = req.method ?? 'GET';
    const host = req.headers.host ?? 'localhost';
    const init: RequestInit & { duplex?: 'half' } = { method, headers, signal: abort.signal };
    if (method !== 'GET' && method !== 'HEAD') {
      const parsed = (req as { body?: unknown }).body;
      init.body = parsed !== undefined && parsed !== null ? JSON.stringify(parsed) : requestBody(req);
      init.duplex = 'half';
    }
    let response: Response;
    try {
      response = await (handler as ChatHandler)(new Request(new URL(req.url ?? '/', `http://${host}`), init));
    } catch {
      res.statusCode = 500;
      res.end();
      return;
    }
    const outHeaders: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      outHeaders[key] = value;
    });
    // A body left unread (refused as too large) is not drained on a kept-alive connection.
    if (!req.complete) outHeaders.connection = 'close';
    res.writeHead(response.status, outHeaders);
    if (response.body === null) {
      res.end();
      return;
    }
    const reader = response.body.getReader();
    const cancel = () => {
      reader.cancel().catch(() => {});
    };
    abort.signal.addEventListener('abort', cancel, { once: true });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!res.write(value))
          await new Promise<void>((resolve) => res.once('drain', resolve).once('close', resolve));
        if (abort.signal.aborted) break;
      }
    } catch {
      // The client left mid-stream: nothing more to write.
    } finally {
      abort.signal.removeEventListener('abort', cancel);
      res.end();
    }
  };
}

/** The request body as a web stream, without `node:stream` (so the module loads on every runtime). */
function requestBody(req: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (data: Buffer) =>
        controller.enqueue(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)),
      );
      req.on('end', () => controller.close());
      req.on('error', (error) => controller.error(error));
    },
    cancel() {
      // Refused mid-body (too large): stop reading; the answer closes the connection (below).
      req.pause();
    },
  });
}
