import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DataSource, type EntityManager } from 'typeorm';

import { AppConfig } from '../config/app.config.js';
import { REDIS } from '../redis/redis.module.js';
import { TonWallet } from './entities/ton-wallet.entity.js';
import type { ProvenWallet } from './ton-proof.verifier.js';

/** The unique index that keeps a wallet with one player. */
export const WALLET_ADDRESS_UNIQUE = 'ton_wallets_raw_address_uq';

const TOTAL_EARNED_KEY = 'airdrop:total-earned-coins';

/** The TON wallets table, and the earned-coin sums of the airdrop. */
@Injectable()
export class WalletRepository {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  findByUser(userId: number): Promise<TonWallet | null> {
    return this.dataSource.manager.findOneBy(TonWallet, { userId });
  }

  /**
   * Stores the player's wallet, replacing the one they had. A wallet another player holds fails on
   * WALLET_ADDRESS_UNIQUE (and aborts the transaction).
   */
  async save(em: EntityManager, userId: number, wallet: ProvenWallet): Promise<void> {
    await em.query(
      `INSERT INTO ton_wallets (user_id, raw_address, address, public_key, wallet_version, network, linked_at)
       VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (user_id) DO UPDATE
          SET raw_address = EXCLUDED.raw_address, address = EXCLUDED.address,
              public_key = EXCLUDED.public_key, wallet_version = EXCLUDED.wallet_version,
              network = EXCLUDED.network, linked_at = EXCLUDED.linked_at`,
      [userId, wallet.rawAddress, wallet.address, wallet.publicKey, wallet.version, wallet.network],
    );
  }

  /** The player's all-time earned coins (their ledger rows marked earned, through the user index). */
  async earnedCoins(userId: number): Promise<number> {
    const [row]: { coins: string }[] = await this.dataSource.query(
      `SELECT COALESCE(SUM(delta), 0) AS coins FROM ledger_entries
        WHERE user_id = $1 AND earned`,
      [userId],
    );
    return Number(row!.coins);
  }

  /**
   * All players' all-time earned coins: one aggregate over the ledger, kept in Redis for
   * AIRDROP_TOTAL_CACHE_SECONDS so page views do not each scan it.
   */
  async totalEarnedCoins(): Promise<number> {
    const cached = await this.redis.get(TOTAL_EARNED_KEY);
    if (cached !== null) return Number(cached);
    const [row]: { total: string }[] = await this.dataSource.query(
      `SELECT COALESCE(SUM(delta), 0) AS total FROM ledger_entries
        WHERE earned`,
    );
    await this.redis.set(TOTAL_EARNED_KEY, row!.total, 'EX', this.config.ton.airdropTotalCacheSeconds);
    return Number(row!.total);
  }
}
