import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { SQUAD_TITLE_MAX_LENGTH } from '@mememint/contracts';

import { bigintNumber } from '../../database/bigint-number.transformer.js';
import { User } from '../../users/entities/user.entity.js';

/** An influencer's squad (GAME.md "Referrals, squads, influencers"): one per influencer while the flag is on. */
@Entity({ name: 'squads' })
export class Squad {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'influencer_id', type: 'bigint', unique: true, transformer: bigintNumber })
  influencerId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'influencer_id' })
  influencer?: User;

  @Column({ type: 'varchar', length: SQUAD_TITLE_MAX_LENGTH })
  title!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
