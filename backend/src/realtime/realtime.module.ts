import { Module } from '@nestjs/common';

import { AuthModule } from '../auth/auth.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { BalanceListener } from './balance.listener.js';
import { PlayerSockets } from './player-sockets.js';
import { RealtimeGateway } from './realtime.gateway.js';

@Module({
  imports: [AuthModule, LedgerModule],
  providers: [
    RealtimeGateway,
    {
      provide: PlayerSockets,
      inject: [RealtimeGateway],
      // Not the gateway itself: Nest would run its shutdown hook once per token.
      useFactory: (gateway: RealtimeGateway): PlayerSockets => ({
        emitToUser: gateway.emitToUser.bind(gateway),
        emitToAll: gateway.emitToAll.bind(gateway),
        disconnectUser: gateway.disconnectUser.bind(gateway),
      }),
    },
    BalanceListener,
  ],
  exports: [RealtimeGateway, PlayerSockets],
})
export class RealtimeModule {}
