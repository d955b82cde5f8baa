import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  type AdminLedgerEntryDto,
  type AdminUserDto,
  type AdminUserSummaryDto,
  ErrorText,
  type Page,
  ErrorCode,
} from '@mememint/contracts';

import { Transactions } from '../../database/transactions.js';
import { BansService } from '../../moderation/bans.service.js';
import { type InfluencerChange, SquadsService } from '../../squads/squads.service.js';
import { UsersService } from '../../users/users.service.js';
import { AuditService } from '../audit/audit.service.js';
import { AdminPlayersRepository, toAdminOrderDto, toUserSummary } from './admin-players.repository.js';

/** How many of a player's orders, memes and invited friends the detail shows. */
const DETAIL_ROWS = 20;

/** Why an admin keeps their rights (409): the list in the environment, or asking for oneself. */
export class AdminRightsKeptError extends ConflictException {
  constructor(why: 'config' | 'self') {
    super(
      why === 'config'
        ? {
            detail: 'This admin is listed in ADMIN_TG_IDS: take them off the list instead',
            code: ErrorCode.adminFromConfig,
          }
        : { detail: 'You cannot take away your own admin rights', code: ErrorCode.ownAdmin },
    );
  }
}

/**
 * Players as operators see and change them (the console and the admin CLI): search, the full
 * picture, the ledger, and the admin and influencer flags, each change audited in its transaction.
 */
@Injectable()
export class AdminPlayersService {
  constructor(
    private readonly players: AdminPlayersRepository,
    private readonly users: UsersService,
    private readonly squads: SquadsService,
    private readonly bans: BansService,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
  ) {}

  async search(q: string): Promise<AdminUserSummaryDto[]> {
    return (await this.players.search(q.trim().replace(/^@/, ''), 50)).map(toUserSummary);
  }

  async detail(tgId: number): Promise<AdminUserDto> {
    const row = await this.players.detail(tgId);
    if (!row) throw new NotFoundException(ErrorText.userNotFound);
    const [orders, memes, referrals, ban] = await Promise.all([
      this.players.orders(tgId, 0, DETAIL_ROWS),
      this.players.memes(tgId, DETAIL_ROWS),
      this.players.referrals(tgId, DETAIL_ROWS),
      this.bans.activeBan(tgId),
    ]);
    return {
      ...toUserSummary(row),
      adminByConfig: row.admin_by_config,
      languageCode: row.language_code,
      boostEnds: row.boost_ends?.toISOString() ?? null,
      hasTon: row.has_ton,
      generationsCount: row.generations_count,
      invitedCount: row.invited_count,
      friendsGenerated: row.friends_generated,
      referalCoins: row.referal_coins,
      referalId: row.referal_id === null ? null : Number(row.referal_id),
      referralSpending: row.referral_spending,
      squad:
        row.squad_id === null
          ? null
          : { id: row.squad_id, title: row.squad_title ?? '', isLeader: row.squad_leader === true },
      ban: ban && { reason: ban.reason, until: ban.until?.toISOString() ?? null },
      orders: orders[0].map(toAdminOrderDto),
      memes,
      referrals,
    };
  }

  async ledger(tgId: number, page: number, pageSize: number): Promise<Page<AdminLedgerEntryDto>> {
    if (!(await this.users.findById(tgId))) throw new NotFoundException(ErrorText.userNotFound);
    const [items, total] = await this.players.ledger(tgId, (page - 1) * pageSize, pageSize);
    return { items, page, pageSize, total };
  }

  /**
   * Gives or takes admin rights. Rights from ADMIN_TG_IDS stay with the list, and nobody takes their
   * own (AdminRightsKeptError): the console always keeps an admin who can undo a mistake.
   */
  async setAdmin(
    actor: string,
    tgId: number,
    on: boolean,
    reason: string | null,
  ): Promise<{ isAdmin: boolean }> {
    const user = await this.users.findById(tgId);
    if (!user) throw new NotFoundException(ErrorText.userNotFound);
    if (!on && user.adminByConfig) throw new AdminRightsKeptError('config');
    if (!on && actor === String(tgId)) throw new AdminRightsKeptError('self');
    return this.transactions.run(async (em) => {
      const isAdmin = on
        ? await this.users.grantAdmin(tgId, em)
        : ((await this.users.revokeAdmin(tgId, em))?.isAdmin ?? false);
      await this.audit.record(
        {
          actor,
          action: on ? 'user.admin.grant' : 'user.admin.revoke',
          target: String(tgId),
          reason,
          before: { isAdmin: user.isAdmin },
          after: { isAdmin },
        },
        em,
      );
      return { isAdmin };
    });
  }

  /** Makes a player an influencer with their own squad, or dissolves it (SquadsService.setInfluencer). */
  async setInfluencer(
    actor: string,
    tgId: number,
    on: boolean,
    reason: string | null,
  ): Promise<InfluencerChange> {
    const before = await this.users.findById(tgId);
    if (!before) throw new NotFoundException(ErrorText.userNotFound);
    const change = await this.squads.setInfluencer(tgId, on, (em) =>
      this.audit
        .record(
          {
            actor,
            action: on ? 'user.influencer.on' : 'user.influencer.off',
            target: String(tgId),
            reason,
            before: { infl: before.infl },
            after: { infl: on },
          },
          em,
        )
        .then(() => undefined),
    );
    if (!change) throw new NotFoundException(ErrorText.userNotFound);
    return change;
  }
}
