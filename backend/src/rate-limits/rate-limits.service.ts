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

/** A fixed window counted in this process while Redis is away. */
interface LocalWindow {
  count: number;
  endsAt: number;
}

/** Local windows kept at most (a flood of new addresses drops the oldest, never the memory). */
const LOCAL_WINDOWS_MAX = 100_000;

/**
 * Rate-limit counters in Redis (keys under the app's prefix, `rl:<limit>:<scope>:<id>:<window>`).
 * While Redis is away they count in this process instead (each replica its own share), so logins and
 * reads go on limited; routes whose limits must hold across replicas ask `available()` first.
 */
@Injectable()
export class RateLimitsService {
  private readonly logger = new Logger(RateLimitsService.name);
  private readonly commands: RateLimitCommands;
  private readonly local = new Map<string, LocalWindow>();

  constructor(@Inject(REDIS) private readonly redis: Redis) {
    redis.defineCommand('rateLimitTake', { lua: TAKE });
    redis.defineCommand('rateLimitRecord', { numberOfKeys: 1, lua: RECORD });
    this.commands = redis as unknown as RateLimitCommands;
  }

  /** Whether the shared counters can be reached now. */
  available(): boolean {
    return this.redis.status === 'ready';
  }

  /**
   * Counts this request against `counters`; answers the refusal, or null when every counter has room.
   * While Redis is away the counters of this process answer.
   */
  async take(counters: Counter[], windowMs: number): Promise<Refusal | null> {
    if (counters.length === 0) return null;
    if (!this.available()) return this.takeLocally(counters, windowMs);
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
      this.logger.warn(`Rate limits count in this process: ${(error as Error).message}`);
      return this.takeLocally(counters, windowMs);
    }
  }

  /** Counts a failure (a bad login) once the request has failed. */
  async record(key: string, windowMs: number): Promise<void> {
    if (!this.available()) {
      this.window(key, windowMs).count++;
      return;
    }
    try {
      await this.commands.rateLimitRecord(key, String(windowMs));
    } catch (error) {
      this.logger.warn(`A failure counts in this process: ${(error as Error).message}`);
      this.window(key, windowMs).count++;
    }
  }

  /** TAKE, on this process's windows. */
  private takeLocally(counters: Counter[], windowMs: number): Refusal | null {
    let refusal: Refusal | null = null;
    for (const counter of counters) {
      const window = this.window(counter.key, windowMs);
      const count = window.count;
      if (counter.hit) window.count++;
      if (!refusal && count >= counter.limit)
        refusal = { key: counter.key, retryAfterMs: Math.max(1, window.endsAt - Date.now()) };
    }
    return refusal;
  }

  private window(key: string, windowMs: number): LocalWindow {
    const now = Date.now();
    let window = this.local.get(key);
    if (!window || window.endsAt <= now) {
      this.local.delete(key);
      if (this.local.size >= LOCAL_WINDOWS_MAX) {
        for (const [old, { endsAt }] of this.local) if (endsAt <= now) this.local.delete(old);
        // Maps iterate in insertion order: the first key is the oldest window.
        if (this.local.size >= LOCAL_WINDOWS_MAX) this.local.delete(this.local.keys().next().value!);
      }
      window = { count: 0, endsAt: now + windowMs };
      this.local.set(key, window);
    }
    return window;
  }
}
