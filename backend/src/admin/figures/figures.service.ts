import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import type { Redis } from 'ioredis';
import {
  type AdminDayFiguresDto,
  type AdminFiguresDto,
  type AdminQueueCountsDto,
  CAPTION_QUEUE,
  FEED_QUEUE,
  GENERATION_QUEUE,
  STICKERS_QUEUE,
} from '@mememint/contracts';

import { addDays, Clock, utcDay } from '../../common/clock.js';
import { REDIS } from '../../redis/redis.module.js';
import { FiguresRepository } from './figures.repository.js';

/**
 * How long computed daily figures are served again (seconds): the console's reloads and several
 * admins cost one set of grouped scans a minute, and today's numbers are at most this old.
 */
const CACHE_SECONDS = 60;

const EMPTY: Omit<AdminDayFiguresDto, 'day'> = {
  newPlayers: 0,
  activePlayers: 0,
  generationsDone: 0,
  generationsFailed: 0,
  generationsRefunded: 0,
  swipes: 0,
  likes: 0,
  betsPlaced: 0,
  betsStaked: 0,
  betsReturned: 0,
  betsReturnedCoins: 0,
  starsPaid: 0,
  starsRefunded: 0,
  coinsEarned: 0,
  coinsSpent: 0,
};

/** The game's figures for the console: per day for the last days (cached briefly), and the live queues. */
@Injectable()
export class FiguresService {
  private readonly queues: Queue[];

  constructor(
    private readonly figures: FiguresRepository,
    private readonly clock: Clock,
    @Inject(REDIS) private readonly redis: Redis,
    @InjectQueue(GENERATION_QUEUE) generation: Queue,
    @InjectQueue(CAPTION_QUEUE) caption: Queue,
    @InjectQueue(STICKERS_QUEUE) stickers: Queue,
    @InjectQueue(FEED_QUEUE) feed: Queue,
  ) {
    this.queues = [generation, caption, stickers, feed];
  }

  /** The last `days` UTC days, today included, oldest first. */
  async get(days: number): Promise<AdminFiguresDto> {
    const [daily, queues] = await Promise.all([this.daily(days), this.queueCounts()]);
    return { ...daily, queues };
  }

  private async daily(days: number): Promise<Pick<AdminFiguresDto, 'days' | 'computedAt'>> {
    const to = utcDay(this.clock.now());
    const key = `admin:figures:${to}:${days}`;
    const cached = await this.redis.get(key);
    if (cached) return JSON.parse(cached) as Pick<AdminFiguresDto, 'days' | 'computedAt'>;
    const from = addDays(to, 1 - days);
    const perDay = await this.figures.days(from, to);
    const result = {
      days: Array.from({ length: days }, (_, i) => {
        const day = addDays(from, i);
        return { day, ...EMPTY, ...perDay.get(day) };
      }),
      computedAt: this.clock.now().toISOString(),
    };
    await this.redis.set(key, JSON.stringify(result), 'EX', CACHE_SECONDS);
    return result;
  }

  private queueCounts(): Promise<AdminQueueCountsDto[]> {
    return Promise.all(
      this.queues.map(async (queue) => {
        const counts = await queue.getJobCounts();
        return {
          name: queue.name,
          waiting: counts.waiting,
          active: counts.active,
          delayed: counts.delayed,
          failed: counts.failed,
        };
      }),
    );
  }
}
