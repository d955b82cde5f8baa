import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { FaceRect, NsfwScores } from '@mememint/contracts';

import { Template } from '../../templates/entities/template.entity.js';
import { User } from '../../users/entities/user.entity.js';
import { bigintNumber } from '../../database/bigint-number.transformer.js';

/**
 * The rows that are memes of the game (GAME.md "What is a meme": a generation's result, never an
 * uploaded photo) and are in the feed now: published and not hidden by moderation (a banned
 * author's memes are left out by the queries, `isBannedSql`). Index predicates and the feed's
 * queries use this text.
 */
export const IN_FEED = '"is_published" AND "generation_id" IS NOT NULL AND "hidden_at" IS NULL';

/**
 * A row is a meme — a swap result (`generation_id` set) — or a player's own photo uploaded as a base
 * to swap into (`generation_id` null), which is never a meme (GAME.md "What is a meme"): the history
 * lists only memes and the feed only generation results (IN_FEED).
 * Published memes enter the feed; their captions must be original (a unique index on the normalised
 * caption of published memes keeps that true under concurrent publishing).
 */
@Entity({ name: 'memes' })
@Index('memes_owner_created_idx', ['ownerId', 'createdAt'])
@Index('memes_feed_new_idx', ['firstPublishedAt'], { where: IN_FEED })
@Index('memes_contest_day_idx', ['contestDay', 'likes'], { where: '"generation_id" IS NOT NULL' })
@Index('memes_published_caption_uq', ['normalizedText'], {
  unique: true,
  where: '"is_published" AND "normalized_text" IS NOT NULL',
})
export class Meme {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** Public id for `/i/:shareId`. */
  @Index('memes_share_id_uq', { unique: true })
  @Column({ name: 'share_id', type: 'varchar', length: 16 })
  shareId!: string;

  @Column({ name: 'owner_id', type: 'bigint', transformer: bigintNumber })
  ownerId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: User;

  @Column({ type: 'text', nullable: true })
  text!: string | null;

  /** The caption reduced to compare captions (`normalizeCaption`); null without words. */
  @Column({ name: 'normalized_text', type: 'text', nullable: true })
  normalizedText!: string | null;

  @Column({ name: 'is_published', type: 'boolean', default: false })
  isPublished!: boolean;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;

  /** When it was first published; republishing keeps it (ties for the meme of the day go to the earliest). */
  @Column({ name: 'first_published_at', type: 'timestamptz', nullable: true })
  firstPublishedAt!: Date | null;

  /** The UTC day it was first published (`YYYY-MM-DD`): the day it competes for meme of the day. */
  @Column({ name: 'contest_day', type: 'date', nullable: true })
  contestDay!: string | null;

  @Column({ name: 'image_key', type: 'varchar', length: 255 })
  imageKey!: string;

  @Column({ name: 'thumbnail_key', type: 'varchar', length: 255 })
  thumbnailKey!: string;

  /** A swap result without its caption, where a new caption is drawn; null for older memes. */
  @Column({ name: 'plain_image_key', type: 'varchar', length: 255, nullable: true })
  plainImageKey!: string | null;

  /**
   * Its faces (largest first, whole pixels), analysed by the worker the first time they are asked for
   * (`GET /v1/memes/{id}/faces/`, a base the player uploaded); null until then.
   */
  @Column({ type: 'jsonb', nullable: true })
  faces!: FaceRect[] | null;

  /** The target's faces its generation swapped (indices into the target's faces, largest first); null when not known. */
  @Column({ name: 'face_indexes', type: 'smallint', array: true, nullable: true })
  faceIndexes!: number[] | null;

  @Column({ type: 'integer' })
  width!: number;

  @Column({ type: 'integer' })
  height!: number;

  /** An animated meme's MP4 (`imageKey` is then its poster); null for a still. */
  @Column({ name: 'video_key', type: 'varchar', length: 255, nullable: true })
  videoKey!: string | null;

  @Column({ name: 'duration_ms', type: 'integer', nullable: true })
  durationMs!: number | null;

  @Column({ name: 'frame_count', type: 'integer', nullable: true })
  frameCount!: number | null;

  /** The generation that produced it; null for an uploaded photo. */
  @Index('memes_generation_uq', { unique: true })
  @Column({ name: 'generation_id', type: 'uuid', nullable: true })
  generationId!: string | null;

  @Column({ name: 'template_id', type: 'uuid', nullable: true })
  templateId!: string | null;

  @ManyToOne(() => Template, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'template_id' })
  template?: Template;

  /** When moderation hid it (enough reports, or an admin) until an admin restores it; null: visible. */
  @Column({ name: 'hidden_at', type: 'timestamptz', nullable: true })
  hiddenAt!: Date | null;

  /**
   * Since when a generated result the NSFW classifier scored above the thresholds waits for an admin
   * (in the moderation queue, not publishable: 409 IN_REVIEW); null once decided or never held.
   */
  @Column({ name: 'review_since', type: 'timestamptz', nullable: true })
  reviewSince!: Date | null;

  /** The NSFW classifier's scores of a generated result (null for uploads and older memes). */
  @Column({ name: 'nsfw_scores', type: 'jsonb', nullable: true })
  nsfwScores!: NsfwScores | null;

  /** Likes applied so far (swipe likes and votes); pending ones are added in short batches (PendingLike). */
  @Column({ type: 'integer', default: 0 })
  likes!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
