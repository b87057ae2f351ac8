/**
 * Test support: a TCP proxy on a random port in front of a real server that can stall, as a
 * network path that stops delivering does: while stalled, no byte moves in either direction on
 * any connection (old or new; new ones are accepted and then hang), and nothing is closed: the
 * bytes are held and delivered in order on `resume()`, as TCP does once a path comes back. After
 * `resume()` everything flows again.
 */
import net from 'node:net';

/** A running proxy. */
export interface StallProxy {
  /** The port clients connect to (127.0.0.1). */
  readonly port: number;
  /** Stop forwarding on every connection. */
  stall(): void;
  /** Forward again. */
  resume(): void;
  /** Close the proxy and every connection through it. */
  close(): Promise<void>;
}

/** Start a proxy to `target` (host and port of the real server). */
export async function startStallProxy(target: { host: string; port: number }): Promise<StallProxy> {
  const sockets = new Set<net.Socket>();
  // Bytes read while stalled, per destination, in order; delivered on resume.
  const held = new Map<net.Socket, Buffer[]>();
  let stalled = false;
  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (stalled) {
        const queue = held.get(to) ?? [];
        queue.push(chunk);
        held.set(to, queue);
      } else to.write(chunk);
    });
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        held.delete(socket);
      });
      // A reset on one side ends the pair; never an unhandled 'error'.
      socket.on('error', () => undefined);
    }
    forward(client, upstream);
    forward(upstream, client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the stall proxy has no TCP port');
  return {
    port: address.port,
    stall: () => {
      stalled = true;
    },
    resume: () => {
      stalled = false;
      for (const [to, queue] of held) for (const chunk of queue) to.write(chunk);
      held.clear();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
