import { ServiceUnavailableException } from '@nestjs/common';
import { ErrorText } from '@mememint/contracts';

/** Telegram answered the call with an error that retrying will not change (a 4xx other than 429). */
export class BotApiError extends Error {
  constructor(
    readonly method: string,
    readonly errorCode: number,
    readonly description: string,
  ) {
    super(`Bot API ${method} failed: ${errorCode} ${description}`);
    this.name = 'BotApiError';
  }
}

/**
 * Telegram said ok but answered something the caller cannot use (a sticker set listing fewer stickers
 * than were sent): an upstream failure, 502, never taken as done.
 */
export class BotApiUnexpectedAnswerError extends Error {
  constructor(
    readonly method: string,
    readonly problem: string,
  ) {
    super(`Bot API ${method} answered unexpectedly: ${problem}`);
    this.name = 'BotApiUnexpectedAnswerError';
  }
}

/**
 * Telegram could not be reached or kept failing (timeouts, 5xx, a 429 beyond what we wait for)
 * after every attempt. Callers answer 503 and change nothing.
 */
export class BotApiUnavailableError extends Error {
  constructor(
    readonly method: string,
    readonly reason: string,
  ) {
    super(`Bot API ${method} unavailable: ${reason}`);
    this.name = 'BotApiUnavailableError';
  }
}

/** What a player's request answers when the Bot API call it needs failed: 503, nothing changed. */
export class TelegramUnavailableException extends ServiceUnavailableException {
  constructor() {
    super({ detail: ErrorText.telegramUnavailable, code: 'TELEGRAM_UNAVAILABLE' });
  }
}
