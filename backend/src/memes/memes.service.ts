import { randomBytes, randomUUID } from 'node:crypto';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, QueryFailedError, Repository } from 'typeorm';
import { ErrorText, type MemeDto, type MemeUpdateRequest, type Page } from '@mememint/contracts';
import { ImagesService } from '../media/images.service.js';
import { MediaKeys, mediaUrl } from '../media/media-keys.js';
import { MediaStorage } from '../media/media.storage.js';
import { normalizeCaption } from './caption.js';
import { Meme } from './entities/meme.entity.js';

const SHARE_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const SHARE_ID_LENGTH = 10;

function newShareId(): string {
  return Array.from(
    randomBytes(SHARE_ID_LENGTH),
    (byte) => SHARE_ID_ALPHABET[byte % SHARE_ID_ALPHABET.length],
  ).join('');
}

/** What a finished swap leaves behind, for its meme. */
export interface GeneratedMeme {
  ownerId: number;
  generationId: string;
  templateId: string | null;
  text: string | null;
  imageKey: string;
  thumbnailKey: string;
  width: number;
  height: number;
}

export function toMemeDto(meme: Meme): MemeDto {
  return {
    id: meme.id,
    shareId: meme.shareId,
    text: meme.text,
    isPublished: meme.isPublished,
    imageUrl: mediaUrl(meme.imageKey),
    thumbnailUrl: mediaUrl(meme.thumbnailKey),
    width: meme.width,
    height: meme.height,
    generationId: meme.generationId,
    templateId: meme.templateId,
    likes: meme.likes,
    createdAt: meme.createdAt.toISOString(),
    publishedAt: meme.publishedAt?.toISOString() ?? null,
  };
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const driverError =
    error instanceof QueryFailedError ? (error.driverError as { code?: string; constraint?: string }) : null;
  return driverError?.code === '23505' && driverError.constraint === constraint;
}

/** Players' memes: uploaded photos and swap results, their captions and publishing. */
@Injectable()
export class MemesService {
  constructor(
    @InjectRepository(Meme) private readonly memes: Repository<Meme>,
    private readonly images: ImagesService,
    private readonly storage: MediaStorage,
  ) {}

  /** A player's own photo as a meme (a base to swap faces into). */
  async createFromUpload(ownerId: number, upload: Buffer, text: string | null): Promise<MemeDto> {
    const prepared = await this.images.prepare(upload);
    const id = randomUUID();
    const keys = MediaKeys.memeBase(id);
    await this.storage.write(keys.image, prepared.image);
    await this.storage.write(keys.thumbnail, prepared.thumbnail);
    const meme = await this.memes.save(
      this.memes.create({
        id,
        shareId: newShareId(),
        ownerId,
        text,
        normalizedText: normalizeCaption(text),
        isPublished: false,
        publishedAt: null,
        imageKey: keys.image,
        thumbnailKey: keys.thumbnail,
        width: prepared.width,
        height: prepared.height,
        generationId: null,
        templateId: null,
      }),
    );
    return toMemeDto(meme);
  }

  /** The meme a finished generation produced, inside the transaction that finishes it. */
  async createForGeneration(em: EntityManager, generated: GeneratedMeme): Promise<Meme> {
    const meme = em.create(Meme, {
      id: randomUUID(),
      shareId: newShareId(),
      ...generated,
      normalizedText: normalizeCaption(generated.text),
      isPublished: false,
      publishedAt: null,
    });
    // An insert, not a save: the id is new, so no lookup first; the defaults come back onto `meme`.
    await em.insert(Meme, meme);
    return meme;
  }

  async findByGeneration(generationId: string): Promise<Meme | null> {
    return this.memes.findOneBy({ generationId });
  }

  /** A meme a player may swap a face into: their own, or one published in the feed. */
  async findSwappable(userId: number, id: string): Promise<Meme | null> {
    const meme = await this.memes.findOneBy({ id });
    return meme && (meme.ownerId === userId || meme.isPublished) ? meme : null;
  }

  async history(ownerId: number, page: number, pageSize: number): Promise<Page<MemeDto>> {
    const [rows, total] = await this.memes.findAndCount({
      where: { ownerId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    return { items: rows.map(toMemeDto), page, pageSize, total };
  }

  /**
   * Changes the caption and/or publishes. A published caption must not repeat another published
   * meme's caption (normalised); the unique index decides between two players publishing at once.
   */
  async update(ownerId: number, id: string, changes: MemeUpdateRequest): Promise<MemeDto> {
    const meme = await this.memes.findOneBy({ id, ownerId });
    if (!meme) throw new NotFoundException('Meme not found');
    if (changes.text !== undefined) {
      meme.text = changes.text.trim() === '' ? null : changes.text;
      meme.normalizedText = normalizeCaption(meme.text);
    }
    if (changes.isPublished !== undefined && changes.isPublished !== meme.isPublished) {
      meme.isPublished = changes.isPublished;
      meme.publishedAt = changes.isPublished ? new Date() : null;
    }
    if (meme.isPublished && meme.normalizedText !== null) {
      const taken = await this.memes
        .createQueryBuilder('m')
        .where('m.is_published AND m.normalized_text = :text AND m.id <> :id', {
          text: meme.normalizedText,
          id,
        })
        .getExists();
      if (taken) throw new BadRequestException(ErrorText.originalText);
    }
    try {
      return toMemeDto(await this.memes.save(meme));
    } catch (error) {
      if (isUniqueViolation(error, 'memes_published_caption_uq'))
        throw new BadRequestException(ErrorText.originalText);
      throw error;
    }
  }
}
