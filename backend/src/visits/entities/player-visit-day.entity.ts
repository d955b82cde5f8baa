import { Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

import { bigintNumber } from '../../database/bigint-number.transformer.js';
import { User } from '../../users/entities/user.entity.js';

/** A UTC day on which the player used the app (an authenticated request): streaks are read from these. */
@Entity({ name: 'player_visit_days' })
export class PlayerVisitDay {
  @PrimaryColumn({ name: 'user_id', type: 'bigint', transformer: bigintNumber })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @PrimaryColumn({ type: 'date' })
  day!: string;
}
