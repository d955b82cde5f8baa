import { startTcpProxy as startProxy, type TcpProxy } from '../../../scripts/lib/tcp-proxy.mjs';

export type { TcpProxy };

/**
 * A TCP proxy to a real server, so a test can take that server away from one app while it runs
 * (the shared server itself keeps serving everyone else) and bring it back.
 */
export function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  return startProxy([targetPort], targetHost);
}
