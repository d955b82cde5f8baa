import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, Repository } from 'typeorm';

import { User } from './entities/user.entity.js';

/** The profile columns Telegram refreshes at every login. */
export type UserProfile = Pick<
  User,
  'username' | 'firstName' | 'lastName' | 'languageCode' | 'photoUrl' | 'isBot' | 'isPremium'
>;

/** The users table (its balance columns belong to the ledger, which writes them itself). */
@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  findById(tgId: number, em: EntityManager = this.users.manager): Promise<User | null> {
    return em.findOneBy(User, { tgId });
  }

  /**
   * Inserts a new user, an admin when ADMIN_TG_IDS lists them; false when they exist already (the
   * concurrent login that lost).
   */
  async insertIfNew(
    em: EntityManager,
    tgId: number,
    profile: UserProfile,
    isConfigAdmin: boolean,
  ): Promise<boolean> {
    const inserted = await em
      .createQueryBuilder()
      .insert()
      .into(User)
      .values({ tgId, ...profile, isAdmin: isConfigAdmin, adminByConfig: isConfigAdmin })
      .orIgnore()
      .returning(['tgId'])
      .execute();
    return inserted.raw.length > 0;
  }

  /**
   * A returning user's login: the profile as Telegram sends it now, and admin while ADMIN_TG_IDS
   * lists them or the command granted it.
   */
  async updateAtLogin(
    em: EntityManager,
    tgId: number,
    profile: UserProfile,
    isConfigAdmin: boolean,
  ): Promise<void> {
    await em
      .createQueryBuilder()
      .update(User)
      .set({
        ...profile,
        adminByConfig: isConfigAdmin,
        isAdmin: isConfigAdmin ? true : () => 'admin_by_command',
      })
      .where('tg_id = :tgId', { tgId })
      .execute();
  }

  /** Clears `admin_by_command`; `is_admin` stays what the config says. Null: no such user. */
  async revokeCommandAdmin(
    tgId: number,
    em: EntityManager = this.users.manager,
  ): Promise<{ isAdmin: boolean } | null> {
    const result = await em
      .createQueryBuilder()
      .update(User)
      .set({ adminByCommand: false, isAdmin: () => 'admin_by_config' })
      .where('tg_id = :tgId', { tgId })
      .returning(['isAdmin'])
      .execute();
    const row = (result.raw as { is_admin: boolean }[])[0];
    return row ? { isAdmin: row.is_admin } : null;
  }

  /** Changes columns of one user; false when no such user exists. */
  async update(
    tgId: number,
    changes: Partial<
      Pick<
        User,
        | keyof UserProfile
        | 'isAdmin'
        | 'adminByCommand'
        | 'isOnboardingDone'
        | 'referalId'
        | 'refInfl'
        | 'hasTon'
        | 'gender'
      >
    >,
    em: EntityManager = this.users.manager,
  ): Promise<boolean> {
    const result = await em.update(User, { tgId }, changes);
    return (result.affected ?? 0) > 0;
  }

  /** Records the face-photo consent once (the first time stays); the time it holds. */
  async consentToFace(tgId: number): Promise<Date> {
    const result = await this.users
      .createQueryBuilder()
      .update(User)
      .set({ faceConsentAt: () => 'COALESCE("face_consent_at", now())' })
      .where('tg_id = :tgId', { tgId })
      .returning(['faceConsentAt'])
      .execute();
    return (result.raw as { face_consent_at: Date }[])[0]!.face_consent_at;
  }

  /** Counts a successful generation; answers what the referral reward depends on. */
  async incrementGenerations(
    em: EntityManager,
    tgId: number,
  ): Promise<Pick<User, 'generationsCount' | 'referalId' | 'isBot'>> {
    const updated = await em
      .createQueryBuilder()
      .update(User)
      .set({ generationsCount: () => 'generations_count + 1' })
      .where('tg_id = :tgId', { tgId })
      .returning('generations_count, referal_id, is_bot')
      .execute();
    const row = (
      updated.raw as { generations_count: number; referal_id: string | null; is_bot: boolean }[]
    )[0]!;
    return {
      generationsCount: row.generations_count,
      referalId: row.referal_id === null ? null : Number(row.referal_id),
      isBot: row.is_bot,
    };
  }

  /** One more invited friend generated; `coins` as the ledger granted them. */
  async incrementFriendsGenerated(em: EntityManager, inviterId: number, coins: number): Promise<void> {
    await em
      .createQueryBuilder()
      .update(User)
      .set({ friendsGenerated: () => 'friends_generated + 1', referalCoins: () => 'referal_coins + :coins' })
      .where('tg_id = :inviterId', { inviterId, coins })
      .execute();
  }

  /** One more invited user; answers whether the inviter is an influencer, null when they do not exist. */
  async incrementInvited(em: EntityManager, inviterId: number): Promise<{ infl: boolean } | null> {
    const bumped = await em
      .createQueryBuilder()
      .update(User)
      .set({ invitedCount: () => 'invited_count + 1' })
      .where('tg_id = :inviterId', { inviterId })
      .returning('infl')
      .execute();
    const row = (bumped.raw as { infl: boolean }[])[0];
    return row ? { infl: row.infl } : null;
  }

  /** A page of the users a player invited, newest first. */
  pageOfInvited(inviterId: number, skip: number, take: number): Promise<User[]> {
    return this.users.find({
      where: { referalId: inviterId },
      order: { createdAt: 'DESC', tgId: 'DESC' },
      skip,
      take,
    });
  }

  /** Sets or clears the influencer flag; the user as it is now, null when no such user exists. */
  async setInfluencer(em: EntityManager, tgId: number, infl: boolean): Promise<User | null> {
    await em.update(User, { tgId }, { infl });
    return em.findOneBy(User, { tgId });
  }

  /** Adds Stars to an influencer's `referralSpending` (negative takes back); false when no such user exists. */
  async addReferralSpending(em: EntityManager, tgId: number, delta: number): Promise<boolean> {
    const updated = await em
      .createQueryBuilder()
      .update(User)
      .set({ referralSpending: () => 'referral_spending + :delta' })
      .where('tg_id = :tgId', { tgId, delta })
      .execute();
    return (updated.affected ?? 0) > 0;
  }

  /** Profiles of these users (missing ids are absent), for lists that show players. */
  findProfiles(tgIds: readonly number[]): Promise<User[]> {
    if (tgIds.length === 0) return Promise.resolve([]);
    return this.users.findBy({ tgId: In([...tgIds]) });
  }

  /** Moves `boostEnds` by whole days from now or from its current end, whichever is later; the new end. */
  async extendBoost(em: EntityManager, tgId: number, days: number): Promise<Date | null> {
    const [rows]: [{ boost_ends: Date }[], number] = await em.query(
      `UPDATE users SET boost_ends = GREATEST(COALESCE(boost_ends, now()), now()) + make_interval(days => $2)
        WHERE tg_id = $1 RETURNING boost_ends`,
      [tgId, days],
    );
    return rows[0]?.boost_ends ?? null;
  }

  async incrementTasks(em: EntityManager, tgId: number): Promise<void> {
    await em
      .createQueryBuilder()
      .update(User)
      .set({ tasksCount: () => 'tasks_count + 1' })
      .where('tg_id = :tgId', { tgId })
      .execute();
  }
}
