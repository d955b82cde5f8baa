import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, Repository } from 'typeorm';

import { Squad } from './entities/squad.entity.js';
import { SquadMembership } from './entities/squad-membership.entity.js';

export type MembershipState = Pick<SquadMembership, 'squadId' | 'joinedAt' | 'switchAvailableAt'>;

/** A membership as it is after a change: the rating applies changes by `version`. */
export interface MembershipVersion {
  userId: number;
  squadId: number | null;
  version: number;
}

/** The squads and squad_memberships tables. */
@Injectable()
export class SquadsRepository {
  constructor(
    @InjectRepository(Squad) private readonly squads: Repository<Squad>,
    @InjectRepository(SquadMembership) private readonly memberships: Repository<SquadMembership>,
  ) {}

  /** The influencer's squad, made now unless it exists. */
  async createForInfluencer(em: EntityManager, influencerId: number, title: string): Promise<Squad> {
    await em.createQueryBuilder().insert().into(Squad).values({ influencerId, title }).orIgnore().execute();
    return (await em.findOneBy(Squad, { influencerId }))!;
  }

  findById(id: number, em: EntityManager = this.squads.manager): Promise<Squad | null> {
    return em.findOneBy(Squad, { id });
  }

  findByIds(ids: readonly number[]): Promise<Squad[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.squads.findBy({ id: In([...ids]) });
  }

  findByInfluencer(influencerId: number, em: EntityManager = this.squads.manager): Promise<Squad | null> {
    return em.findOneBy(Squad, { influencerId });
  }

  /**
   * The influencer's squad, locked against joins until the transaction ends: a join's foreign-key
   * check waits for it, and after a delete fails.
   */
  lockForDissolve(em: EntityManager, influencerId: number): Promise<Squad | null> {
    return em.findOne(Squad, { where: { influencerId }, lock: { mode: 'pessimistic_write' } });
  }

  async delete(em: EntityManager, id: number): Promise<void> {
    await em.delete(Squad, { id });
  }

  /** Renames the influencer's squad; null when they lead none. */
  async rename(influencerId: number, title: string): Promise<Squad | null> {
    const result = await this.squads.update({ influencerId }, { title });
    return (result.affected ?? 0) > 0 ? this.findByInfluencer(influencerId) : null;
  }

  /** Squad ids, oldest first (the order squads without a score rank in): `take` after the first `skip`. */
  async idsInOrder(skip: number, take: number): Promise<number[]> {
    const rows = await this.squads
      .createQueryBuilder('s')
      .select('s.id', 'id')
      .orderBy('s.id', 'ASC')
      .offset(skip)
      .limit(take)
      .getRawMany<{ id: number }>();
    return rows.map((row) => Number(row.id));
  }

  count(): Promise<number> {
    return this.squads.count();
  }

  /**
   * A squad's members by who joined first, then tgId (the order members without a score rank in;
   * squad_memberships_squad_idx): `take` after the first `skip`.
   */
  async memberIdsInOrder(squadId: number, skip: number, take: number): Promise<number[]> {
    const rows = await this.memberships
      .createQueryBuilder('m')
      .select('m.user_id', 'userId')
      .where('m.squad_id = :squadId', { squadId })
      .orderBy('m.joined_at', 'ASC')
      .addOrderBy('m.user_id', 'ASC')
      .offset(skip)
      .limit(take)
      .getRawMany<{ userId: string }>();
    return rows.map((row) => Number(row.userId));
  }

  findMembership(
    userId: number,
    em: EntityManager = this.memberships.manager,
  ): Promise<SquadMembership | null> {
    return em.findOneBy(SquadMembership, { userId });
  }

  /** The player's membership row (made empty if they have none), locked until the transaction ends. */
  async lockMembership(em: EntityManager, userId: number): Promise<SquadMembership> {
    await em.createQueryBuilder().insert().into(SquadMembership).values({ userId }).orIgnore().execute();
    return (await em.findOne(SquadMembership, {
      where: { userId },
      lock: { mode: 'pessimistic_write' },
    }))!;
  }

  /** Changes a (locked) membership; answers its new version. */
  async setMembership(em: EntityManager, userId: number, state: MembershipState): Promise<MembershipVersion> {
    const [rows]: [{ version: number }[], number] = await em.query(
      `UPDATE squad_memberships
          SET squad_id = $2, joined_at = $3, switch_available_at = $4, version = version + 1
        WHERE user_id = $1
       RETURNING version`,
      [userId, state.squadId, state.joinedAt, state.switchAvailableAt],
    );
    return { userId, squadId: state.squadId, version: rows[0]!.version };
  }

  /** A new player's first membership (at sign-up). */
  async insertMembership(
    em: EntityManager,
    userId: number,
    state: MembershipState,
  ): Promise<MembershipVersion> {
    await em.insert(SquadMembership, { userId, ...state, version: 1 });
    return { userId, squadId: state.squadId, version: 1 };
  }

  /** Everyone leaves the squad with no cooldown; answers their memberships as they are now. */
  async releaseMembers(em: EntityManager, squadId: number): Promise<MembershipVersion[]> {
    const [rows]: [{ user_id: string; version: number }[], number] = await em.query(
      `UPDATE squad_memberships
          SET squad_id = NULL, joined_at = NULL, switch_available_at = NULL, version = version + 1
        WHERE squad_id = $1
       RETURNING user_id, version`,
      [squadId],
    );
    return rows.map((row) => ({ userId: Number(row.user_id), squadId: null, version: row.version }));
  }

  /**
   * Memberships in squads, in user order from `afterUserId` (exclusive), `limit` at a time: what the
   * rating rebuild reads.
   */
  async membersAfter(
    afterUserId: number,
    limit: number,
  ): Promise<(MembershipVersion & { squadId: number; joinedAt: Date })[]> {
    const rows = await this.memberships
      .createQueryBuilder('m')
      .where('m.squad_id IS NOT NULL AND m.user_id > :afterUserId', { afterUserId })
      .orderBy('m.user_id', 'ASC')
      .take(limit)
      .getMany();
    return rows.map((row) => ({
      userId: row.userId,
      squadId: row.squadId!,
      joinedAt: row.joinedAt!,
      version: row.version,
    }));
  }
}
