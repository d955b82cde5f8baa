import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import type { Redis } from 'ioredis';

import { addDays, Clock, utcDay } from '../common/clock.js';
import { AppConfig } from '../config/app.config.js';
import { REDIS } from '../redis/redis.module.js';
import { GenerationsRepository } from './generations.repository.js';
import { PlayerFacesService } from './player-faces.service.js';

/** Faces forgotten per query of the daily run (it repeats until none is left). */
const BATCH = 500;

/**
 * Keeps face photos no longer than they are used (a face is biometric data): every day at 03:30 UTC
 * the face photos of players with no authenticated request for FACE_PHOTO_RETENTION_DAYS are deleted
 * as `DELETE /v1/users/face/` deletes them. One replica runs it (a Redis key per day); a face that a
 * queued generation still needs waits for the next run.
 */
@Injectable()
export class FaceRetentionService {
  private readonly logger = new Logger(FaceRetentionService.name);

  constructor(
    private readonly generations: GenerationsRepository,
    private readonly faces: PlayerFacesService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Cron('30 3 * * *', { timeZone: 'UTC' })
  async runDaily(): Promise<void> {
    const day = utcDay(this.clock.now());
    const claimed = await this.redis
      .set(`face-retention:${day}`, '1', 'EX', 2 * 86_400, 'NX')
      .catch(() => null);
    if (claimed !== 'OK') return;
    const deleted = await this.deleteStaleFaces();
    if (deleted) this.logger.log({ deleted }, 'Deleted face photos past their retention');
  }

  /** Deletes every stale face now; answers how many players' faces went. */
  async deleteStaleFaces(): Promise<number> {
    const cutoff = addDays(utcDay(this.clock.now()), -this.config.generation.facePhotoRetentionDays);
    let deleted = 0;
    for (;;) {
      const owners = await this.generations.staleFaceOwners(cutoff, BATCH);
      for (const userId of owners) await this.faces.delete(userId);
      deleted += owners.length;
      if (owners.length < BATCH) return deleted;
    }
  }
}
