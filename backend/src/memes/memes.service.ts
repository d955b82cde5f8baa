import { randomBytes, randomUUID } from 'node:crypto';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  ErrorText,
  type MemeDto,
  type MemeUpdateRequest,
  type Page,
  type PublicMemeDto,
} from '@mememint/contracts';
import { ImagesService } from '../media/images.service.js';
import { MediaKeys, mediaUrl } from '../media/media-keys.js';
import { MediaStorage } from '../media/media.storage.js';
import type { User } from '../users/entities/user.entity.js';
import { normalizeCaption } from './caption.js';
import type { Meme } from './entities/meme.entity.js';
import { MemesRepository } from './memes.repository.js';

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

/** A published meme with its author, as anyone may see it (the `/i/:shareId` page). */
function toPublicMemeDto(meme: Meme, author: User): PublicMemeDto {
  return {
    id: meme.id,
    shareId: meme.shareId,
    text: meme.text,
    imageUrl: mediaUrl(meme.imageKey),
    thumbnailUrl: mediaUrl(meme.thumbnailKey),
    width: meme.width,
    height: meme.height,
    likes: meme.likes,
    publishedAt: (meme.publishedAt ?? meme.createdAt).toISOString(),
    author: { username: author.username, firstName: author.firstName, photoUrl: author.photoUrl },
  };
}

/** Players' memes: uploaded photos and swap results, their captions and publishing. */
@Injectable()
export class MemesService {
  constructor(
    private readonly memes: MemesRepository,
    private readonly images: ImagesService,
    private readonly storage: MediaStorage,
  ) {}

  /** A player's own photo as a meme (a base to swap faces into). */
  async createFromUpload(ownerId: number, upload: Buffer, text: string | null): Promise<MemeDto> {
    const prepared = await this.images.prepare(upload);
    const id = randomUUID();
    const keys = MediaKeys.memeBase(id);
    await this.storage.write(keys.image, prepared.image);
    await this.storage.write(keys.thumbnail, await this.images.thumbnail(prepared.image));
    const meme = await this.memes.insert({
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
    });
    return toMemeDto(meme);
  }

  /** The meme a finished generation produced, inside the transaction that finishes it. */
  createForGeneration(em: EntityManager, generated: GeneratedMeme): Promise<Meme> {
    return this.memes.insert(
      {
        id: randomUUID(),
        shareId: newShareId(),
        ...generated,
        normalizedText: normalizeCaption(generated.text),
        isPublished: false,
        publishedAt: null,
      },
      em,
    );
  }

  async findByGeneration(generationId: string): Promise<Meme | null> {
    return this.memes.findByGeneration(generationId);
  }

  /** The player has published a meme (the "publish a meme" quest; a meme is a generation's result). */
  async hasPublished(ownerId: number): Promise<boolean> {
    return this.memes.hasPublished(ownerId);
  }

  /** A meme a player may swap a face into: their own, or one published in the feed. */
  async findSwappable(userId: number, id: string): Promise<Meme | null> {
    const meme = await this.memes.findById(id);
    return meme && (meme.ownerId === userId || meme.isPublished) ? meme : null;
  }

  /** A published meme by its share id, with its author; null when unknown or not published. */
  async findPublished(shareId: string): Promise<PublicMemeDto | null> {
    const meme = await this.memes.findPublishedWithOwner(shareId);
    return meme?.owner ? toPublicMemeDto(meme, meme.owner) : null;
  }

  async history(ownerId: number, page: number, pageSize: number): Promise<Page<MemeDto>> {
    const [rows, total] = await this.memes.pageOfOwner(ownerId, (page - 1) * pageSize, pageSize);
    return { items: rows.map(toMemeDto), page, pageSize, total };
  }

  /**
   * Changes the caption and/or publishes. A published caption must not repeat another published
   * meme's caption (normalised); the unique index decides between two players publishing at once.
   */
  async update(ownerId: number, id: string, changes: MemeUpdateRequest): Promise<MemeDto> {
    const meme = await this.memes.findOwn(ownerId, id);
    if (!meme) throw new NotFoundException('Meme not found');
    if (changes.text !== undefined) {
      meme.text = changes.text.trim() === '' ? null : changes.text;
      meme.normalizedText = normalizeCaption(meme.text);
    }
    if (changes.isPublished !== undefined && changes.isPublished !== meme.isPublished) {
      meme.isPublished = changes.isPublished;
      meme.publishedAt = changes.isPublished ? new Date() : null;
    }
    if (
      meme.isPublished &&
      meme.normalizedText !== null &&
      (await this.memes.isCaptionPublished(meme.normalizedText, id))
    ) {
      throw new BadRequestException(ErrorText.originalText);
    }
    const saved = await this.memes.saveUniqueCaption(meme);
    if (!saved) throw new BadRequestException(ErrorText.originalText);
    return toMemeDto(saved);
  }
}
