import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';

import { REDIS } from '../redis/redis.module.js';

/** The per-player swipe pace in Redis: one key per player that lives for the minimum interval. */
@Injectable()
export class SwipePaceRepository {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /**
   * Takes the player's slot for `intervalMs` when it is free and answers 0; when a swipe took it less
   * than `intervalMs` ago, answers the milliseconds left. One atomic command, so of two swipes at
   * once only one passes.
   */
  async take(userId: number, intervalMs: number): Promise<number> {
    const key = `swipe-pace:${userId}`;
    if ((await this.redis.set(key, '1', 'PX', intervalMs, 'NX')) === 'OK') return 0;
    return Math.max(1, await this.redis.pttl(key));
  }
}
