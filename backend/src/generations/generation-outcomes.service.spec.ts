import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { ErrorText, type GenerationJobResult } from '@mememint/contracts';
import type { EntityManager } from 'typeorm';

import { AppConfig } from '../config/app.config.js';
import type { Transactions } from '../database/transactions.js';
import { LedgerUserNotFoundError } from '../ledger/ledger.errors.js';
import type { BalanceChange, LedgerOptions, LedgerService } from '../ledger/ledger.service.js';
import type { Meme } from '../memes/entities/meme.entity.js';
import type { GeneratedMeme, MemesService } from '../memes/memes.service.js';
import type { RealtimeGateway } from '../realtime/realtime.gateway.js';
import type { ReferralsService } from '../users/referrals.service.js';
import type { UserCountersService } from '../users/user-counters.service.js';
import type { Generation } from './entities/generation.entity.js';
import { GenerationOutcomesService } from './generation-outcomes.service.js';
import type { ClosedGeneration, GenerationsRepository } from './generations.repository.js';

const ID = '00000000-0000-4000-8000-00000000000a';
const PLAYER = 8001;
const INVITER = 8002;
const BALANCES = { generationLimit: 5, memeCoins: 0, swipes: 0 };
const config = new AppConfig({ DATABASE_URL: 'postgres://127.0.0.1/unused' });

/** One open generation; closing it takes it (a second close finds nothing), like the guarded UPDATE. */
class FakeGenerationsRepository {
  open: ClosedGeneration | null = { userId: PLAYER, templateId: null, text: 'hi', cost: 1 };
  readonly closes: Partial<Generation>[] = [];
  readonly advanced: [string, string, number][] = [];
  async advanceProgress(id: string, stage: string, progress: number) {
    this.advanced.push([id, stage, progress]);
    return this.open ? this.open.userId : null;
  }
  async closeOpen(_em: EntityManager, _id: string, changes: Partial<Generation>) {
    const closed = this.open;
    this.open = null;
    if (closed) this.closes.push(changes);
    return closed;
  }
}

const result: GenerationJobResult = {
  resultKey: `generations/${ID}.jpg`,
  thumbnailKey: `generations/${ID}.thumb.webp`,
  width: 640,
  height: 480,
  faces: [],
  timings: { detect: 10.4, swap: 20.4 },
};

describe('GenerationOutcomesService', () => {
  let generations: FakeGenerationsRepository;
  let ledgerCalls: { userId: number; changes: BalanceChange[]; options: LedgerOptions }[];
  let inviterGone: boolean;
  let referalId: number | null;
  let memes: GeneratedMeme[];
  let events: [number, string, unknown][];
  let service: GenerationOutcomesService;

  beforeAll(() => Logger.overrideLogger(false));

  beforeEach(() => {
    generations = new FakeGenerationsRepository();
    ledgerCalls = [];
    inviterGone = false;
    referalId = null;
    memes = [];
    events = [];
    const ledger = {
      apply: async (userId: number, changes: BalanceChange[], options: LedgerOptions) => {
        if (inviterGone) throw new LedgerUserNotFoundError(userId);
        ledgerCalls.push({ userId, changes, options });
        return { applied: true, deltas: { coins: 2000 }, balances: BALANCES };
      },
      addCredits: async (userId: number, amount: number, options: LedgerOptions) => {
        ledgerCalls.push({ userId, changes: [{ kind: 'credits', delta: amount }], options });
        return { applied: true, deltas: { credits: amount }, balances: BALANCES };
      },
    };
    const memesService = {
      createForGeneration: async (_em: EntityManager, generated: GeneratedMeme) => {
        memes.push(generated);
        return { ...generated, id: 'meme-1', createdAt: new Date(0), publishedAt: null } as unknown as Meme;
      },
    };
    const counters = {
      recordGeneration: async () => ({ generationsCount: 1, referalId, isBot: false }),
    };
    const referrals = { recordFriendGenerated: async () => undefined };
    service = new GenerationOutcomesService(
      generations as unknown as GenerationsRepository,
      {
        run: (work: (em: EntityManager) => Promise<unknown>) => work({} as EntityManager),
      } as unknown as Transactions,
      ledger as unknown as LedgerService,
      memesService as unknown as MemesService,
      counters as unknown as UserCountersService,
      referrals as unknown as ReferralsService,
      {
        emitToUser: (userId: number, event: string, payload: unknown) =>
          events.push([userId, event, payload]),
      } as unknown as RealtimeGateway,
      config,
    );
  });

  it('moves progress with a valid report (rounded) and drops one that is not', async () => {
    await service.progress(ID, { stage: 'swap', progress: 100.2 });
    await service.progress(ID, { stage: 'teleport', progress: 50 });
    await service.progress(ID, { stage: 'swap', progress: 42.6 });

    expect(generations.advanced).toEqual([[ID, 'swap', 43]]);
    expect(events).toEqual([[PLAYER, 'generation:progress', { id: ID, stage: 'swap', progress: 43 }]]);
  });

  it('completes into a meme with the worker time, once', async () => {
    await service.complete(ID, result);
    await service.complete(ID, result);

    expect(generations.closes).toEqual([
      expect.objectContaining({ status: 'done', progress: 100, workerMs: 31 }),
    ]);
    expect(memes).toEqual([
      expect.objectContaining({ ownerId: PLAYER, generationId: ID, text: 'hi', imageKey: result.resultKey }),
    ]);
    expect(events.map(([userId, event]) => [userId, event])).toEqual([[PLAYER, 'generation:done']]);
    expect(ledgerCalls).toEqual([]);
  });

  it("pays a referred player's inviter on their first success", async () => {
    referalId = INVITER;
    await service.complete(ID, result);

    expect(ledgerCalls).toEqual([
      {
        userId: INVITER,
        changes: [
          { kind: 'coins', delta: config.referrals.coins },
          { kind: 'credits', delta: config.referrals.credits },
        ],
        options: { reason: 'referral', idempotencyKey: `referral:${PLAYER}` },
      },
    ]);
    // The inviter's socket hears of it from the ledger's after-commit event, not from here.
    expect(events.map(([userId, event]) => [userId, event])).toEqual([[PLAYER, 'generation:done']]);
  });

  it('still completes when the inviter is gone', async () => {
    referalId = INVITER;
    inviterGone = true;
    await service.complete(ID, result);

    expect(memes).toHaveLength(1);
    expect(events.map(([, event]) => event)).toEqual(['generation:done']);
  });

  it('fails a result it cannot use, refunding the cost once', async () => {
    await service.complete(ID, { ...result, resultKey: '../../etc/passwd' });
    await service.fail(ID, { code: 'NO_FACE', message: 'too late' });

    expect(generations.closes).toEqual([
      expect.objectContaining({ status: 'failed', error: ErrorText.imageUpload }),
    ]);
    expect(ledgerCalls).toEqual([
      {
        userId: PLAYER,
        changes: [{ kind: 'credits', delta: 1 }],
        options: { reason: 'generation-refund', idempotencyKey: `generation-refund:${ID}` },
      },
    ]);
    expect(events).toEqual([[PLAYER, 'generation:failed', { id: ID, detail: ErrorText.imageUpload }]]);
  });

  it("tells the player there's no face for the worker's NO_FACE, and refunds nothing for a free generation", async () => {
    generations.open = { userId: PLAYER, templateId: null, text: null, cost: 0 };
    await service.fail(ID, { code: 'NO_FACE', message: 'no face found in the face photo' });

    expect(events).toEqual([
      [PLAYER, 'generation:failed', { id: ID, detail: ErrorText.noFace, code: 'NO_FACE' }],
    ]);
    expect(generations.closes).toEqual([expect.objectContaining({ errorCode: 'NO_FACE' })]);
    expect(ledgerCalls).toEqual([]);
  });

  it('names the chosen picture for NO_TARGET_FACE, not the face photo', async () => {
    await service.fail(ID, { code: 'NO_TARGET_FACE', message: 'no face found in the target photo' });

    expect(events).toEqual([
      [PLAYER, 'generation:failed', { id: ID, detail: ErrorText.noTargetFace, code: 'NO_TARGET_FACE' }],
    ]);
  });

  it('keeps the caption-less picture: the one the worker wrote, or the result itself without a caption', async () => {
    await service.complete(ID, { ...result, plainKey: `generations/${ID}.plain.jpg` });
    generations.open = { userId: PLAYER, templateId: null, text: null, cost: 1 };
    await service.complete(ID, result);

    expect(memes).toEqual([
      expect.objectContaining({ text: 'hi', plainImageKey: `generations/${ID}.plain.jpg` }),
      expect.objectContaining({ text: null, plainImageKey: result.resultKey }),
    ]);
  });
});
