import type { EntityManager } from 'typeorm';

/**
 * The call point for the quest "connect a TON wallet": WalletService calls it inside the transaction
 * that links a wallet (every successful link, so completing must be idempotent). The quests module
 * provides it globally, e.g. `{ provide: WalletLinkedHook, useExisting: QuestsService }` exported
 * from a `@Global()` module; until a provider exists, linking completes no quest.
 */
export abstract class WalletLinkedHook {
  abstract walletLinked(userId: number, em: EntityManager): Promise<void>;
}
