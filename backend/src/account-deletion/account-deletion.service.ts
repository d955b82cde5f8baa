import { randomInt } from 'node:crypto';

import { Injectable, Logger, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { ErrorText } from '@mememint/contracts';
import { MediaStore } from '@mememint/media';

import { Transactions } from '../database/transactions.js';
import { StakeReturnsService } from '../feed/stake-returns.service.js';
import { MediaKeys } from '../media/media-keys.js';
import { RatingIngestService } from '../rating/rating-ingest.service.js';
import { PlayerSockets } from '../realtime/player-sockets.js';
import { SquadsService } from '../squads/squads.service.js';
import { BotApiClient } from '../telegram/bot-api.client.js';
import { UsersService } from '../users/users.service.js';
import { AccountDeletionRepository } from './account-deletion.repository.js';

/** A tombstone id: negative, so it is never a Telegram id, and random, so it links back to nobody. */
function tombstoneId(): number {
  return -randomInt(1, 2 ** 47);
}

/**
 * `DELETE /v1/users/me/` (GAME.md "Decisions for the launch round"): the player's personal data and
 * media go; the ledger, their own stakes and paid orders live on under a tombstone id, so the books
 * balance and nothing earned moves to anyone. Other players' open stakes on the deleted memes come
 * back (`stake-refund`); an influencer's squad dissolves first. After the commit the files go, the
 * sticker sets are deleted through the Bot API, the id leaves the leaderboards and every socket is closed; the sessions went with
 * the row, so the old tokens stop working at once. A ban outlives it (bans are per Telegram id), and
 * the same id signing up again gets no new-player credits and refers no one (`onReturningCheck`).
 */
@Injectable()
export class AccountDeletionService implements OnModuleInit {
  private readonly logger = new Logger(AccountDeletionService.name);

  constructor(
    private readonly accounts: AccountDeletionRepository,
    private readonly stakes: StakeReturnsService,
    private readonly squads: SquadsService,
    private readonly transactions: Transactions,
    private readonly storage: MediaStore,
    private readonly botApi: BotApiClient,
    private readonly sockets: PlayerSockets,
    private readonly users: UsersService,
    private readonly rating: RatingIngestService,
  ) {}

  onModuleInit(): void {
    this.users.onReturningCheck((em, tgId) => this.accounts.wasDeleted(tgId, em));
  }

  async deleteAccount(tgId: number): Promise<void> {
    const footprint = await this.transactions.run(async (em) => {
      const found = await this.accounts.lockFootprint(em, tgId);
      if (!found) throw new NotFoundException(ErrorText.userNotFound);
      return found;
    });
    // In its own transaction, with the leaderboards' squad copies updated after it.
    if (footprint.infl) await this.squads.setInfluencer(tgId, false);

    const deleted = await this.transactions.run(async (em) => {
      const locked = await this.accounts.lockFootprint(em, tgId);
      if (!locked) return null;
      const refunded = await this.stakes.returnOpenStakes(em, locked.memeIds);
      await this.accounts.moveToTombstone(em, tgId, tombstoneId());
      await this.accounts.deletePlayer(em, tgId);
      return { ...locked, refunded };
    });
    if (!deleted) throw new NotFoundException(ErrorText.userNotFound);

    this.sockets.disconnectUser(tgId);
    // The id leaves the leaderboards and its squad's; while Redis is away a rebuild leaves it out anyway
    // (its earnings moved to the tombstone id, which boards skip).
    await this.rating
      .forgetPlayer(tgId)
      .catch((error: Error) =>
        this.logger.warn(
          { error: error.message },
          'A deleted player stays on the leaderboards until a rebuild',
        ),
      );
    await Promise.all([
      this.storage.removeFolder(MediaKeys.facesOf(tgId)),
      ...deleted.mediaKeys.map((key) => this.storage.remove(key)),
    ]);
    for (const name of deleted.stickerSets) {
      // A set Telegram cannot delete now stays there: the player's data here is gone either way.
      await this.botApi
        .call('deleteStickerSet', { name })
        .catch((error: Error) =>
          this.logger.warn(
            { set: name, error: error.message },
            'A deleted player’s sticker set was not deleted',
          ),
        );
    }
    this.logger.log({ memes: deleted.memeIds.length, refundedVotes: deleted.refunded }, 'Deleted an account');
  }
}
