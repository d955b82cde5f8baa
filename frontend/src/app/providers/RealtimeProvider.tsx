import { useEffect, useState, type ReactNode } from 'react';

import { useUpdateUser } from '../../features/session';
import { RealtimeContext } from '../../lib/realtime';
import { apiClient } from '../../lib/services';
import type { GameSocket } from '../../lib/socket';
import { connection as connectionState } from '../../ui/connection';
import { useSession } from './SessionProvider';

/**
 * The session's socket, connected while signed in: pushed balances update the cached user, a dropped
 * connection says "Reconnecting" in the connection banner until it is back. Features reach it with `useSocket()` (lib/realtime).
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const signedIn = useSession().status === 'ready';
  const updateUser = useUpdateUser();
  const [socket, setSocket] = useState<GameSocket | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    let connection: GameSocket | null = null;
    let stopped = false;
    // Socket.IO's client is fetched after the first screen: nothing there waits for it.
    void import('../../lib/socket').then(({ connectSocket, watchSocket }) => {
      if (stopped) return;
      connection = connectSocket(() => apiClient.authToken);
      watchSocket(connection, {
        onBalance: (balance) => updateUser(() => balance),
        onReconnecting: connectionState.reconnecting,
        onConnected: connectionState.connected,
        getToken: () => apiClient.authToken,
        renewAuth: (staleToken) => apiClient.renewAuth(staleToken),
      });
      setSocket(connection);
    });
    return () => {
      stopped = true;
      connection?.disconnect();
      setSocket(null);
    };
  }, [signedIn, updateUser]);

  return <RealtimeContext.Provider value={socket}>{children}</RealtimeContext.Provider>;
}
