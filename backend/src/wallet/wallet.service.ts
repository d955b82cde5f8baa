import { BadRequestException, ConflictException, Inject, Injectable, Optional } from '@nestjs/common';
import { type AirdropDto, ErrorText, TON_WALLET_TAKEN, type TonProofPayloadDto } from '@mememint/contracts';

import { AppConfig } from '../config/app.config.js';
import { Transactions } from '../database/transactions.js';
import { isUniqueViolation } from '../database/unique-violation.js';
import { UserCountersService } from '../users/user-counters.service.js';
import { issueProofPayload } from './ton-proof-payload.js';
import {
  TonProofError,
  type TonProofInput,
  type TonProofRules,
  verifyTonProof,
} from './ton-proof.verifier.js';
import { WalletLinkedHook } from './wallet-linked.hook.js';
import { WALLET_ADDRESS_UNIQUE, WalletRepository } from './wallet.repository.js';

/** TON wallet proof and linking, and the airdrop share (GAME.md "TON wallet and airdrop"). */
@Injectable()
export class WalletService {
  private readonly rules: TonProofRules;

  constructor(
    private readonly wallets: WalletRepository,
    private readonly counters: UserCountersService,
    private readonly transactions: Transactions,
    private readonly config: AppConfig,
    @Optional() @Inject(WalletLinkedHook) private readonly linkedHook?: WalletLinkedHook,
  ) {
    this.rules = {
      secret: config.ton.proofSecret,
      network: config.ton.network,
      domains: config.ton.proofDomains,
      maxAgeSeconds: config.ton.proofMaxAgeSeconds,
    };
  }

  issuePayload(userId: number): TonProofPayloadDto {
    return {
      payload: issueProofPayload(this.rules.secret, userId, this.config.ton.payloadTtlSeconds, new Date()),
    };
  }

  /**
   * Links the wallet the proof proves, replacing the player's previous one: 400 naming the failed
   * check before anything is stored, 409 when another player holds the wallet.
   */
  async link(userId: number, input: TonProofInput): Promise<AirdropDto> {
    let proven;
    try {
      proven = verifyTonProof(input, userId, this.rules, new Date());
    } catch (error) {
      if (error instanceof TonProofError)
        throw new BadRequestException({ detail: error.detail, code: error.code });
      throw error;
    }
    try {
      await this.transactions.run(async (em) => {
        await this.wallets.save(em, userId, proven);
        await this.counters.markHasTon(userId, em);
        await this.linkedHook?.walletLinked(userId, em);
      });
    } catch (error) {
      if (isUniqueViolation(error, WALLET_ADDRESS_UNIQUE))
        throw new ConflictException({
          detail: ErrorText.walletLinkedElsewhere,
          code: TON_WALLET_TAKEN,
        });
      throw error;
    }
    return this.airdrop(userId);
  }

  /**
   * The linked wallet and the player's share of all earned coins. The total may lag by its cache
   * time, so the share is capped at 1.
   */
  async airdrop(userId: number): Promise<AirdropDto> {
    const [wallet, coins, totalCoins] = await Promise.all([
      this.wallets.findByUser(userId),
      this.wallets.earnedCoins(userId),
      this.wallets.totalEarnedCoins(),
    ]);
    return {
      hasTon: wallet !== null,
      address: wallet?.address ?? null,
      coins,
      totalCoins,
      share: totalCoins > 0 ? Math.min(1, coins / totalCoins) : 0,
    };
  }
}
