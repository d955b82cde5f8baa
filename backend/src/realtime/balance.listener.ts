import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';

import { LedgerEvents } from '../ledger/ledger-events.js';
import { PlayerSockets } from './player-sockets.js';

/** Pushes `balance` to a player's open sockets whenever a committed ledger change touched them. */
@Injectable()
export class BalanceListener implements OnModuleInit, OnModuleDestroy {
  private unsubscribe?: () => void;

  constructor(
    private readonly ledgerEvents: LedgerEvents,
    private readonly sockets: PlayerSockets,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.ledgerEvents.subscribe(({ userId, balances }) =>
      this.sockets.emitToUser(userId, 'balance', balances),
    );
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }
}
