import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import {
  type GenerationFailureCode,
  GENERATION_STAGES,
  type GenerationStage,
  type GenerationStatus,
} from '@mememint/contracts';

import { Meme } from '../../memes/entities/meme.entity.js';
import { Template } from '../../templates/entities/template.entity.js';
import { User } from '../../users/entities/user.entity.js';
import { bigintNumber } from '../../database/bigint-number.transformer.js';

export const GENERATION_STATUSES = [
  'queued',
  'processing',
  'done',
  'failed',
] as const satisfies readonly GenerationStatus[];

/** A generation still waiting for its outcome: the queue may still report on it. */
export const OPEN_GENERATION_STATUSES = [
  'queued',
  'processing',
] as const satisfies readonly GenerationStatus[];

/** One face swap requested by a player: what it swaps, what it cost, and how far it got. */
@Entity({ name: 'generations' })
@Index('generations_user_created_idx', ['userId', 'createdAt'])
@Index('generations_unfinished_idx', ['createdAt'], {
  where: `"status" IN (${OPEN_GENERATION_STATUSES.map((status) => `'${status}'`).join(', ')})`,
})
@Check('generations_progress_range', '"progress" BETWEEN 0 AND 100')
@Check('generations_rating_range', '"rating" BETWEEN 1 AND 5')
@Check('generations_cost_non_negative', '"cost" >= 0')
export class Generation {
  /** Chosen before the insert: it is also the Bull job id and part of the ledger keys. */
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'user_id', type: 'bigint', transformer: bigintNumber })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ name: 'template_id', type: 'uuid', nullable: true })
  templateId!: string | null;

  @ManyToOne(() => Template, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'template_id' })
  template?: Template;

  /** The player's meme whose photo the face goes into (instead of a template). */
  @Column({ name: 'source_meme_id', type: 'uuid', nullable: true })
  sourceMemeId!: string | null;

  @ManyToOne(() => Meme, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'source_meme_id' })
  sourceMeme?: Meme;

  @Column({ name: 'face_key', type: 'varchar', length: 255 })
  faceKey!: string;

  @Column({ name: 'target_key', type: 'varchar', length: 255 })
  targetKey!: string;

  @Column({ type: 'text', nullable: true })
  text!: string | null;

  @Column({ type: 'enum', enum: GENERATION_STATUSES, enumName: 'generation_status', default: 'queued' })
  status!: GenerationStatus;

  @Column({ type: 'enum', enum: GENERATION_STAGES, enumName: 'generation_stage', default: 'queued' })
  stage!: GenerationStage;

  @Column({ type: 'smallint', default: 0 })
  progress!: number;

  /** Why it failed, in the words the player sees. */
  @Column({ type: 'text', nullable: true })
  error!: string | null;

  /** The worker's typed reason (which picture has no face…), for the client to translate; null otherwise. */
  @Column({ name: 'error_code', type: 'varchar', length: 32, nullable: true })
  errorCode!: GenerationFailureCode | null;

  /** The target's faces its swap replaced (indices into the target's faces, largest first); null until done. */
  @Column({ name: 'face_indexes', type: 'smallint', array: true, nullable: true })
  faceIndexes!: number[] | null;

  /** Credits spent on it (refunded if it fails); 0 for the free generation a player without credits gets. */
  @Column({ type: 'smallint' })
  cost!: number;

  /** The player's 1–5 quality rating of the result. */
  @Column({ type: 'smallint', nullable: true })
  rating!: number | null;

  /** The worker's own time for the swap, in milliseconds. */
  @Column({ name: 'worker_ms', type: 'integer', nullable: true })
  workerMs!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;
}
