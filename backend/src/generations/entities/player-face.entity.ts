import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';

import { User } from '../../users/entities/user.entity.js';
import { bigintNumber } from '../../database/bigint-number.transformer.js';

/** The face photo a player swaps in by default: the last one they uploaded with a generation. */
@Entity({ name: 'player_faces' })
export class PlayerFace {
  @PrimaryColumn({ name: 'user_id', type: 'bigint', transformer: bigintNumber })
  userId!: number;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ name: 'face_key', type: 'varchar', length: 255 })
  faceKey!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
