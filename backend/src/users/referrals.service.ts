import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ErrorText, type ReferralsResponse } from '@mememint/contracts';

import { AppConfig } from '../config/app.config.js';
import { toReferralFriendDto } from './dto/referrals.dto.js';
import type { User } from './entities/user.entity.js';
import { inviteLink } from './telegram-links.js';
import { UsersRepository } from './users.repository.js';

const REFERRAL_PARAM = /^ref_([1-9][0-9]{0,15})$/;

/**
 * Referrals (GAME.md "Referrals, squads, influencers"): who invited a new player (`referalId`,
 * `refInfl`), the inviter's counters (`invitedCount`, `friendsGenerated`, `referalCoins`) and
 * `GET /v1/users/referrals/`. The reward itself is the generations module's (the friend's first
 * generation), which tells this service.
 */
@Injectable()
export class ReferralsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly config: AppConfig,
  ) {}

  /** The player's invite link, referral counters and a page of the friends they invited (newest first). */
  async referrals(tgId: number, page: number, pageSize: number): Promise<ReferralsResponse> {
    const user = await this.users.findById(tgId);
    if (!user) throw new NotFoundException(ErrorText.userNotFound);
    const friends = await this.users.pageOfInvited(tgId, (page - 1) * pageSize, pageSize);
    return {
      link: inviteLink(this.config.telegram, tgId),
      invitedCount: user.invitedCount,
      friendsGenerated: user.friendsGenerated,
      referalCoins: user.referalCoins,
      reward: { coins: this.config.referrals.coins, credits: this.config.referrals.credits },
      items: friends.map(toReferralFriendDto),
    };
  }

  /**
   * At sign-up: a new user's `ref_<tgId>` start parameter names an existing other user: record who
   * invited them (and, when the inviter is an influencer, `refInfl`: the player joins their squad).
   */
  async attachReferrer(
    em: EntityManager,
    tgId: number,
    startParam: string | null,
  ): Promise<Pick<User, 'referalId' | 'refInfl'> | null> {
    const match = startParam === null ? null : REFERRAL_PARAM.exec(startParam);
    if (!match) return null;
    const inviterId = Number(match[1]);
    if (inviterId === tgId || !Number.isSafeInteger(inviterId)) return null;
    const inviter = await this.users.incrementInvited(em, inviterId);
    if (!inviter) return null;
    const referral = { referalId: inviterId, refInfl: inviter.infl ? inviterId : null };
    await this.users.update(tgId, referral, em);
    return referral;
  }

  /** An invited friend's first generation succeeded: the inviter's referral counters (coins as granted). */
  async recordFriendGenerated(inviterId: number, coins: number, em: EntityManager): Promise<void> {
    await this.users.incrementFriendsGenerated(em, inviterId, coins);
  }
}
