import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository } from 'typeorm';

import { TelegramUpdate } from './entities/telegram-update.entity.js';

@Injectable()
export class TelegramUpdatesRepository {
  constructor(@InjectRepository(TelegramUpdate) private readonly updates: Repository<TelegramUpdate>) {}

  /**
   * Takes an update for processing: true for the first delivery, and for a later one only when an
   * earlier claim was left unfinished for `staleSeconds` (that process died). The primary key makes
   * concurrent deliveries of one update wait for each other and all but one get false.
   */
  async claim(updateId: number, kind: string, staleSeconds: number): Promise<boolean> {
    const rows: unknown[] = await this.updates.query(
      `INSERT INTO telegram_updates (update_id, kind) VALUES ($1, $2)
       ON CONFLICT (update_id) DO UPDATE SET received_at = now()
         WHERE telegram_updates.processed_at IS NULL
           AND telegram_updates.received_at < now() - make_interval(secs => $3)
       RETURNING update_id`,
      [updateId, kind, staleSeconds],
    );
    return rows.length > 0;
  }

  async markProcessed(updateId: number): Promise<void> {
    await this.updates.update({ updateId }, { processedAt: new Date() });
  }

  /** Handling failed: the update is Telegram's to deliver again. */
  async release(updateId: number): Promise<void> {
    await this.updates.delete({ updateId, processedAt: IsNull() });
  }

  /** Forgets processed updates older than this (Telegram redelivers for a day at most). */
  async deleteProcessedBefore(before: Date): Promise<number> {
    const result = await this.updates
      .createQueryBuilder()
      .delete()
      .where('processed_at IS NOT NULL AND received_at < :before', { before })
      .execute();
    return result.affected ?? 0;
  }
}
