import { ConflictException, Injectable } from '@nestjs/common';
import { type BanDto, ErrorCode, ErrorText } from '@mememint/contracts';

import { AuditService } from '../admin/audit/audit.service.js';
import { Transactions } from '../database/transactions.js';
import { UsersService } from '../users/users.service.js';
import { BansRepository } from './bans.repository.js';
import type { PlayerBan } from './entities/player-ban.entity.js';

/** Who decided, for the ban row and the audit log: an admin's Telegram id or `cli`. */
export type Actor = string;

/**
 * Bans per Telegram id (GAME.md "Decisions for the launch round"): a banned player keeps their
 * balances, logs in and reads, but every write of the game answers 403 BANNED (`@RefuseBanned()`,
 * and the swipe's own statement); their memes leave the deck, feed and share pages while banned
 * (`isBannedSql`). An admin cannot be banned. Every change is audited in its transaction.
 */
@Injectable()
export class BansService {
  constructor(
    private readonly bans: BansRepository,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
  ) {}

  /** The player's ban in force now, or null. */
  activeBan(tgId: number): Promise<PlayerBan | null> {
    return this.bans.findActive(tgId);
  }

  async ban(actor: Actor, tgId: number, reason: string, days: number | null): Promise<BanDto> {
    if ((await this.users.findById(tgId))?.isAdmin) {
      throw new ConflictException({ detail: ErrorText.adminNotBannable, code: ErrorCode.adminNotBannable });
    }
    return this.transactions.run(async (em) => {
      const before = await this.bans.lock(em, tgId);
      const ban = await this.bans.upsert(em, { tgId, reason, days, bannedBy: actor });
      await this.audit.record(
        {
          actor,
          action: 'user.ban',
          target: String(tgId),
          reason,
          before: before && toBanDto(before),
          after: toBanDto(ban),
        },
        em,
      );
      return toBanDto(ban);
    });
  }

  /** Lifts the player's ban; false when there was none. */
  async unban(actor: Actor, tgId: number, reason: string | null): Promise<boolean> {
    return this.transactions.run(async (em) => {
      const before = await this.bans.lock(em, tgId);
      if (!before) return false;
      await this.bans.delete(em, tgId);
      await this.audit.record(
        { actor, action: 'user.unban', target: String(tgId), reason, before: toBanDto(before), after: null },
        em,
      );
      return true;
    });
  }
}

export function toBanDto(ban: PlayerBan): BanDto {
  return {
    tgId: ban.tgId,
    reason: ban.reason,
    until: ban.until?.toISOString() ?? null,
    createdAt: ban.createdAt.toISOString(),
  };
}
