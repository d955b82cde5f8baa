import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

import { User } from '../../users/entities/user.entity.js';
import { bigintNumber } from '../../database/bigint-number.transformer.js';

/**
 * One login: the family of every refresh token rotated from it. Access tokens carry its id, so
 * revoking the session stops the whole family at once.
 */
@Entity({ name: 'auth_sessions' })
export class AuthSession {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Index('auth_sessions_user_id_idx')
  @Column({ name: 'user_id', type: 'bigint', transformer: bigintNumber })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Set when a rotated refresh token was presented again (likely stolen). */
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
