import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ErrorText } from '@mememint/contracts';

import type { User } from './entities/user.entity.js';
import { UsersRepository } from './users.repository.js';

/**
 * The users' columns other modules write, each inside the writer's own transaction: one method per
 * column and its one writer, so it is clear who moves `generationsCount`, `tasksCount`, `hasTon`,
 * `boostEnds`, `referralSpending` and `infl` (the referral counters are ReferralsService's).
 */
@Injectable()
export class UserCountersService {
  constructor(private readonly users: UsersRepository) {}

  /**
   * generations/: a successful generation of the user, inside the transaction that finishes it;
   * answers what the referral reward depends on.
   */
  recordGeneration(
    tgId: number,
    em: EntityManager,
  ): Promise<Pick<User, 'generationsCount' | 'referalId' | 'isBot'>> {
    return this.users.incrementGenerations(em, tgId);
  }

  /** quests/: a quest's reward was granted: `tasksCount` += 1, inside the granting transaction. */
  async recordTaskDone(tgId: number, em: EntityManager): Promise<void> {
    await this.users.incrementTasks(em, tgId);
  }

  /** wallet/: the player proved a TON wallet, inside the transaction that links it. */
  async markHasTon(tgId: number, em: EntityManager): Promise<void> {
    await this.users.update(tgId, { hasTon: true }, em);
  }

  /**
   * payments/ (boost purchases and refunds) and swipes/ (boost gifts). GAME.md "Decisions" → Boosts:
   * the one way `boostEnds` moves. Adds days from now or from the current end, whichever is later;
   * negative days (a refund) take them back from there. Answers the new end.
   */
  async extendBoost(tgId: number, days: number, em: EntityManager): Promise<Date> {
    const ends = await this.users.extendBoost(em, tgId, days);
    if (!ends) throw new NotFoundException(ErrorText.userNotFound);
    return ends;
  }

  /**
   * squads/ (influencer shares): adds Stars to an influencer's `referralSpending` (negative takes
   * back), in the transaction that records why; false when no such user exists.
   */
  addReferralSpending(tgId: number, delta: number, em: EntityManager): Promise<boolean> {
    return this.users.addReferralSpending(em, tgId, delta);
  }

  /** squads/ (the `influencer` command): sets or clears the flag; null when no such user exists. */
  setInfluencer(tgId: number, infl: boolean, em: EntityManager): Promise<User | null> {
    return this.users.setInfluencer(em, tgId, infl);
  }
}
