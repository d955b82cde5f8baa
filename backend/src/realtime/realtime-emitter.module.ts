import { Module } from '@nestjs/common';

import { LedgerModule } from '../ledger/ledger.module.js';
import { BalanceListener } from './balance.listener.js';
import { PlayerSockets } from './player-sockets.js';
import { RedisPlayerSockets } from './redis-player-sockets.js';

/**
 * Player sockets for a process that serves none (the admin CLI): the same `balance` pushes and
 * PlayerSockets as RealtimeModule, sent through the socket.io adapter's Redis channels.
 */
@Module({
  imports: [LedgerModule],
  providers: [{ provide: PlayerSockets, useClass: RedisPlayerSockets }, BalanceListener],
  exports: [PlayerSockets],
})
export class RealtimeEmitterModule {}
