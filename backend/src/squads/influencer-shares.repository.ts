import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';

import { InfluencerShare, type InfluencerShareKind } from './entities/influencer-share.entity.js';

export type NewInfluencerShare = Pick<
  InfluencerShare,
  'influencerId' | 'memberId' | 'chargeId' | 'stars' | 'share'
>;

/** The influencer_shares table. */
@Injectable()
export class InfluencerSharesRepository {
  constructor(@InjectRepository(InfluencerShare) private readonly shares: Repository<InfluencerShare>) {}

  /** Writes the row unless one of its charge id and kind exists; false when it did. */
  async insertOnce(em: EntityManager, kind: InfluencerShareKind, row: NewInfluencerShare): Promise<boolean> {
    const inserted = await em
      .createQueryBuilder()
      .insert()
      .into(InfluencerShare)
      .values({ ...row, kind })
      .orIgnore()
      .returning(['id'])
      .execute();
    return inserted.raw.length > 0;
  }

  findByCharge(
    em: EntityManager = this.shares.manager,
    chargeId: string,
    kind: InfluencerShareKind,
  ): Promise<InfluencerShare | null> {
    return em.findOneBy(InfluencerShare, { chargeId, kind });
  }
}
