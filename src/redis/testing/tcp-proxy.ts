/**
 * Test support: a TCP proxy on a random local port in front of a real server, whose link can be
 * cut (every open connection dropped, new ones refused) and restored — a network outage on
 * demand, without touching the server other suites share. Imported by test files only.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

/** A running proxy. */
export interface TcpProxy {
  /** The proxy's port on 127.0.0.1. */
  readonly port: number;
  /** Drop every connection and refuse new ones until {@link restore}. */
  cut(): void;
  /** Accept and forward connections again. */
  restore(): void;
  /** Stop listening and drop every connection. */
  close(): Promise<void>;
}

/** Start a proxy to `host:port` on a free local port. */
export async function startTcpProxy(host: string, port: number): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let cut = false;
  const server: Server = createServer((inbound) => {
    if (cut) {
      inbound.destroy();
      return;
    }
    const outbound = createConnection({ host, port });
    open.add(inbound);
    open.add(outbound);
    const drop = () => {
      inbound.destroy();
      outbound.destroy();
      open.delete(inbound);
      open.delete(outbound);
    };
    inbound.on('error', drop).on('close', drop);
    outbound.on('error', drop).on('close', drop);
    inbound.pipe(outbound);
    outbound.pipe(inbound);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
  const dropAll = () => {
    for (const socket of open) socket.destroy();
    open.clear();
  };
  return {
    port: address.port,
    cut: () => {
      cut = true;
      dropAll();
    },
    restore: () => {
      cut = false;
    },
    close: async () => {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
