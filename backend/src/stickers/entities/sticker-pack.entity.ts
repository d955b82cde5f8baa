import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryColumn,
} from 'typeorm';

import { bigintNumber } from '../../database/bigint-number.transformer.js';
import { User } from '../../users/entities/user.entity.js';
import { PackSticker } from './pack-sticker.entity.js';

/** A Telegram sticker set a player made from their memes; a row exists only for a set Telegram created. */
@Entity({ name: 'sticker_packs' })
@Index('sticker_packs_owner_idx', ['ownerId', 'createdAt'])
export class StickerPack {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'owner_id', type: 'bigint', transformer: bigintNumber })
  ownerId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: User;

  /** Telegram's set name `<slug>_by_<bot>`, unique (case-insensitively, as Telegram compares). */
  @Index('sticker_packs_name_uq', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  name!: string;

  @Column({ type: 'varchar', length: 64 })
  title!: string;

  @Column({ type: 'varchar', length: 8, default: 'full' })
  style!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @OneToMany(() => PackSticker, (sticker) => sticker.pack)
  stickers?: PackSticker[];
}
