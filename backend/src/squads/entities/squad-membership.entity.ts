import { Check, Column, Entity, Index, JoinColumn, ManyToOne, OneToOne, PrimaryColumn } from 'typeorm';

import { bigintNumber } from '../../database/bigint-number.transformer.js';
import { User } from '../../users/entities/user.entity.js';
import { Squad } from './squad.entity.js';

/**
 * A player's squad and switch cooldown. The row outlives leaving (`squadId` null) so the cooldown
 * holds; `version` grows with every change, so the rating's copy of the membership in Redis applies
 * changes in order even when their notifications arrive out of it.
 */
@Entity({ name: 'squad_memberships' })
@Index('squad_memberships_squad_idx', ['squadId', 'joinedAt'])
@Check('squad_memberships_joined', '("squad_id" IS NULL) = ("joined_at" IS NULL)')
export class SquadMembership {
  @PrimaryColumn({ name: 'user_id', type: 'bigint', transformer: bigintNumber })
  userId!: number;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ name: 'squad_id', type: 'integer', nullable: true })
  squadId!: number | null;

  @ManyToOne(() => Squad, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'squad_id' })
  squad?: Squad;

  @Column({ name: 'joined_at', type: 'timestamptz', nullable: true })
  joinedAt!: Date | null;

  /** Until when joining another squad is refused (null: allowed). */
  @Column({ name: 'switch_available_at', type: 'timestamptz', nullable: true })
  switchAvailableAt!: Date | null;

  @Column({ type: 'integer', default: 0 })
  version!: number;
}
