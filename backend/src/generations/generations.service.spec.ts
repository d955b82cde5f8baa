import { beforeEach, describe, expect, it } from '@jest/globals';
import { HttpException, HttpStatus } from '@nestjs/common';
import { ErrorText, type JobFailure, type SwapJobData } from '@mememint/contracts';
import type { EntityManager } from 'typeorm';

import { AppConfig } from '../config/app.config.js';
import type { Transactions } from '../database/transactions.js';
import { InsufficientBalanceError } from '../ledger/ledger.errors.js';
import type { LedgerOptions, LedgerService } from '../ledger/ledger.service.js';
import { MediaKeys } from '../media/media-keys.js';
import type { MemesService } from '../memes/memes.service.js';
import { MetricsService } from '../metrics/metrics.service.js';
import type { Template } from '../templates/entities/template.entity.js';
import type { TemplatesService } from '../templates/templates.service.js';
import type { User } from '../users/entities/user.entity.js';
import type { Generation } from './entities/generation.entity.js';
import type { GenerationOutcomesService } from './generation-outcomes.service.js';
import type { GenerationQueue } from './generation-queue.js';
import type { GenerationsRepository, NewGeneration } from './generations.repository.js';
import { GenerationsService } from './generations.service.js';
import type { PlayerFacesService } from './player-faces.service.js';

const PLAYER = 7001;
const TEMPLATE_ID = '00000000-0000-4000-8000-000000000001';
const PREMIUM_ID = '00000000-0000-4000-8000-000000000002';
const config = new AppConfig({ DATABASE_URL: 'postgres://127.0.0.1/unused' });

/** The generations table in memory; `freeWait` is what the free-window query would answer. */
class FakeGenerationsRepository {
  readonly rows = new Map<string, Generation>();
  readonly faces = new Map<number, string>();
  freeWait: number | null = null;

  async insert(_em: EntityManager, generation: NewGeneration): Promise<void> {
    this.rows.set(generation.id, { ...generation, status: 'queued', progress: 0 } as Generation);
  }
  async findOwn(userId: number, id: string) {
    const row = this.rows.get(id);
    return row?.userId === userId ? row : null;
  }
  async setRating(id: string, rating: number) {
    this.rows.get(id)!.rating = rating;
  }
  async freeGenerationWait() {
    return this.freeWait;
  }
  async countOpen(_em: EntityManager, userId: number) {
    return [...this.rows.values()].filter(
      (row) => row.userId === userId && (row.status === 'queued' || row.status === 'processing'),
    ).length;
  }
  async findFaceKey(userId: number) {
    return this.faces.get(userId) ?? null;
  }
  async saveFaceKey(userId: number, faceKey: string) {
    this.faces.set(userId, faceKey);
  }
}

class FakeQueue {
  ready = true;
  failNextAdd = false;
  readonly jobs: { id: string; data: SwapJobData }[] = [];
  isReady() {
    return this.ready;
  }
  async enqueueSwap(id: string, data: SwapJobData) {
    if (this.failNextAdd) throw new Error('Connection is closed.');
    this.jobs.push({ id, data });
  }
}

/** The ledger of one player's credits. */
class FakeLedger {
  credits = 0;
  readonly spent: LedgerOptions[] = [];
  async spendCredits(_userId: number, amount: number, options: LedgerOptions) {
    if (this.credits < amount) throw new InsufficientBalanceError('credits', amount, this.credits);
    this.credits -= amount;
    this.spent.push(options);
    return { balances: { generationLimit: this.credits, memeCoins: 0, swipes: 0 } };
  }
}

function player(changes: Partial<User> = {}): User {
  return { tgId: PLAYER, boostEnds: null, ...changes } as User;
}

function template(id: string, isPremium: boolean): Template {
  return {
    id,
    isPremium,
    enabled: true,
    imageKey: `templates/${id}.jpg`,
    caption: 'top\nbottom',
    captions: { ru: 'верх\nниз' },
  } as Template;
}

describe('GenerationsService', () => {
  let generations: FakeGenerationsRepository;
  let queue: FakeQueue;
  let ledger: FakeLedger;
  let stored: string[];
  let failed: { id: string; failure: JobFailure }[];
  let service: GenerationsService;

  beforeEach(() => {
    generations = new FakeGenerationsRepository();
    queue = new FakeQueue();
    ledger = new FakeLedger();
    stored = [];
    failed = [];
    const transactions = {
      run: (work: (em: EntityManager) => Promise<unknown>) => work({} as EntityManager),
    };
    const templates = {
      findById: async (id: string) =>
        id === TEMPLATE_ID ? template(id, false) : id === PREMIUM_ID ? template(id, true) : null,
    };
    // The face check itself (the worker's analyse job) is tested end to end in player-faces.e2e-spec.ts.
    const faces = {
      check: async (userId: number) => {
        const faceKey = `faces/${userId}/checked-${stored.length}.jpg`;
        stored.push(faceKey);
        return { userId, faceKey, analysis: { faces: [], check: { passed: true, face: 0, notices: [] } } };
      },
      accept: async (checked: { userId: number; faceKey: string }) =>
        generations.saveFaceKey(checked.userId, checked.faceKey),
      forget: async (faceKey: string) => void (stored = stored.filter((key) => key !== faceKey)),
    };
    const outcomes = { fail: async (id: string, failure: JobFailure) => void failed.push({ id, failure }) };
    service = new GenerationsService(
      generations as unknown as GenerationsRepository,
      queue as unknown as GenerationQueue,
      transactions as unknown as Transactions,
      ledger as unknown as LedgerService,
      templates as unknown as TemplatesService,
      { findSwappable: async () => null } as unknown as MemesService,
      faces as unknown as PlayerFacesService,
      outcomes as unknown as GenerationOutcomesService,
      config,
      new MetricsService(),
    );
  });

  it('charges a credit, records the generation with its cost and queues the swap under its id', async () => {
    ledger.credits = 2;
    const photo = Buffer.from('jpeg');
    const created = await service.start(player(), { photo, templateId: TEMPLATE_ID });

    expect(created.status).toBe('queued');
    expect(ledger.spent).toEqual([{ reason: 'generation', idempotencyKey: `generation:${created.id}` }]);
    expect(ledger.credits).toBe(1);
    const row = generations.rows.get(created.id)!;
    expect(row).toMatchObject({ userId: PLAYER, templateId: TEMPLATE_ID, cost: 1, text: 'top\nbottom' });
    expect(stored).toEqual([row.faceKey]);
    expect(generations.faces.get(PLAYER)).toBe(row.faceKey);
    const keys = MediaKeys.generation(created.id);
    expect(queue.jobs).toEqual([
      {
        id: created.id,
        data: {
          faceKey: row.faceKey,
          targetKey: `templates/${TEMPLATE_ID}.jpg`,
          text: 'top\nbottom',
          faces: 'largest',
          resultKey: keys.image,
          thumbnailKey: keys.thumbnail,
          // The caption-less result too, for a caption edited later.
          plainKey: keys.plain,
          // And the faces' mask, for face stickers.
          maskKey: keys.mask,
        },
      },
    ]);
  });

  it("without a caption of its own a meme takes the template's caption in the player's language", async () => {
    ledger.credits = 2;
    generations.faces.set(PLAYER, 'faces/7001/current.jpg');
    const russian = await service.start(player({ languageCode: 'ru' }), { templateId: TEMPLATE_ID });
    const english = await service.start(player({ languageCode: 'en' }), { templateId: TEMPLATE_ID });

    expect(generations.rows.get(russian.id)).toMatchObject({ text: 'верх\nниз' });
    expect(queue.jobs[0]!.data).toMatchObject({ text: 'верх\nниз' });
    expect(generations.rows.get(english.id)).toMatchObject({ text: 'top\nbottom' });
  });

  it("an empty caption means none: the template's own caption is not put on the meme", async () => {
    ledger.credits = 2;
    generations.faces.set(PLAYER, 'faces/7001/current.jpg');
    const created = await service.start(player(), { templateId: TEMPLATE_ID, text: '  ' });

    expect(generations.rows.get(created.id)).toMatchObject({ text: null });
    expect(queue.jobs[0]!.data).not.toHaveProperty('text');
    expect(queue.jobs[0]!.data).not.toHaveProperty('plainKey');
  });

  it('gives a player without credits the free generation while its window is open (cost 0, nothing charged)', async () => {
    generations.faces.set(PLAYER, 'faces/7001/current.jpg');
    generations.freeWait = -5;
    const created = await service.start(player(), { templateId: TEMPLATE_ID });

    expect(generations.rows.get(created.id)).toMatchObject({ cost: 0, faceKey: 'faces/7001/current.jpg' });
    expect(queue.jobs).toHaveLength(1);
    expect(ledger.spent).toEqual([]);
  });

  it('answers 429 with the wait when the free generation was used, recording and queueing nothing', async () => {
    generations.faces.set(PLAYER, 'faces/7001/current.jpg');
    generations.freeWait = 1200;
    const refused = await service
      .start(player(), { templateId: TEMPLATE_ID })
      .catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(HttpException);
    expect((refused as HttpException).getStatus()).toBe(HttpStatus.TOO_MANY_REQUESTS);
    expect((refused as HttpException).getResponse()).toEqual({
      detail: ErrorText.requestLimitExceeded,
      hint: ErrorText.requestLimitHint,
      retryAfter: 1200,
    });
    expect(generations.rows.size).toBe(0);
    expect(queue.jobs).toEqual([]);
  });

  it('stores nothing and keeps the current face when a generation with a new photo is refused', async () => {
    generations.faces.set(PLAYER, 'faces/7001/current.jpg');
    generations.freeWait = 1200;
    await expect(
      service.start(player(), { photo: Buffer.from('jpeg'), templateId: TEMPLATE_ID }),
    ).rejects.toMatchObject({ status: HttpStatus.TOO_MANY_REQUESTS });
    expect(stored).toEqual([]);
    expect(generations.faces.get(PLAYER)).toBe('faces/7001/current.jpg');
  });

  it('answers 429 without charging once the player has GENERATION_MAX_ACTIVE_PER_PLAYER generations open', async () => {
    ledger.credits = 10;
    generations.faces.set(PLAYER, 'faces/7001/current.jpg');
    for (let i = 0; i < config.generation.maxActivePerPlayer; i++)
      await service.start(player(), { templateId: TEMPLATE_ID });
    const refused = await service
      .start(player(), { photo: Buffer.from('jpeg'), templateId: TEMPLATE_ID })
      .catch((error: unknown) => error as HttpException);
    expect((refused as HttpException).getStatus()).toBe(HttpStatus.TOO_MANY_REQUESTS);
    expect((refused as HttpException).getResponse()).toEqual({
      detail: ErrorText.generationsInProgress,
      retryAfter: 10,
    });
    expect(generations.rows.size).toBe(config.generation.maxActivePerPlayer);
    expect(stored).toEqual([]);
  });

  it('refuses with 503 before charging or storing anything while the queue is not ready', async () => {
    ledger.credits = 2;
    queue.ready = false;
    await expect(
      service.start(player(), { photo: Buffer.from('jpeg'), templateId: TEMPLATE_ID }),
    ).rejects.toMatchObject({
      status: HttpStatus.SERVICE_UNAVAILABLE,
    });
    expect(ledger.credits).toBe(2);
    expect(stored).toEqual([]);
    expect(generations.rows.size).toBe(0);
  });

  it('opens a premium template only with an active boost (402 otherwise, before any charge)', async () => {
    ledger.credits = 2;
    generations.faces.set(PLAYER, 'faces/7001/current.jpg');
    const expired = player({ boostEnds: new Date(Date.now() - 60_000) });
    await expect(service.start(expired, { templateId: PREMIUM_ID })).rejects.toMatchObject({
      status: HttpStatus.PAYMENT_REQUIRED,
    });
    expect(ledger.credits).toBe(2);

    const boosted = player({ boostEnds: new Date(Date.now() + 60_000) });
    await service.start(boosted, { templateId: PREMIUM_ID });
    expect(ledger.credits).toBe(1);
  });

  it('fails the charged generation (so it is refunded) and answers 503 when queueing breaks after the charge', async () => {
    ledger.credits = 1;
    generations.faces.set(PLAYER, 'faces/7001/current.jpg');
    queue.failNextAdd = true;
    await expect(service.start(player(), { templateId: TEMPLATE_ID })).rejects.toMatchObject({
      status: HttpStatus.SERVICE_UNAVAILABLE,
    });
    const [id] = [...generations.rows.keys()];
    expect(failed).toEqual([{ id, failure: { code: null, message: 'the job could not be queued' } }]);
  });

  it('asks for a face photo when the player has none and sent none', async () => {
    await expect(service.start(player(), { templateId: TEMPLATE_ID })).rejects.toMatchObject({
      status: HttpStatus.BAD_REQUEST,
      response: { message: ErrorText.facePhotoRequired },
    });
  });

  it('rates only a finished generation of the player', async () => {
    ledger.credits = 1;
    generations.faces.set(PLAYER, 'faces/7001/current.jpg');
    const { id } = await service.start(player(), { templateId: TEMPLATE_ID });
    await expect(service.rate(PLAYER, id, 4)).rejects.toMatchObject({ status: HttpStatus.BAD_REQUEST });
    await expect(service.rate(PLAYER + 1, id, 4)).rejects.toMatchObject({ status: HttpStatus.NOT_FOUND });

    generations.rows.get(id)!.status = 'done';
    await expect(service.rate(PLAYER, id, 4)).resolves.toEqual({ id, rating: 4 });
    expect(generations.rows.get(id)!.rating).toBe(4);
  });
});
