import { type OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import type { Server } from 'socket.io';

import { SOCKET_SERVER_OPTIONS } from '../realtime/socket-server-options.js';
import { MetricsService } from './metrics.service.js';

/**
 * Counts open sockets for the metrics without touching the realtime gateway: a gateway with no
 * handlers on the same path shares its Socket.IO server (Nest keeps one server per port and path),
 * and the count is read when Prometheus scrapes. The path must stay the realtime gateway's.
 */
@WebSocketGateway(SOCKET_SERVER_OPTIONS)
export class SocketConnectionsGateway implements OnGatewayInit {
  constructor(private readonly metrics: MetricsService) {}

  afterInit(server: Server): void {
    this.metrics.gaugeAtScrape(
      'mememint_socket_connections',
      'Socket.IO connections open on this replica (after the handshake’s token check)',
      () => server.of('/').sockets.size,
    );
  }
}
