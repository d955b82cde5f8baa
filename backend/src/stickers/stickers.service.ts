import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  ErrorText,
  STICKER_PACK_MAX,
  type StickerPackCreateRequest,
  type StickerPackDto,
  type StickerPackListDto,
  type StickerPackUpdateRequest,
  type StickerStyle,
} from '@mememint/contracts';
import { MediaStore } from '@mememint/media';

import { MemesService } from '../memes/memes.service.js';
import { faceStickerSources, videoStickerSources } from './sticker-images.js';
import { toStickerPackDto } from './stickers.processor.js';
import { StickerJobFailed, StickersQueue } from './stickers-queue.js';
import { StickersRepository } from './stickers.repository.js';

export const SELECT_AT_LEAST_ONE = 'Select at least one sticker';
export const PACK_NOT_FOUND = 'Sticker pack not found';
export const NO_FACE_MASK =
  'The "face" style needs memes generated since face stickers exist: choose "full" for older or uploaded memes';

/** Sticker packs from a player's memes (GAME.md "Stickers"): the rules; the queued job does the work. */
@Injectable()
export class StickersService {
  constructor(
    private readonly stickers: StickersRepository,
    private readonly memes: MemesService,
    private readonly queue: StickersQueue,
    private readonly storage: MediaStore,
  ) {}

  async list(userId: number): Promise<StickerPackListDto> {
    return { items: (await this.stickers.listOwn(userId)).map(toStickerPackDto) };
  }

  async create(userId: number, request: StickerPackCreateRequest): Promise<StickerPackDto> {
    const memeIds = [...new Set(request.memeIds)];
    if (!memeIds.length) throw new BadRequestException(SELECT_AT_LEAST_ONE);
    if (memeIds.length > STICKER_PACK_MAX)
      throw new BadRequestException(`A sticker pack holds at most ${STICKER_PACK_MAX} stickers`);
    const style = request.style ?? 'full';
    await this.checkOwn(userId, memeIds, style);
    return this.run(() => this.queue.create({ userId, title: request.title.trim(), memeIds, style }));
  }

  async update(userId: number, packId: string, request: StickerPackUpdateRequest): Promise<StickerPackDto> {
    const pack = await this.stickers.findOwn(userId, packId);
    if (!pack) throw new NotFoundException(PACK_NOT_FOUND);
    const inPack = new Set(pack.stickers.map((sticker) => sticker.memeId));
    const remove = [...new Set(request.remove ?? [])].filter((memeId) => inPack.has(memeId));
    const add = [...new Set(request.add ?? [])].filter((memeId) => !inPack.has(memeId));
    const left = pack.stickers.length - remove.length + add.length;
    if (left < 1) throw new BadRequestException(SELECT_AT_LEAST_ONE);
    if (left > STICKER_PACK_MAX)
      throw new BadRequestException(`A sticker pack holds at most ${STICKER_PACK_MAX} stickers`);
    const style = pack.style === 'face' ? 'face' : 'full';
    await this.checkOwn(userId, add, style);
    const title = request.title?.trim();
    if (!add.length && !remove.length && (title === undefined || title === pack.title))
      return toStickerPackDto(pack);
    return this.run(() => this.queue.update({ userId, packId, add, remove, title, style }));
  }

  /** The player's own memes only; for `face`, each with the face mask its swap kept (none before it was kept). */
  private async checkOwn(userId: number, memeIds: string[], style: StickerStyle): Promise<void> {
    if (!memeIds.length) return;
    const own = await this.memes.findOwnMany(userId, memeIds);
    if (own.length !== memeIds.length) throw new BadRequestException(ErrorText.ownMemesOnlyStickers);
    // A meme held for NSFW review is not shared as a sticker either (GAME.md "Stickers").
    if (own.some((meme) => meme.reviewSince !== null))
      throw new ConflictException({ detail: ErrorText.inReview, code: 'IN_REVIEW' });
    if (style !== 'face') return;
    for (const meme of own) {
      const video = videoStickerSources(meme);
      const key = video ? video.tracksKey : faceStickerSources(meme)?.maskKey;
      if (!key || !(await this.stored(key))) throw new BadRequestException(NO_FACE_MASK);
    }
  }

  private async stored(key: string): Promise<boolean> {
    const object = await this.storage.open(key);
    object?.stream.destroy();
    return object !== null;
  }

  /** A Bot API failure: 502 when Telegram refused, 503 when it could not be reached. */
  private async run(job: () => Promise<StickerPackDto>): Promise<StickerPackDto> {
    try {
      return await job();
    } catch (error) {
      if (!(error instanceof StickerJobFailed)) throw error;
      if (error.code === 'BOT_API_ERROR') throw new BadGatewayException({ detail: error.detail });
      if (error.code === 'NSFW_IMAGE')
        throw new BadRequestException({ detail: ErrorText.nsfwImage, code: 'NSFW_IMAGE' });
      if (error.code === 'BOT_API_UNAVAILABLE' || error.code === 'WORKER_UNAVAILABLE')
        throw new ServiceUnavailableException({ detail: error.detail });
      throw new Error(`sticker job failed: ${error.detail}`, { cause: error });
    }
  }
}
