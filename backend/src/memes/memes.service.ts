import { randomBytes, randomUUID } from 'node:crypto';

import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  analysisKeyOf,
  ErrorText,
  type FaceRect,
  type MemeDto,
  type MemeFacesDto,
  type MemeUpdateRequest,
  normalizeCaption,
  type NsfwScores,
  type Page,
  type PublicMemeDto,
  toFaceRect,
} from '@mememint/contracts';
import { MediaStore } from '@mememint/media';

import { Clock, utcDay } from '../common/clock.js';
import { AppConfig } from '../config/app.config.js';
import { analysisError, AnalysisQueue } from '../face-analysis/analysis-queue.js';
import { ImagesService } from '../media/images.service.js';
import { MediaKeys, mediaUrl } from '../media/media-keys.js';
import type { User } from '../users/entities/user.entity.js';
import { type AnimationColumns, toAnimationFields } from '../media/animation-fields.js';
import type { Meme } from './entities/meme.entity.js';
import { type MemeModerationState, MemesRepository } from './memes.repository.js';
import { PublishedMemesService } from './published-memes.service.js';
import { CaptionVersions, versionOf } from './caption-versions.js';

const SHARE_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const SHARE_ID_LENGTH = 10;

function newShareId(): string {
  return Array.from(
    randomBytes(SHARE_ID_LENGTH),
    (byte) => SHARE_ID_ALPHABET[byte % SHARE_ID_ALPHABET.length],
  ).join('');
}

/** What a finished swap leaves behind, for its meme. */
export interface GeneratedMeme extends Partial<AnimationColumns> {
  ownerId: number;
  generationId: string;
  templateId: string | null;
  text: string | null;
  imageKey: string;
  thumbnailKey: string;
  /** The result without its caption, when the worker kept it (an animation's: its MP4). */
  plainImageKey: string | null;
  width: number;
  height: number;
  /** The target's faces the swap replaced, when the worker said. */
  faceIndexes?: number[] | null;
  /** The NSFW classifier's scores of the result, when the worker sent them. */
  nsfwScores?: NsfwScores | null;
  /** Set when those scores hold it for an admin's review (not publishable until then). */
  reviewSince?: Date | null;
}

/** The columns a MemeDto shows (an entity, or a row of a query that joins more). */
export type MemeDtoSource = Pick<
  Meme,
  | 'id'
  | 'shareId'
  | 'text'
  | 'isPublished'
  | 'imageKey'
  | 'thumbnailKey'
  | 'width'
  | 'height'
  | 'generationId'
  | 'templateId'
  | 'likes'
  | 'createdAt'
  | 'publishedAt'
> &
  Partial<Pick<Meme, 'faceIndexes'>> &
  Partial<AnimationColumns>;

export function toMemeDto(meme: MemeDtoSource): MemeDto {
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
    ...(meme.faceIndexes ? { faceIndexes: meme.faceIndexes } : {}),
    likes: meme.likes,
    createdAt: meme.createdAt.toISOString(),
    publishedAt: meme.publishedAt?.toISOString() ?? null,
    ...toAnimationFields(meme),
  };
}

/** Answers true when the meme must stay published for now (see `keepPublishedWhile`). */
export type UnpublishBlocker = (memeId: string) => Promise<boolean>;

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
    ...toAnimationFields(meme),
  };
}

const facesUnavailable = () => new ServiceUnavailableException(ErrorText.faceAnalysisUnavailable);

/** Players' memes: uploaded photos and swap results, their captions and publishing. */
@Injectable()
export class MemesService {
  private readonly unpublishBlockers: UnpublishBlocker[] = [];

  constructor(
    private readonly memes: MemesRepository,
    private readonly images: ImagesService,
    private readonly storage: MediaStore,
    private readonly clock: Clock,
    private readonly analyses: AnalysisQueue,
    private readonly config: AppConfig,
    private readonly publishedMemes: PublishedMemesService,
    private readonly versions: CaptionVersions,
  ) {}

  /** A player's own photo as a meme (a base to swap faces into). */
  async createFromUpload(ownerId: number, upload: Buffer, text: string | null): Promise<MemeDto> {
    const prepared = await this.images.prepare(upload);
    const id = randomUUID();
    const keys = MediaKeys.memeBase(id);
    await this.storage.write(keys.image, prepared.image);
    const faces = await this.screenOwnPhoto(keys.image);
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
      plainImageKey: null,
      width: prepared.width,
      height: prepared.height,
      generationId: null,
      templateId: null,
    });
    if (faces) await this.memes.setFaces(id, faces);
    return toMemeDto(meme);
  }

  /**
   * Screens a stored own photo with the worker's analysis (unless NSFW_SCREEN_UPLOADS=0), listing its faces
   * on the way; a refused photo (400 NSFW_IMAGE) or an unanswered one (503) leaves nothing stored.
   */
  private async screenOwnPhoto(imageKey: string): Promise<FaceRect[] | null> {
    if (!this.config.nsfw.screenUploads) return null;
    const outcome = this.analyses.isReady()
      ? await this.analyses.analyse(
          { imageKey, kind: 'template' },
          this.config.generation.analysisTimeoutMs,
          { screen: true },
        )
      : ({ state: 'timeout' } as const);
    if (outcome.state === 'completed') return outcome.result.faces.map((face) => toFaceRect(face.box));
    if (outcome.state === 'failed' && outcome.failure.code === 'NO_FACE') return [];
    await Promise.all([this.storage.remove(imageKey), this.storage.remove(analysisKeyOf(imageKey))]);
    throw analysisError(outcome, {
      noFace: () => new BadRequestException(ErrorText.noFace),
      unavailable: facesUnavailable,
    });
  }

  /**
   * The faces of a meme the player may swap into (their own uploaded base, typically), largest first:
   * analysed by the inference worker on the first ask (the record stays beside the image, so swaps into
   * it skip detection) and kept on the row. 404 for a meme they may not swap into, 503 when no worker
   * answers in time.
   */
  async faces(userId: number, id: string): Promise<MemeFacesDto> {
    const meme = await this.findSwappable(userId, id);
    if (!meme) throw new NotFoundException(ErrorText.memeNotFound);
    if (meme.faces !== null) return { width: meme.width, height: meme.height, faces: meme.faces };
    if (!this.analyses.isReady()) throw facesUnavailable();
    const outcome = await this.analyses.analyse(
      { imageKey: meme.imageKey, kind: 'template' },
      this.config.generation.analysisTimeoutMs,
    );
    let faces: FaceRect[];
    if (outcome.state === 'completed') faces = outcome.result.faces.map((face) => toFaceRect(face.box));
    // A picture without a face is listed with none (a swap into it fails with its code, refunded).
    else if (outcome.state === 'failed' && outcome.failure.code === 'NO_FACE') faces = [];
    else throw facesUnavailable();
    await this.memes.setFaces(meme.id, faces);
    return { width: meme.width, height: meme.height, faces };
  }

  /** The meme a finished generation produced, inside the transaction that finishes it. */
  createForGeneration(em: EntityManager, generated: GeneratedMeme): Promise<Meme> {
    return this.memes.insert(
      {
        id: randomUUID(),
        shareId: newShareId(),
        ...generated,
        faceIndexes: generated.faceIndexes ?? null,
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

  /** A meme of the game that is in the feed now (published, a generation's result), or null. */
  findInFeed(id: string): Promise<Pick<Meme, 'id' | 'ownerId' | 'contestDay'> | null> {
    return this.memes.findInFeed(id);
  }

  /** Moderation's hold on a meme: its row locked in the caller's transaction (null: unknown). */
  lockModerationState(em: EntityManager, id: string): Promise<MemeModerationState | null> {
    return this.memes.lockModerationState(em, id);
  }

  /** Hides a meme from the deck, feed and share page (a time), or shows it again (null). */
  setHiddenAt(em: EntityManager, id: string, hiddenAt: Date | null): Promise<void> {
    return this.memes.setHiddenAt(em, id, hiddenAt);
  }

  /** Ends a generated result's NSFW review (an admin decided). */
  endReview(em: EntityManager, id: string): Promise<void> {
    return this.memes.endReview(em, id);
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

  /** The player's own memes among `ids` (others' and unknown ids are left out), in no order. */
  findOwnMany(ownerId: number, ids: string[]): Promise<Meme[]> {
    return this.memes.findOwnMany(ownerId, ids);
  }

  /** A published meme by its share id, with its author; null when unknown or not published. */
  async findPublished(shareId: string): Promise<PublicMemeDto | null> {
    const meme = await this.memes.findPublishedWithOwner(shareId);
    return meme?.owner ? toPublicMemeDto(meme, meme.owner) : null;
  }

  /** The player's memes, newest first: swap results only (an uploaded base photo is not a meme). */
  async history(ownerId: number, page: number, pageSize: number): Promise<Page<MemeDto>> {
    const [rows, total] = await this.memes.pageOfOwner(ownerId, (page - 1) * pageSize, pageSize);
    return { items: rows.map(toMemeDto), page, pageSize, total };
  }

  /**
   * Lets a module that depends on memes refuse their unpublishing (the feed: a meme with stakes stays
   * published until its day is settled) without memes depending on it.
   */
  keepPublishedWhile(blocker: UnpublishBlocker): void {
    this.unpublishBlockers.push(blocker);
  }

  /**
   * Changes the caption and/or publishes. The first publishing fixes the meme's contest day. A published caption must not repeat another published
   * meme's caption (normalised); the unique index decides between two players publishing at once.
   */
  async update(ownerId: number, id: string, changes: MemeUpdateRequest): Promise<MemeDto> {
    const meme = await this.memes.findOwn(ownerId, id);
    if (!meme) throw new NotFoundException(ErrorText.memeNotFound);
    const wasPublished = meme.isPublished;
    const text = changes.text === undefined ? meme.text : changes.text.trim() === '' ? null : changes.text;
    const redraw = changes.text !== undefined && text !== meme.text;
    if (changes.text !== undefined) {
      meme.text = text;
      meme.normalizedText = normalizeCaption(meme.text);
    }
    if (changes.isPublished !== undefined && changes.isPublished !== meme.isPublished) {
      if (changes.isPublished && meme.reviewSince !== null)
        throw new ConflictException({ detail: ErrorText.inReview, code: 'IN_REVIEW' });
      if (!changes.isPublished) {
        for (const blocks of this.unpublishBlockers)
          if (await blocks(id)) throw new ConflictException(ErrorText.stakedMemeUnpublish);
      }
      const now = this.clock.now();
      meme.isPublished = changes.isPublished;
      meme.publishedAt = changes.isPublished ? now : null;
      if (changes.isPublished && meme.firstPublishedAt === null) {
        meme.firstPublishedAt = now;
        meme.contestDay = utcDay(now);
      }
    }
    if (
      meme.isPublished &&
      meme.normalizedText !== null &&
      (await this.memes.isCaptionPublished(meme.normalizedText, id))
    ) {
      throw new BadRequestException(ErrorText.originalText);
    }
    // The picture (an animation's video) follows its caption: drawn again on the caption-less result
    // (memes made before it was kept keep their picture). Drawn before saving, so a refused caption leaves
    // the old picture as it was.
    const superseded = versionOf(meme);
    if (redraw && meme.plainImageKey !== null) await this.versions.redraw(meme);
    const saved = await this.memes.saveUniqueCaption(meme);
    if (!saved) {
      await this.versions.forget(meme, versionOf(meme), superseded);
      throw new BadRequestException(ErrorText.originalText);
    }
    await this.versions.forget(saved, superseded, versionOf(saved));
    // Everyone's feed and deck load again (`memes:published`, coalesced).
    if (saved.isPublished && !wasPublished) void this.publishedMemes.published();
    return toMemeDto(saved);
  }
}
