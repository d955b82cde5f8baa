import { Global, Module } from '@nestjs/common';

import { MetricsServer } from './metrics.server.js';
import { MetricsService } from './metrics.service.js';
import { SocketConnectionsGateway } from './socket-connections.gateway.js';

/** Prometheus metrics of the API (global: any module may count through MetricsService). */
@Global()
@Module({
  providers: [MetricsService, MetricsServer, SocketConnectionsGateway],
  exports: [MetricsService, MetricsServer],
})
export class MetricsModule {}
