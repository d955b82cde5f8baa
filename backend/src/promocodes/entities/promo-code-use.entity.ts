import { CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

import { bigintNumber } from '../../database/bigint-number.transformer.js';
import { User } from '../../users/entities/user.entity.js';
import { PromoCode } from './promo-code.entity.js';

/** A player applied a code: once per player per code (the primary key). */
@Entity({ name: 'promo_code_uses' })
export class PromoCodeUse {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  code!: string;

  @ManyToOne(() => PromoCode, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'code' })
  promoCode?: PromoCode;

  @PrimaryColumn({ name: 'user_id', type: 'bigint', transformer: bigintNumber })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
