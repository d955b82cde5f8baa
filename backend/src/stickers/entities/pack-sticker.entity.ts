import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

import { StickerPack } from './sticker-pack.entity.js';

/** One sticker of a pack: the meme it was made from and Telegram's file id in the set. */
@Entity({ name: 'pack_stickers' })
@Index('pack_stickers_pack_meme_uq', ['packId', 'memeId'], { unique: true })
export class PackSticker {
  @PrimaryColumn({ name: 'file_id', type: 'varchar', length: 255 })
  fileId!: string;

  @Column({ name: 'pack_id', type: 'uuid' })
  packId!: string;

  @ManyToOne(() => StickerPack, (pack) => pack.stickers, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'pack_id' })
  pack?: StickerPack;

  @Column({ name: 'meme_id', type: 'uuid' })
  memeId!: string;

  /** Order in the set (Telegram appends added stickers at the end). */
  @Column({ type: 'integer' })
  position!: number;
}
