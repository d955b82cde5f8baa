import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
} from 'typeorm';
import { PROMO_DESCRIPTION_MAX_LENGTH } from '@mememint/contracts';

import { bigintNumber } from '../../database/bigint-number.transformer.js';
import { User } from '../../users/entities/user.entity.js';

/**
 * A promo code an influencer made (GAME.md "Promo codes"). `code` is stored upper case: codes are
 * case-insensitive. `uses` counts the players who applied it and never passes `maxUses`.
 */
@Entity({ name: 'promo_codes' })
@Index('promo_codes_owner_created_idx', ['ownerId', 'createdAt'])
@Check('promo_codes_uses_range', '"uses" >= 0 AND "uses" <= "max_uses"')
@Check('promo_codes_credits_positive', '"credits_per_use" > 0')
export class PromoCode {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  code!: string;

  @Column({ name: 'owner_id', type: 'bigint', transformer: bigintNumber })
  ownerId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: User;

  @Column({ type: 'varchar', length: PROMO_DESCRIPTION_MAX_LENGTH, nullable: true })
  description!: string | null;

  /** Credits each use grants. */
  @Column({ name: 'credits_per_use', type: 'integer' })
  creditsPerUse!: number;

  @Column({ name: 'max_uses', type: 'integer' })
  maxUses!: number;

  @Column({ type: 'integer', default: 0 })
  uses!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
