import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import type { Update } from '@grammyjs/types';

import { TelegramUpdatesRepository } from './telegram-updates.repository.js';

/** The kinds of update Telegram delivers (every field of Update but its id). */
export type UpdateKind = Exclude<keyof Update, 'update_id'>;

/** Handles one kind of update; throwing makes the webhook answer 500 so Telegram delivers it again. */
export type UpdateHandler<K extends UpdateKind> = (
  payload: NonNullable<Update[K]>,
  update: Update,
) => Promise<void>;

/** An update whose claim is this old and still unfinished was left by a process that died. */
const STALE_CLAIM_SECONDS = 120;
/** Processed update ids are kept this long (Telegram retries a failed delivery for about a day). */
const KEEP_PROCESSED_DAYS = 7;

/**
 * Dispatches webhook updates to the handlers feature modules register (in their onModuleInit), once
 * per `update_id`. Kinds nobody handles are acknowledged and ignored.
 */
@Injectable()
export class TelegramUpdatesService {
  private readonly logger = new Logger(TelegramUpdatesService.name);
  private readonly handlers = new Map<UpdateKind, UpdateHandler<UpdateKind>[]>();

  constructor(private readonly updates: TelegramUpdatesRepository) {}

  on<K extends UpdateKind>(kind: K, handler: UpdateHandler<K>): void {
    const list = this.handlers.get(kind) ?? [];
    list.push(handler as unknown as UpdateHandler<UpdateKind>);
    this.handlers.set(kind, list);
  }

  /** The kinds some module handles: the webhook's `allowed_updates`. */
  handledKinds(): UpdateKind[] {
    return [...this.handlers.keys()];
  }

  /** Handles an update unless it was handled (or is being handled) already. */
  async handle(update: Update): Promise<void> {
    const kind = (Object.keys(update) as (keyof Update)[]).find(
      (key): key is UpdateKind => key !== 'update_id' && update[key] !== undefined,
    );
    const handlers = kind ? this.handlers.get(kind) : undefined;
    if (!kind || !handlers) {
      this.logger.debug(`Update ${update.update_id} (${kind ?? 'empty'}) ignored: nothing handles it`);
      return;
    }
    if (!(await this.updates.claim(update.update_id, kind, STALE_CLAIM_SECONDS))) {
      this.logger.log(`Update ${update.update_id} (${kind}) delivered again: already handled`);
      return;
    }
    try {
      for (const handler of handlers) await handler(update[kind]!, update);
    } catch (error) {
      await this.updates.release(update.update_id);
      throw error;
    }
    await this.updates.markProcessed(update.update_id);
  }

  @Cron(CronExpression.EVERY_DAY_AT_4AM)
  async forgetOldUpdates(): Promise<void> {
    const deleted = await this.updates.deleteProcessedBefore(
      new Date(Date.now() - KEEP_PROCESSED_DAYS * 86_400_000),
    );
    if (deleted) this.logger.log(`Forgot ${deleted} processed Telegram updates`);
  }
}
