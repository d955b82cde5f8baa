import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import type { ReportReason, ReportStatus } from '@mememint/contracts';

import { bigintNumber } from '../../database/bigint-number.transformer.js';
import { Meme } from '../../memes/entities/meme.entity.js';

/**
 * A player's report of a meme: one per player and meme. Open until an admin hides or restores the
 * meme, which closes them; only open reports count towards hiding it (MODERATION_HIDE_AFTER_REPORTS),
 * so reports counted before a restore do not hide it again.
 */
@Entity({ name: 'meme_reports' })
@Index('meme_reports_meme_reporter_uq', ['memeId', 'reporterId'], { unique: true })
@Index('meme_reports_status_created_idx', ['status', 'createdAt'])
export class MemeReport {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'meme_id', type: 'uuid' })
  memeId!: string;

  @ManyToOne(() => Meme, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'meme_id' })
  meme?: Meme;

  /** No foreign key: a report outlives its reporter's account (the tombstone keeps the count). */
  @Column({ name: 'reporter_id', type: 'bigint', transformer: bigintNumber })
  reporterId!: number;

  @Column({ type: 'varchar', length: 16 })
  reason!: ReportReason;

  @Column({ type: 'varchar', length: 8, default: 'open' })
  status!: ReportStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
