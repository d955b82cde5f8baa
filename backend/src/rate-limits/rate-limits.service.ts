import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';

import { REDIS } from '../redis/redis.module.js';

/** One counter of a request: its Redis key, its limit, and whether this request adds to it. */
export interface Counter {
  key: string;
  limit: number;
  /** False: only checked (failures are counted once the request has failed). */
  hit: boolean;
}

/** The counter that refused, and how long until its window ends. */
export interface Refusal {
  key: string;
  retryAfterMs: number;
}

/**
 * Adds one to every `hit` counter (fixed windows, created with the window's expiry) and answers the
 * first counter at or over its limit, all in one script so replicas sharing Redis count together.
 */
const TAKE = `
local windowMs = tonumber(ARGV[1])
local refused = -1
local refusedTtl = 0
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[i * 2])
  local hit = ARGV[i * 2 + 1] == '1'
  local count
  if hit then
    count = redis.call('INCR', key)
    if count == 1 then redis.call('PEXPIRE', key, windowMs) end
    count = count - 1
  else
    count = tonumber(redis.call('GET', key) or '0')
  end
  if refused == -1 and count >= limit then
    refused = i - 1
    refusedTtl = redis.call('PTTL', key)
  end
end
return {refused, refusedTtl}
`;

const RECORD = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count
`;

/** The scripts as defined commands: sent as EVALSHA (the script's text once per connection). */
interface RateLimitCommands {
  rateLimitTake(numberOfKeys: number, ...keysAndArgs: string[]): Promise<[number, number]>;
  rateLimitRecord(key: string, windowMs: string): Promise<number>;
}

/** Rate-limit counters in Redis (keys under the app's prefix, `rl:<limit>:<scope>:<id>:<window>`). */
@Injectable()
export class RateLimitsService {
  private readonly logger = new Logger(RateLimitsService.name);
  private readonly commands: RateLimitCommands;

  constructor(@Inject(REDIS) redis: Redis) {
    redis.defineCommand('rateLimitTake', { lua: TAKE });
    redis.defineCommand('rateLimitRecord', { numberOfKeys: 1, lua: RECORD });
    this.commands = redis as unknown as RateLimitCommands;
  }

  /**
   * Counts this request against `counters`; answers the refusal, or null when every counter has room.
   * While Redis is away the limits are open (the rest of the API answers what it can).
   */
  async take(counters: Counter[], windowMs: number): Promise<Refusal | null> {
    if (counters.length === 0) return null;
    try {
      const args = counters.flatMap((c) => [String(c.limit), c.hit ? '1' : '0']);
      const [index, ttl] = await this.commands.rateLimitTake(
        counters.length,
        ...counters.map((c) => c.key),
        String(windowMs),
        ...args,
      );
      if (index < 0) return null;
      return { key: counters[index].key, retryAfterMs: ttl > 0 ? ttl : windowMs };
    } catch (error) {
      this.logger.warn(`Rate limits are open: ${(error as Error).message}`);
      return null;
    }
  }

  /** Counts a failure (a bad login) once the request has failed. */
  async record(key: string, windowMs: number): Promise<void> {
    try {
      await this.commands.rateLimitRecord(key, String(windowMs));
    } catch (error) {
      this.logger.warn(`A failure went uncounted: ${(error as Error).message}`);
    }
  }
}
