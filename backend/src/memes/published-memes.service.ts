import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';

import { AppConfig } from '../config/app.config.js';
import { PlayerSockets } from '../realtime/player-sockets.js';
import { REDIS } from '../redis/redis.module.js';

/** Memes published since the last `memes:published`, counted by every replica. */
const COUNT_KEY = 'memes-published:count';
/** Held by the replica that sent the last event, until the interval is over and nothing waits. */
const WINDOW_KEY = 'memes-published:window';

/**
 * A publish: counts it; when no interval is running, opens one for this replica and takes the count
 * to send now. Answers the count to send (0: another replica's interval is running and will send it).
 */
const PUBLISHED = `
redis.call('INCR', KEYS[1])
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return tonumber(redis.call('GETDEL', KEYS[1]))
end
return 0`;

/**
 * The end of this replica's interval: takes what was published meanwhile and keeps the interval
 * running when there was some (it is sent now), or ends it when there was none, so the next publish
 * sends at once. Answers the count to send.
 */
const INTERVAL_OVER = `
if redis.call('GET', KEYS[2]) ~= ARGV[1] then return 0 end
local count = tonumber(redis.call('GETDEL', KEYS[1]) or '0')
if count > 0 then
  redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
else
  redis.call('DEL', KEYS[2])
end
return count`;

/** Both scripts take the count key, the window key, this replica's name and the window's TTL. */
type WindowCommand = (countKey: string, windowKey: string, owner: string, ttlMs: number) => Promise<number>;

interface PublishedCommands {
  memesPublished: WindowCommand;
  memesPublishedIntervalOver: WindowCommand;
}

/**
 * `memes:published` to everyone (issue 22, defect 3): at most once per MEMES_PUBLISHED_INTERVAL_MS
 * across all replicas, with the count of memes published since the last one. The first publish
 * after a quiet interval is sent at once; the ones during an interval are counted in Redis and sent
 * together when it ends, by the replica that opened it. Should that replica stop, its interval
 * lapses (twice the interval) and the next publish sends what was counted.
 */
@Injectable()
export class PublishedMemesService implements OnApplicationShutdown {
  private readonly logger = new Logger(PublishedMemesService.name);
  private readonly commands: PublishedCommands;
  /** Names this replica's hold on the interval. */
  private readonly owner = `${process.pid}:${Math.random().toString(36).slice(2)}`;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(REDIS) redis: Redis,
    private readonly sockets: PlayerSockets,
    private readonly config: AppConfig,
  ) {
    redis.defineCommand('memesPublished', { numberOfKeys: 2, lua: PUBLISHED });
    redis.defineCommand('memesPublishedIntervalOver', { numberOfKeys: 2, lua: INTERVAL_OVER });
    this.commands = redis as unknown as PublishedCommands;
  }

  private get intervalMs(): number {
    return this.config.feed.publishedIntervalMs;
  }

  /**
   * A meme went into the feed. Never fails the publish: without Redis the event is skipped (the
   * screens also load again when the player comes back to them).
   */
  async published(): Promise<void> {
    await this.countAndSend('memesPublished', 'memes:published not counted');
  }

  private async intervalOver(): Promise<void> {
    this.timer = undefined;
    await this.countAndSend('memesPublishedIntervalOver', 'memes:published not sent');
  }

  /** Runs one of the window's scripts and sends what it answers; Redis failing skips the event. */
  private async countAndSend(command: keyof PublishedCommands, failure: string): Promise<void> {
    try {
      const count = await this.commands[command](COUNT_KEY, WINDOW_KEY, this.owner, 2 * this.intervalMs);
      if (count > 0) this.send(count);
    } catch (error) {
      this.logger.warn({ err: error }, failure);
    }
  }

  private send(count: number): void {
    this.sockets.emitToAll('memes:published', { count });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.intervalOver(), this.intervalMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
  }
}
