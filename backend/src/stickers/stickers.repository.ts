import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';

import { PackSticker } from './entities/pack-sticker.entity.js';
import { StickerPack } from './entities/sticker-pack.entity.js';

export type PackWithStickers = StickerPack & { stickers: PackSticker[] };

/** The sticker_packs and pack_stickers tables. */
@Injectable()
export class StickersRepository {
  constructor(
    @InjectRepository(StickerPack) private readonly packs: Repository<StickerPack>,
    @InjectRepository(PackSticker) private readonly stickers: Repository<PackSticker>,
  ) {}

  async insert(
    em: EntityManager,
    pack: Pick<StickerPack, 'id' | 'ownerId' | 'name' | 'title' | 'style'>,
    stickers: { memeId: string; fileId: string }[],
  ): Promise<void> {
    await em.getRepository(StickerPack).insert(pack);
    await this.append(em, pack.id, 0, stickers);
  }

  async append(
    em: EntityManager,
    packId: string,
    from: number,
    stickers: { memeId: string; fileId: string }[],
  ): Promise<void> {
    if (!stickers.length) return;
    await em
      .getRepository(PackSticker)
      .insert(stickers.map((sticker, index) => ({ ...sticker, packId, position: from + index })));
  }

  async removeFiles(em: EntityManager, packId: string, fileIds: string[]): Promise<void> {
    if (fileIds.length)
      await em.getRepository(PackSticker).delete(fileIds.map((fileId) => ({ packId, fileId })));
  }

  async setTitle(em: EntityManager, packId: string, title: string): Promise<void> {
    await em.getRepository(StickerPack).update({ id: packId }, { title });
  }

  async findOwn(ownerId: number, id: string): Promise<PackWithStickers | null> {
    const pack = await this.packs.findOne({
      where: { id, ownerId },
      relations: { stickers: true },
      order: { stickers: { position: 'ASC' } },
    });
    return pack as PackWithStickers | null;
  }

  async listOwn(ownerId: number): Promise<PackWithStickers[]> {
    return (await this.packs.find({
      where: { ownerId },
      relations: { stickers: true },
      order: { createdAt: 'DESC', stickers: { position: 'ASC' } },
    })) as PackWithStickers[];
  }

  async nextPosition(packId: string): Promise<number> {
    const row = await this.stickers
      .createQueryBuilder('s')
      .select('COALESCE(MAX(s.position) + 1, 0)', 'next')
      .where('s.pack_id = :packId', { packId })
      .getRawOne<{ next: number }>();
    return Number(row?.next ?? 0);
  }
}
