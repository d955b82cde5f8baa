import { randomBytes, randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';

import { Logger } from '@nestjs/common';
import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import {
  CREATE_STICKER_PACK_JOB,
  type CreateStickerPackJobData,
  formatFailure,
  isNsfw,
  isNsfwScores,
  STICKERS_QUEUE,
  type StickerPackDto,
  type StickerStyle,
  UPDATE_STICKER_PACK_JOB,
  type UpdateStickerPackJobData,
} from '@mememint/contracts';
import type { InputSticker } from '@grammyjs/types';
import { MediaStore } from '@mememint/media';

import { AppConfig } from '../config/app.config.js';
import { Transactions } from '../database/transactions.js';
import { MemesService } from '../memes/memes.service.js';
import { QuestsService } from '../quests/quests.service.js';
import { PlayerSockets } from '../realtime/player-sockets.js';
import { BotApiClient, BotApiFile } from '../telegram/bot-api.client.js';
import {
  BotApiError,
  BotApiUnavailableError,
  BotApiUnexpectedAnswerError,
} from '../telegram/bot-api.errors.js';
import type { Meme } from '../memes/entities/meme.entity.js';
import { MediaKeys } from '../media/media-keys.js';
import { CaptionQueue, CaptionUnavailableError } from '../memes/caption-queue.js';
import { faceStickerSources, memeToSticker, stickerSetName, videoStickerSources } from './sticker-images.js';
import { VideoStickerQueue } from './video-sticker-queue.js';
import { StickersRepository, type PackWithStickers } from './stickers.repository.js';

/** createNewStickerSet takes 1–50 stickers; the rest go through addStickerToSet. */
const INITIAL_MAX = 50;
const EMOJI = ['😀'];

/** A rendered sticker and its Bot API format: a WEBP is `static`, a WEBM `video`. */
interface StickerFile {
  file: BotApiFile;
  format: 'static' | 'video';
}

function inputSticker({ file, format }: StickerFile): InputSticker<BotApiFile> {
  return { sticker: file, format, emoji_list: EMOJI };
}

export function toStickerPackDto(pack: PackWithStickers): StickerPackDto {
  return {
    id: pack.id,
    name: pack.name,
    title: pack.title,
    link: `https://t.me/addstickers/${pack.name}`,
    stickers: [...pack.stickers]
      .sort((a, b) => a.position - b.position)
      .map((sticker) => ({ memeId: sticker.memeId, fileId: sticker.fileId })),
  };
}

/** A Bot API failure as the job's typed failure (the API answers 502 or 503 from it). */
function asJobFailure(error: unknown, kept?: string): Error {
  const suffix = kept ? ` (${kept})` : '';
  if (error instanceof BotApiError)
    return new Error(
      formatFailure('BOT_API_ERROR', `Telegram refused ${error.method}: ${error.description}${suffix}`),
    );
  if (error instanceof BotApiUnexpectedAnswerError)
    return new Error(
      formatFailure(
        'BOT_API_ERROR',
        `Telegram answered ${error.method} unexpectedly: ${error.problem}${suffix}`,
      ),
    );
  if (error instanceof BotApiUnavailableError)
    return new Error(
      formatFailure('BOT_API_UNAVAILABLE', `Telegram is unavailable: ${error.reason}${suffix}`),
    );
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Runs the stickers queue in the backend: renders each meme as a 512 px WEBP (sharp) and makes or
 * changes the Telegram set through the Bot API, reporting `stickers:progress` to the player. A pack
 * row is written only once Telegram made the set; a failure part-way deletes the new set, or, when
 * changing a pack, keeps (and says) what was done.
 */
@Processor(STICKERS_QUEUE)
export class StickersProcessor {
  private readonly logger = new Logger(StickersProcessor.name);
  private botUsername?: Promise<string>;

  constructor(
    private readonly bot: BotApiClient,
    private readonly stickers: StickersRepository,
    private readonly memes: MemesService,
    private readonly storage: MediaStore,
    private readonly quests: QuestsService,
    private readonly sockets: PlayerSockets,
    private readonly transactions: Transactions,
    private readonly workerJobs: CaptionQueue,
    private readonly videoStickers: VideoStickerQueue,
    private readonly config: AppConfig,
  ) {}

  @Process(CREATE_STICKER_PACK_JOB)
  async create(job: Job<CreateStickerPackJobData>): Promise<StickerPackDto> {
    const { userId, title, memeIds, style } = job.data;
    const jobId = String(job.id);
    const total = memeIds.length;
    const progress = (done: number) =>
      this.sockets.emitToUser(userId, 'stickers:progress', { jobId, done, total });
    progress(0);
    const files = await this.render(userId, memeIds, style);

    let name: string;
    try {
      name = stickerSetName(title, await this.username(), randomBytes(4).toString('hex'));
    } catch (error) {
      throw asJobFailure(error);
    }
    try {
      await this.bot.call('createNewStickerSet', {
        user_id: userId,
        name,
        title,
        stickers: files.slice(0, INITIAL_MAX).map(inputSticker),
      });
    } catch (error) {
      throw asJobFailure(error);
    }
    try {
      let done = Math.min(INITIAL_MAX, total);
      progress(done);
      for (const file of files.slice(INITIAL_MAX)) {
        await this.bot.call('addStickerToSet', { user_id: userId, name, sticker: inputSticker(file) });
        progress(++done);
      }
      const set = await this.bot.call('getStickerSet', { name });
      if (!Array.isArray(set.stickers) || set.stickers.length !== total)
        throw new BotApiUnexpectedAnswerError(
          'getStickerSet',
          `the set lists ${Array.isArray(set.stickers) ? set.stickers.length : 'no'} stickers, not the ${total} sent`,
        );
      const pack = { id: randomUUID(), ownerId: userId, name, title, style };
      const rows = memeIds.map((memeId, index) => ({ memeId, fileId: set.stickers[index]!.file_id }));
      await this.transactions.run(async (em) => {
        // The quest first: its ledger change locks the player's row before the pack's foreign key
        // takes its share lock, so two packs made at once cannot deadlock.
        await this.quests.complete(userId, 'sticker_pack', em);
        await this.stickers.insert(em, pack, rows);
      });
      return toStickerPackDto({
        ...pack,
        createdAt: new Date(),
        stickers: rows.map((row, position) => ({ ...row, packId: pack.id, position })),
      });
    } catch (error) {
      // Nothing half-made stays: the set goes, as no row holds it.
      await this.bot.call('deleteStickerSet', { name }).catch((cleanup: unknown) => {
        this.logger.error({ name, error: String(cleanup) }, 'Could not delete a sticker set made part-way');
      });
      throw asJobFailure(error, 'the new set was deleted');
    }
  }

  @Process(UPDATE_STICKER_PACK_JOB)
  async update(job: Job<UpdateStickerPackJobData>): Promise<StickerPackDto> {
    const { userId, packId, add, remove, title, style } = job.data;
    const jobId = String(job.id);
    const total = add.length + remove.length + (title !== undefined ? 1 : 0);
    let done = 0;
    const progress = () => this.sockets.emitToUser(userId, 'stickers:progress', { jobId, done, total });
    const pack = await this.stickers.findOwn(userId, packId);
    if (!pack) throw new Error(`pack ${packId} is gone`);
    progress();
    const kept: string[] = [];
    try {
      if (title !== undefined && title !== pack.title) {
        await this.bot.call('setStickerSetTitle', { name: pack.name, title });
        await this.transactions.run((em) => this.stickers.setTitle(em, pack.id, title));
        kept.push('title changed');
      }
      done += title !== undefined ? 1 : 0;
      progress();
      let removed = 0;
      for (const memeId of remove) {
        const sticker = pack.stickers.find((candidate) => candidate.memeId === memeId);
        if (sticker) {
          await this.bot.call('deleteStickerFromSet', { sticker: sticker.fileId });
          await this.transactions.run((em) => this.stickers.removeFiles(em, pack.id, [sticker.fileId]));
          removed++;
        }
        done++;
        progress();
      }
      if (removed) kept.push(`${removed} removed`);
      const files = await this.render(userId, add, style);
      let position = await this.stickers.nextPosition(pack.id);
      let added = 0;
      for (const [index, file] of files.entries()) {
        await this.bot.call('addStickerToSet', {
          user_id: userId,
          name: pack.name,
          sticker: inputSticker(file),
        });
        const set = await this.bot.call('getStickerSet', { name: pack.name });
        const fileId = Array.isArray(set.stickers) ? set.stickers.at(-1)?.file_id : undefined;
        if (typeof fileId !== 'string')
          throw new BotApiUnexpectedAnswerError(
            'getStickerSet',
            'the set lists no sticker after one was added',
          );
        await this.transactions.run((em) =>
          this.stickers.append(em, pack.id, position++, [{ memeId: add[index]!, fileId }]),
        );
        added++;
        done++;
        progress();
      }
      if (added) kept.push(`${added} added`);
    } catch (error) {
      throw asJobFailure(error, kept.length ? `kept: ${kept.join(', ')}` : 'nothing changed');
    }
    return toStickerPackDto((await this.stickers.findOwn(userId, packId))!);
  }

  /**
   * The memes as sticker files of the pack's style, in the given order: a still as a WEBP (static), an
   * animation as a WEBM (video) the worker made; a pack may mix them (Bot API 7.2's InputSticker.format).
   */
  private async render(userId: number, memeIds: string[], style: StickerStyle): Promise<StickerFile[]> {
    const memes = new Map((await this.memes.findOwnMany(userId, memeIds)).map((meme) => [meme.id, meme]));
    const files: StickerFile[] = [];
    for (const memeId of memeIds) {
      const meme = memes.get(memeId);
      if (!meme) throw new Error(`meme ${memeId} is not the player's`);
      if (meme.videoKey !== null) {
        files.push({
          file: new BotApiFile(await this.videoSticker(meme, style), `${memeId}.webm`),
          format: 'video',
        });
        continue;
      }
      const sticker =
        style === 'face' ? await this.faceSticker(meme) : await memeToSticker(await this.read(meme.imageKey));
      files.push({ file: new BotApiFile(sticker, `${memeId}.webp`), format: 'static' });
    }
    return files;
  }

  /**
   * An animated meme as a video sticker WEBM, made by the worker (the animation queue) and read once;
   * refused when its screened frames score NSFW at the configured thresholds.
   */
  private async videoSticker(meme: Meme, style: StickerStyle): Promise<Buffer> {
    const sources = videoStickerSources(meme);
    if (!sources) throw new Error(`meme ${meme.id} has no video`);
    const resultKey = MediaKeys.videoSticker(meme.generationId!, randomBytes(6).toString('hex'));
    try {
      const made = await this.videoStickers.render({
        videoKey: sources.videoKey,
        style,
        ...(style === 'face' ? { tracksKey: sources.tracksKey } : {}),
        resultKey,
      });
      if (made.nsfw && isNsfwScores(made.nsfw) && isNsfw(made.nsfw, this.config.nsfw))
        throw new Error(formatFailure('NSFW_IMAGE', `the video sticker of meme ${meme.id} scores NSFW`));
      return await this.read(resultKey);
    } finally {
      await this.storage.remove(resultKey);
    }
  }

  /**
   * The face cut out along the mask its swap kept (the service checked it is there) by the worker (the
   * caption queue's quick jobs), encoded here like any sticker; the worker's PNG is removed once read.
   */
  private async faceSticker(meme: Meme): Promise<Buffer> {
    const sources = faceStickerSources(meme);
    if (!sources) throw new Error(`meme ${meme.id} has no face mask`);
    const resultKey = MediaKeys.faceSticker(meme.generationId!, randomBytes(6).toString('hex'));
    try {
      await this.workerJobs.faceSticker({ ...sources, text: meme.text ?? '', resultKey });
    } catch (error) {
      if (error instanceof CaptionUnavailableError)
        throw new Error(
          formatFailure('WORKER_UNAVAILABLE', 'Face stickers cannot be made now, try again later'),
          { cause: error },
        );
      throw error;
    }
    try {
      return await memeToSticker(await this.read(resultKey));
    } finally {
      await this.storage.remove(resultKey);
    }
  }

  private async read(key: string): Promise<Buffer> {
    const object = await this.storage.open(key);
    if (!object) throw new Error(`media ${key} is missing`);
    return buffer(object.stream);
  }

  /** The bot's username (set names end in `_by_<it>`), asked once. */
  private username(): Promise<string> {
    this.botUsername ??= this.bot.call('getMe', {}).then(
      (me) => me.username,
      (error: unknown) => {
        this.botUsername = undefined;
        throw error;
      },
    );
    return this.botUsername;
  }
}
