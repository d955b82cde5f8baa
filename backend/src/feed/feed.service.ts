import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
  type OnModuleInit,
} from '@nestjs/common';
import {
  ErrorText,
  type FeedItemDto,
  type FeedPeriod,
  type FeedSort,
  type FeedVoteDto,
  type MemeOfTheDayDto,
  type Page,
  type VotedItemDto,
} from '@mememint/contracts';

import { addDays, Clock, isUtcDay, utcDay } from '../common/clock.js';
import { AppConfig } from '../config/app.config.js';
import { Transactions } from '../database/transactions.js';
import { InsufficientBalanceError } from '../ledger/ledger.errors.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { MemeLikesService } from '../memes/meme-likes.service.js';
import { MemesService } from '../memes/memes.service.js';
import { toFeedItemDto } from './dto/feed-item.dto.js';
import { FeedRepository } from './feed.repository.js';

/** The first contest day of a period that ends today (UTC; weeks are ISO, from Monday). */
export function periodStart(period: FeedPeriod, today: string): string | null {
  switch (period) {
    case 'day':
      return today;
    case 'week':
      return addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
    case 'month':
      return `${today.slice(0, 7)}-01`;
    case 'all':
      return null;
  }
}

/** The feed, votes as bets on the meme of the day, and the settled days (GAME.md "Feed"). */
@Injectable()
export class FeedService implements OnModuleInit {
  constructor(
    private readonly feed: FeedRepository,
    private readonly transactions: Transactions,
    private readonly ledger: LedgerService,
    private readonly memes: MemesService,
    private readonly likes: MemeLikesService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  /** A meme with stakes stays published until its day is settled (GAME.md Decisions). */
  onModuleInit(): void {
    this.memes.keepPublishedWhile((memeId) => this.feed.hasOpenStakes(memeId));
  }

  async page(
    viewerId: number,
    period: FeedPeriod,
    sort: FeedSort,
    page: number,
    pageSize: number,
  ): Promise<Page<FeedItemDto>> {
    const since = periodStart(period, utcDay(this.clock.now()));
    const [rows, total] = await this.feed.feedPage(viewerId, since, sort, (page - 1) * pageSize, pageSize);
    return { items: rows.map(toFeedItemDto), page, pageSize, total };
  }

  /**
   * A vote: a like that stakes coins on the meme becoming the meme of its day. Only on memes of
   * today's contest, once per player and meme, never on one's own; the stake is spent and the vote
   * recorded together, and the like pays the author in the next batch like any like.
   */
  async vote(userId: number, memeId: string, amount: number | undefined): Promise<FeedVoteDto> {
    const stake = amount ?? this.config.coins.feedVoteDefaultStake;
    if (stake < this.config.coins.feedVoteMinStake)
      throw new BadRequestException(`amount must not be less than ${this.config.coins.feedVoteMinStake}`);
    const meme = await this.memes.findInFeed(memeId);
    if (!meme) throw new NotFoundException(ErrorText.memeNotFound);
    if (meme.ownerId === userId) throw new BadRequestException(ErrorText.ownMemeVote);
    const now = this.clock.now();
    const day = utcDay(now);
    if (meme.contestDay !== day) throw new BadRequestException(ErrorText.votingClosed);

    const spent = await this.transactions.run(async (em) => {
      await this.feed.lockDayForVote(em, day);
      if (await this.feed.isSettled(day, em)) throw new BadRequestException(ErrorText.votingClosed);
      const inserted = await this.feed.insertVote(em, { userId, memeId, day, amount: stake, at: now });
      if (inserted === 'hidden') throw new NotFoundException(ErrorText.memeNotFound);
      if (inserted === 'duplicate') throw new ConflictException(ErrorText.alreadyVoted);
      let result;
      try {
        result = await this.ledger.spendCoins(
          userId,
          stake,
          { reason: 'vote', idempotencyKey: `vote:${memeId}` },
          em,
        );
      } catch (error) {
        if (error instanceof InsufficientBalanceError)
          throw new BadRequestException(ErrorText.notEnoughCoins);
        throw error;
      }
      await this.likes.record(em, [{ memeId, authorId: meme.ownerId }]);
      return result;
    });
    return {
      memeId,
      amount: stake,
      ...spent.balances,
      likes: await this.likes.countOf(memeId),
    };
  }

  async voted(userId: number, page: number, pageSize: number): Promise<Page<VotedItemDto>> {
    const [rows, total] = await this.feed.votedPage(userId, (page - 1) * pageSize, pageSize);
    return {
      items: rows.map((row) => ({
        meme: toFeedItemDto(row),
        amount: row.voted!,
        day: row.day,
        outcome: row.outcome,
        payout: row.payout,
      })),
      page,
      pageSize,
      total,
    };
  }

  /** A settled day (default: the latest one) with its winner as the viewer sees it. */
  async memeOfTheDay(viewerId: number, date: string | undefined): Promise<MemeOfTheDayDto> {
    if (date !== undefined && !isUtcDay(date))
      throw new BadRequestException('date must be a day written YYYY-MM-DD');
    const settled = await this.feed.findSettlement(date ?? null);
    if (!settled) throw new NotFoundException(ErrorText.notSettled);
    const winner = settled.memeId === null ? null : await this.feed.feedItem(viewerId, settled.memeId);
    return {
      date: settled.day,
      meme: winner && toFeedItemDto(winner),
      likes: settled.likes,
      authorReward: settled.authorReward,
      pool: settled.pool,
      winningStakes: settled.winningStakes,
      votes: settled.votes,
      winners: settled.winners,
      paidOut: settled.paidOut,
      refunded: settled.refunded,
      settledAt: settled.settledAt.toISOString(),
    };
  }
}
