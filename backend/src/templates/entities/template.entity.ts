import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import {
  type AnimationAnalysisState,
  type FaceRect,
  type Gender,
  GENDERS,
  type SupportedLanguage,
} from '@mememint/contracts';

import { User } from '../../users/entities/user.entity.js';
import { bigintNumber } from '../../database/bigint-number.transformer.js';

export { GENDERS };

/** An admin-uploaded photo with at least one face that players swap their face into. */
@Entity({ name: 'templates' })
@Index('templates_created_idx', ['createdAt'])
export class Template {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** The English title; the player's language takes `titles` when it has one. */
  @Column({ type: 'varchar', length: 120 })
  title!: string;

  /** The title in other languages, by language code (`{ru: '…'}`). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  titles!: Partial<Record<SupportedLanguage, string>>;

  /** The default caption of memes made from it, in English; the player's language takes `captions`. */
  @Column({ type: 'text', nullable: true })
  caption!: string | null;

  /** The caption in other languages, by language code (`{ru: '…'}`). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  captions!: Partial<Record<SupportedLanguage, string>>;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags!: string[];

  @Column({ type: 'enum', enum: GENDERS, enumName: 'template_gender', nullable: true })
  gender!: Gender | null;

  /**
   * Listed to players and usable for new generations. A new template is stored disabled, with the
   * faces its analysis found, until an admin has seen them and enables it; memes made from a
   * disabled one stay.
   */
  @Column({ type: 'boolean', default: false })
  enabled!: boolean;

  /** Needs an active boost (GAME.md "Credits and generation"). */
  @Column({ name: 'is_premium', type: 'boolean', default: false })
  isPremium!: boolean;

  @Column({ name: 'image_key', type: 'varchar', length: 255 })
  imageKey!: string;

  @Column({ name: 'thumbnail_key', type: 'varchar', length: 255 })
  thumbnailKey!: string;

  @Column({ type: 'integer' })
  width!: number;

  @Column({ type: 'integer' })
  height!: number;

  /** An animated template's MP4 as the worker keeps it (`imageKey` is then its poster); null for a still. */
  @Column({ name: 'video_key', type: 'varchar', length: 255, nullable: true })
  videoKey!: string | null;

  @Column({ name: 'duration_ms', type: 'integer', nullable: true })
  durationMs!: number | null;

  @Column({ name: 'frame_count', type: 'integer', nullable: true })
  frameCount!: number | null;

  /** An animation's analysis in the worker: pending after the upload, ready, or failed; null for a still. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  analysis!: AnimationAnalysisState | null;

  /** Why an animation's analysis failed (English), shown to admins. */
  @Column({ name: 'analysis_error', type: 'text', nullable: true })
  analysisError!: string | null;

  /** Faces found when it was uploaded. */
  @Column({ name: 'face_count', type: 'integer' })
  faceCount!: number;

  /**
   * Its faces from the worker's analysis (largest first, whole pixels), the list a generation's `faces`
   * indexes; null for a template added before analyses (`npm run admin -- analyse-templates`).
   */
  @Column({ type: 'jsonb', nullable: true })
  faces!: FaceRect[] | null;

  /**
   * The face a generation without a face choice swaps (an index into `faces`): the largest, or of faces of
   * nearly its size the most frontal and sharpest (contracts' `defaultFaceIndex` on the analysis).
   */
  @Column({ name: 'default_face', type: 'smallint', default: 0 })
  defaultFace!: number;

  @Column({ name: 'created_by', type: 'bigint', nullable: true, transformer: bigintNumber })
  createdBy!: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by' })
  creator?: User;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
