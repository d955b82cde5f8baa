import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';

import { PromoCode } from './entities/promo-code.entity.js';
import { PromoCodeUse } from './entities/promo-code-use.entity.js';

export type NewPromoCode = Pick<PromoCode, 'code' | 'ownerId' | 'description' | 'creditsPerUse' | 'maxUses'>;

/** The promo_codes and promo_code_uses tables. */
@Injectable()
export class PromocodesRepository {
  constructor(@InjectRepository(PromoCode) private readonly codes: Repository<PromoCode>) {}

  /** Inserts a code; false when that code exists already (the caller draws another). */
  async insertIfNew(code: NewPromoCode): Promise<boolean> {
    const inserted = await this.codes
      .createQueryBuilder()
      .insert()
      .values(code)
      .orIgnore()
      .returning(['code'])
      .execute();
    return inserted.raw.length > 0;
  }

  findByCode(code: string, em: EntityManager = this.codes.manager): Promise<PromoCode | null> {
    return em.findOneBy(PromoCode, { code });
  }

  /** Records that the player used the code; false when they had already. */
  async recordUse(em: EntityManager, code: string, userId: number): Promise<boolean> {
    const inserted = await em
      .createQueryBuilder()
      .insert()
      .into(PromoCodeUse)
      .values({ code, userId })
      .orIgnore()
      .returning(['code'])
      .execute();
    return inserted.raw.length > 0;
  }

  /**
   * Counts one use if any is left. The conditional update holds the code's row until commit, so
   * concurrent players are counted one after another and never past `maxUses`.
   */
  async takeUse(em: EntityManager, code: string): Promise<boolean> {
    const updated = await em
      .createQueryBuilder()
      .update(PromoCode)
      .set({ uses: () => 'uses + 1' })
      .where('code = :code AND uses < max_uses', { code })
      .execute();
    return (updated.affected ?? 0) > 0;
  }

  pageOfOwner(ownerId: number, skip: number, take: number): Promise<[PromoCode[], number]> {
    return this.codes.findAndCount({
      where: { ownerId },
      order: { createdAt: 'DESC', code: 'ASC' },
      skip,
      take,
    });
  }
}
