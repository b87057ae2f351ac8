/**
 * The local server of `sluice inspect`: one page at `/`, rebuilt from the files on every load (a
 * folder that gains a record shows it on refresh), on 127.0.0.1 only. Records hold conversations,
 * so the server answers only requests addressed to it by that name (a Host check against DNS
 * rebinding) and sends the page's CSP as a header too.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadRecords } from '../record-file.js';
import { inspectorCsp, inspectorPage } from './page.js';

/** A running inspector server. */
export interface InspectorServer {
  /** `http://127.0.0.1:<port>/`. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the inspector page for a record file or a folder of records on 127.0.0.1 (`port` 0: a
 * free one); `label` is how the page names the source (default: its path).
 */
export async function serveInspector(source: string, port = 0, label = source): Promise<InspectorServer> {
  let allowedHosts: Set<string> = new Set();
  const server = createServer((request, response) => {
    const headers = {
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    };
    if (!allowedHosts.has(request.headers.host ?? '')) {
      response.writeHead(421, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
      response.end('This server answers only http://127.0.0.1:<port>/ and http://localhost:<port>/.\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...headers, allow: 'GET, HEAD' }).end();
      return;
    }
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== '/') {
      response
        .writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' })
        .end('Not found: the inspector is at /.\n');
      return;
    }
    let page: string;
    try {
      page = inspectorPage({ source: label, records: loadRecords(source) });
    } catch (error) {
      response.writeHead(500, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
      response.end(`${(error as Error).message}\n`);
      return;
    }
    response.writeHead(200, {
      ...headers,
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `${inspectorCsp()}; frame-ancestors 'none'`,
    });
    response.end(request.method === 'HEAD' ? undefined : page);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  allowedHosts = new Set([`127.0.0.1:${bound}`, `localhost:${bound}`]);
  return {
    url: `http://127.0.0.1:${bound}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
