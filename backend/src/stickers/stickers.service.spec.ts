import { Readable } from 'node:stream';

import { beforeEach, describe, expect, it } from '@jest/globals';
import { HttpException } from '@nestjs/common';
import type { CreateStickerPackJobData, StickerPackDto, UpdateStickerPackJobData } from '@mememint/contracts';
import type { MediaStore } from '@mememint/media';

import type { MemesService } from '../memes/memes.service.js';
import type { PackWithStickers, StickersRepository } from './stickers.repository.js';
import { StickerJobFailed, type StickersQueue } from './stickers-queue.js';
import { NO_FACE_MASK, StickersService } from './stickers.service.js';

const ANN = 1;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The player's memes: ids 1–200 are Ann's; 1–100 generated (the generation's id is the meme's), the rest uploads. */
class FakeMemes {
  async findOwnMany(ownerId: number, ids: string[]) {
    return ids
      .filter((memeId) => ownerId === ANN && Number(memeId.slice(-12)) <= 200)
      .map((memeId) => {
        const generated = Number(memeId.slice(-12)) <= 100;
        return {
          id: memeId,
          generationId: generated ? memeId : null,
          plainImageKey: generated ? `generations/${memeId}.plain.jpg` : null,
          videoKey: null,
          reviewSince: null,
        };
      });
  }
}

/** Media: every generated meme's face mask but meme 3's (made before masks were kept). */
class FakeStorage {
  async open(key: string) {
    const match = /^generations\/(.+)\.mask\.png$/.exec(key);
    if (!match || Number(match[1]!.slice(-12)) > 100 || match[1] === id(3)) return null;
    return { stream: Readable.from([Buffer.from('png')]), size: 3 };
  }
}

class FakeRepository {
  packs: PackWithStickers[] = [];
  async findOwn(ownerId: number, packId: string) {
    return this.packs.find((pack) => pack.ownerId === ownerId && pack.id === packId) ?? null;
  }
  async listOwn(ownerId: number) {
    return this.packs.filter((pack) => pack.ownerId === ownerId);
  }
}

class FakeQueue {
  created: CreateStickerPackJobData[] = [];
  updated: UpdateStickerPackJobData[] = [];
  failWith: StickerJobFailed | null = null;
  async create(data: CreateStickerPackJobData): Promise<StickerPackDto> {
    if (this.failWith) throw this.failWith;
    this.created.push(data);
    return { id: 'p', name: 'n', title: data.title, link: 'l', stickers: [] };
  }
  async update(data: UpdateStickerPackJobData): Promise<StickerPackDto> {
    this.updated.push(data);
    return { id: data.packId, name: 'n', title: data.title ?? '', link: 'l', stickers: [] };
  }
}

async function status(promise: Promise<unknown>): Promise<[number, string]> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpException) {
      const body = error.getResponse();
      return [
        error.getStatus(),
        typeof body === 'string'
          ? body
          : ((body as { detail?: string; message?: string }).detail ?? (body as { message: string }).message),
      ];
    }
    throw error;
  }
  return [200, ''];
}

describe('StickersService', () => {
  let queue: FakeQueue;
  let repository: FakeRepository;
  let service: StickersService;
  beforeEach(() => {
    queue = new FakeQueue();
    repository = new FakeRepository();
    service = new StickersService(
      repository as unknown as StickersRepository,
      new FakeMemes() as unknown as MemesService,
      queue as unknown as StickersQueue,
      new FakeStorage() as unknown as MediaStore,
    );
  });

  it('needs at least one sticker, at most 120, only the player’s memes, and queues them once each in order', async () => {
    expect(await status(service.create(ANN, { title: 'x', memeIds: [] }))).toEqual([
      400,
      'Select at least one sticker',
    ]);
    const many = Array.from({ length: 121 }, (_, n) => id(n + 1));
    expect((await status(service.create(ANN, { title: 'x', memeIds: many })))[0]).toBe(400);
    expect((await status(service.create(ANN, { title: 'x', memeIds: [id(1), id(500)] })))[0]).toBe(400);
    expect(queue.created).toEqual([]);

    await service.create(ANN, { title: ' Mine ', memeIds: [id(2), id(1), id(2)] });
    expect(queue.created).toEqual([{ userId: ANN, title: 'Mine', memeIds: [id(2), id(1)], style: 'full' }]);
  });

  it('makes "face" stickers only of memes whose swap kept its face mask', async () => {
    for (const without of [id(3), id(150)])
      expect(
        await status(service.create(ANN, { title: 'x', memeIds: [id(1), without], style: 'face' })),
      ).toEqual([400, NO_FACE_MASK]);
    expect(queue.created).toEqual([]);
    await service.create(ANN, { title: 'x', memeIds: [id(1), id(2)], style: 'face' });
    expect(queue.created).toEqual([{ userId: ANN, title: 'x', memeIds: [id(1), id(2)], style: 'face' }]);
    // An upload or an older meme still makes a "full" sticker.
    await service.create(ANN, { title: 'x', memeIds: [id(3), id(150)] });
    expect(queue.created[1]).toMatchObject({ style: 'full' });
  });

  it('answers 502 when Telegram refused and 503 when it was unavailable', async () => {
    queue.failWith = new StickerJobFailed('BOT_API_ERROR', 'Telegram refused');
    expect(await status(service.create(ANN, { title: 'x', memeIds: [id(1)] }))).toEqual([
      502,
      'Telegram refused',
    ]);
    queue.failWith = new StickerJobFailed('BOT_API_UNAVAILABLE', 'Telegram is unavailable');
    expect(await status(service.create(ANN, { title: 'x', memeIds: [id(1)] }))).toEqual([
      503,
      'Telegram is unavailable',
    ]);
    queue.failWith = new StickerJobFailed('WORKER_UNAVAILABLE', 'Face stickers cannot be made now');
    expect(await status(service.create(ANN, { title: 'x', memeIds: [id(1)], style: 'face' }))).toEqual([
      503,
      'Face stickers cannot be made now',
    ]);
  });

  it('edits only what changes, never down to no sticker, and only the owner’s pack', async () => {
    repository.packs = [
      {
        id: 'p1',
        ownerId: ANN,
        name: 'n',
        title: 'Old',
        style: 'full',
        createdAt: new Date(),
        stickers: [
          { packId: 'p1', memeId: id(1), fileId: 'f1', position: 0 },
          { packId: 'p1', memeId: id(2), fileId: 'f2', position: 1 },
        ],
      },
    ];
    expect((await status(service.update(2, 'p1', { title: 'Mine' })))[0]).toBe(404);
    expect(await status(service.update(ANN, 'p1', { remove: [id(1), id(2)] }))).toEqual([
      400,
      'Select at least one sticker',
    ]);
    // Nothing to do: no job.
    await service.update(ANN, 'p1', { add: [id(1)], remove: [id(3)], title: 'Old' });
    expect(queue.updated).toEqual([]);

    await service.update(ANN, 'p1', { add: [id(1), id(3)], remove: [id(2), id(9)], title: 'New' });
    expect(queue.updated).toEqual([
      { userId: ANN, packId: 'p1', add: [id(3)], remove: [id(2)], title: 'New', style: 'full' },
    ]);

    // A face pack takes only memes with their face mask.
    repository.packs[0]!.style = 'face';
    expect(await status(service.update(ANN, 'p1', { add: [id(3)] }))).toEqual([400, NO_FACE_MASK]);
    await service.update(ANN, 'p1', { add: [id(4)] });
    expect(queue.updated[1]).toMatchObject({ add: [id(4)], style: 'face' });
  });
});
