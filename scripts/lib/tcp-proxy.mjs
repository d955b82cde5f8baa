// @ts-check
// A TCP proxy for local runs and tests: the rehearsal's load balancer over its API replicas, and the
// backend tests' way to take Redis away from one app while the shared server keeps serving the rest.
import net from 'node:net';

/**
 * @typedef {object} TcpProxy
 * @property {number} port The proxy's own port on 127.0.0.1.
 * @property {() => Promise<void>} cut Drops every connection and stops listening: the targets look down.
 * @property {() => Promise<void>} restore Listens again on the same port: the targets are back.
 * @property {() => Promise<void>} close Stops for good (a cut that nobody restores).
 */

/**
 * Listens on a free port of 127.0.0.1 and passes each connection (WebSockets too) to the next target
 * in turn; a target that refuses the connection is skipped, as a load balancer's health check would
 * soon take it out, and when every target refuses the client's connection is closed.
 * @param {readonly number[]} targetPorts
 * @param {string} [targetHost]
 * @returns {Promise<TcpProxy>}
 */
export async function startTcpProxy(targetPorts, targetHost = '127.0.0.1') {
  if (targetPorts.length === 0) throw new Error('startTcpProxy needs a target port');
  /** @type {Set<net.Socket>} */
  const sockets = new Set();
  /** @type {net.Server | undefined} */
  let server;
  let next = 0;
  /** @param {net.Socket} socket */
  const track = (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  /**
   * @param {net.Socket} client
   * @param {number} left targets not yet tried for this client
   */
  const connect = (client, left) => {
    const port = /** @type {number} */ (targetPorts[next++ % targetPorts.length]);
    const upstream = net.connect({ port, host: targetHost });
    track(upstream);
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      upstream.pipe(client);
      client.pipe(upstream);
      client.resume();
    });
    upstream.once('error', () => {
      if (connected) return;
      if (left > 1) connect(client, left - 1);
      else client.destroy();
    });
  };
  /** @param {number} port */
  const listen = async (port) => {
    const listening = net.createServer((client) => {
      track(client);
      client.pause();
      client.once('error', () => client.destroy());
      connect(client, targetPorts.length);
    });
    await new Promise((resolve) => listening.listen(port, '127.0.0.1', () => resolve(undefined)));
    server = listening;
    return /** @type {net.AddressInfo} */ (listening.address()).port;
  };
  const cut = async () => {
    const closing = server;
    server = undefined;
    if (!closing) return;
    const closed = new Promise((resolve) => closing.close(() => resolve(undefined)));
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
