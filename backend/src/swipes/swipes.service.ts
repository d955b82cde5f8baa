import { randomUUID } from 'node:crypto';

import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Injectable,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import {
  type BalanceDto,
  ErrorText,
  type FeedItemDto,
  type GiftKind,
  type NoSwipesLeftBody,
  type OpenedGiftDto,
  type PendingGiftDto,
  type SwipeResultDto,
  type SwipesUsedDto,
} from '@mememint/contracts';

import { SessionAuthenticator } from '../auth/session-authenticator.js';
import { Clock, utcDay } from '../common/clock.js';
import type { SessionRef } from '../common/decorators/current-user.decorator.js';
import { AppConfig } from '../config/app.config.js';
import { Transactions } from '../database/transactions.js';
import { toFeedItemDto } from '../feed/dto/feed-item.dto.js';
import type { BalanceKind } from '../ledger/entities/ledger-entry.entity.js';
import { type LedgerResult, LedgerService } from '../ledger/ledger.service.js';
import { MemeLikesService } from '../memes/meme-likes.service.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { UserCountersService } from '../users/user-counters.service.js';
import { UsersService } from '../users/users.service.js';
import { rollGift } from './gift-roll.js';
import { RequestBatcher } from './request-batcher.js';
import { SwipePaceRepository } from './swipe-pace.repository.js';
import { refillSwipes } from './swipe-refill.js';
import { type BatchedSwipe, SwipesRepository, type SwipeStatementRow } from './swipes.repository.js';
import { BannedException } from '../moderation/banned.exception.js';

/** The balance a gift of each kind adds to (a boost is no balance: it extends `boostEnds`). */
const GIFT_BALANCE: Record<Exclude<GiftKind, 'boost'>, BalanceKind> = {
  coins: 'coins',
  credits: 'credits',
  swipes: 'swipes',
};

/**
 * Swipe batches in flight at once per API process: one, so every swipe that arrives meanwhile joins
 * the next batch (measured: the fixed-rate run's p99 and the CPU per swipe are lower than with two or
 * four). A batch that waits on a player's row lock holds the others back until that short lock ends.
 */
const SWIPE_BATCHES_IN_FLIGHT = 1;
/** Swipes per batch at most: one statement's arrays stay small however deep the queue. */
const SWIPE_BATCH_MAX = 100;

interface SwipeOutcome {
  row: SwipeStatementRow;
  change: LedgerResult | null;
  /** The batch's time: its refill arithmetic's now. */
  at: Date;
}

/** The swipe deck, swipes and their rewards, the lazy refill and the random gifts (GAME.md "Swipes"). */
@Injectable()
export class SwipesService {
  constructor(
    private readonly swipes: SwipesRepository,
    private readonly pace: SwipePaceRepository,
    private readonly transactions: Transactions,
    private readonly ledger: LedgerService,
    private readonly users: UsersService,
    private readonly counters: UserCountersService,
    private readonly likes: MemeLikesService,
    private readonly realtime: RealtimeGateway,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
    private readonly sessions: SessionAuthenticator,
  ) {}

  private readonly batches = new RequestBatcher<BatchedSwipe, SwipeOutcome>({
    concurrency: SWIPE_BATCHES_IN_FLIGHT,
    maxSize: SWIPE_BATCH_MAX,
    keyOf: (swipe) => swipe.userId,
    run: (swipes) => this.swipeBatch(swipes),
  });

  async deck(userId: number, limit: number): Promise<FeedItemDto[]> {
    const { deckCandidates, deckFreshnessHours, deckJitter } = this.config.swipes;
    const rows = await this.swipes.deck(userId, limit, this.clock.now(), {
      candidates: deckCandidates,
      freshnessHours: deckFreshnessHours,
      jitter: deckJitter,
    });
    return rows.map(toFeedItemDto);
  }

  /**
   * One swipe. After the pace check it joins the next batch of swipes (one per player): a single
   * statement (SwipesRepository's, carried by the ledger) checks each session is still open (the
   * route's guard checked the token alone: @SessionCheckedInStatement), checks each meme, settles each refill,
   * records each swipe once, spends it, earns the coins, rolls the gift of every N-th swipe and
   * records the like, or changes nothing for that swipe. Under load many players' swipes share one
   * round trip and one commit; alone a swipe leaves at once. The like reaches the meme's count and
   * its author's coins in the next likes batch (MemeLikesService).
   */
  async swipe(session: SessionRef, memeId: string, like: boolean): Promise<SwipeResultDto> {
    const { userId } = session;
    await this.checkPace(userId);
    const { row, change, at } = await this.batches.submit({
      userId,
      sessionId: session.sessionId,
      memeId,
      liked: like,
      giftRolled: Math.random() < this.config.swipes.giftChance,
      giftId: randomUUID(),
    });
    if (!row.session_open) throw new ForbiddenException(ErrorText.refreshTokens);
    if (row.banned) throw new BannedException(row.banned_until);
    if (row.owner_id === null) throw new NotFoundException(ErrorText.memeNotFound);
    if (Number(row.owner_id) === userId) throw new BadRequestException(ErrorText.ownMemeSwipe);
    if (!row.recorded || !change) {
      // A swipe to spend yet nothing recorded: the (player, meme) key was taken, by an earlier swipe or
      // one of this player's requests committed meanwhile.
      if (row.swiped_before || row.affordable) throw new ConflictException(ErrorText.alreadySwiped);
      const { max, refillSeconds } = this.config.swipes;
      const refill = refillSwipes(
        { swipes: row.swipes, refilledAt: row.swipes_refilled_at },
        at,
        max,
        refillSeconds * 1000,
      );
      const body: NoSwipesLeftBody = {
        detail: ErrorText.noSwipesLeft,
        nextRefillAt: refill.nextRefillAt?.toISOString() ?? null,
      };
      throw new BadRequestException(body);
    }

    if (row.gift_id) this.realtime.emitToUser(userId, 'gift:received', { id: row.gift_id });
    return {
      ...change.balances,
      swipedCount: row.swiped_count,
      coinsEarned: change.deltas.coins ?? 0,
      gift: row.gift_id ? { id: row.gift_id } : null,
    };
  }

  /** One batch of swipes (at most one per player) in one statement; an outcome per swipe, in order. */
  private async swipeBatch(swipes: BatchedSwipe[]): Promise<(SwipeOutcome | Error)[]> {
    this.metrics.observeSwipeBatch(swipes.length);
    const at = this.clock.now();
    const { max, refillSeconds, giftEvery } = this.config.swipes;
    const answers = await this.ledger.applyInStatement<SwipeStatementRow>(
      this.swipes.swipeStatement({
        swipes,
        at,
        max,
        refillMs: refillSeconds * 1000,
        coinsPerSwipe: this.config.coins.perSwipe,
        giftEvery,
        likes: (name, source) => this.likes.recordInStatement(name, source),
        openSession: (sessionId, userId) => this.sessions.openSessionCondition(sessionId, userId),
      }),
    );
    return swipes.map((swipe) => {
      const answer = answers.get(swipe.userId);
      // A token of a user who is gone (a deleted account): as the guard answers a session it cannot find.
      return answer ? { ...answer, at } : new UnauthorizedException('Access token is invalid or expired.');
    });
  }

  /** Today's swipes and the bar, the refill settled first (through the ledger, like any balance change). */
  async used(userId: number): Promise<SwipesUsedDto> {
    const now = this.clock.now();
    const { max, refillSeconds } = this.config.swipes;
    const settled = await this.transactions.run(async (em) => {
      const state = await this.swipes.lockRefillState(em, userId);
      const refill = refillSwipes(state, now, max, refillSeconds * 1000);
      if (refill.added === 0) return { swipes: state.swipes, refill };
      const added = await this.ledger.addSwipes(userId, refill.added, { reason: 'swipe-refill' }, em);
      await this.swipes.recordExtras(em, userId, refill.refilledAt, false);
      return { swipes: added.balances.swipes, refill };
    });
    return {
      usedToday: await this.swipes.countSince(userId, new Date(`${utcDay(now)}T00:00:00Z`)),
      swipes: settled.swipes,
      max,
      nextRefillAt: settled.refill.nextRefillAt?.toISOString() ?? null,
    };
  }

  async pendingGifts(userId: number): Promise<PendingGiftDto[]> {
    const gifts = await this.swipes.pendingGifts(userId);
    return gifts.map((gift) => ({ id: gift.id, createdAt: gift.createdAt.toISOString() }));
  }

  /**
   * Opens one pending gift picked at random: its kind and amount are rolled now and granted once
   * (gift coins are not earned: no multiplier). A boost gift extends `boostEnds`.
   */
  async openGift(userId: number): Promise<OpenedGiftDto> {
    const now = this.clock.now();
    const opened = await this.transactions.run(async (em) => {
      const id = await this.swipes.lockPendingGift(em, userId);
      if (!id) throw new NotFoundException(ErrorText.noGift);
      const gift = rollGift(this.config.swipes, Math.random);
      await this.swipes.markOpened(em, id, gift.kind, gift.amount, now);
      let balances: BalanceDto | null = null;
      if (gift.kind === 'boost') await this.counters.extendBoost(userId, gift.amount, em);
      else
        balances = (
          await this.ledger.apply(
            userId,
            [{ kind: GIFT_BALANCE[gift.kind], delta: gift.amount }],
            { reason: 'gift', idempotencyKey: `gift:${id}` },
            em,
          )
        ).balances;
      return { id, ...gift, balances };
    });
    return { ...opened, balances: opened.balances ?? (await this.users.balancesOf(userId)) };
  }

  /** Swipes faster than SWIPE_MIN_INTERVAL_MS answer 429 and cost nothing (scripted farming). */
  private async checkPace(userId: number): Promise<void> {
    const interval = this.config.swipes.minIntervalMs;
    if (interval === 0) return;
    const waitMs = await this.pace.take(userId, interval);
    if (waitMs > 0)
      throw new HttpException(
        { detail: ErrorText.requestLimitExceeded, retryAfter: waitMs / 1000 },
        HttpStatus.TOO_MANY_REQUESTS,
      );
  }
}
