import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Drops every connection and stops listening: the target looks down from then on. */
  cut(): Promise<void>;
  /** Listens again on the same port: the target is back. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy to a real server, so a test can take that server away from one app while it runs
 * (the shared server itself keeps serving everyone else) and bring it back.
 */
export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const listen = async (port: number): Promise<number> => {
    const listening = net.createServer((client) => {
      const upstream = net.connect(targetPort, targetHost);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
    server = listening;
    return (listening.address() as net.AddressInfo).port;
  };
  const cut = async (): Promise<void> => {
    const closing = server;
    server = undefined;
    if (!closing) return;
    const closed = new Promise<void>((resolve) => closing.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  const port = await listen(0);
  return {
    port,
    cut,
    restore: async () => {
      if (!server) await listen(port);
    },
    close: cut,
  };
}
