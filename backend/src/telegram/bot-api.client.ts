import { setTimeout as sleep } from 'node:timers/promises';

import { Injectable, Logger } from '@nestjs/common';
import type { ApiMethods, Opts } from '@grammyjs/types';

import { AppConfig } from '../config/app.config.js';
import { BotApiError, BotApiUnavailableError } from './bot-api.errors.js';

/** A file uploaded with a call (multipart), e.g. a sticker image. */
export class BotApiFile {
  constructor(
    readonly data: Buffer,
    readonly filename: string,
  ) {}
}

type Methods = ApiMethods<BotApiFile>;
export type BotApiMethod = keyof Methods;
export type BotApiParams<M extends BotApiMethod> = Opts<BotApiFile>[M];
export type BotApiResult<M extends BotApiMethod> = Awaited<ReturnType<Methods[M]>>;

interface BotApiAnswer {
  ok: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

/** First backoff of a retried 5xx or unanswered call (doubling per attempt). */
const BACKOFF_MS = 500;

function containsFile(value: unknown): boolean {
  if (value instanceof BotApiFile) return true;
  if (Array.isArray(value)) return value.some(containsFile);
  return value !== null && typeof value === 'object' && Object.values(value).some(containsFile);
}

/**
 * JSON, unless the call uploads files: then multipart, with a top-level file as its own part and a
 * nested one (an InputSticker's `sticker`) as a part named by `attach://<part>`, as Telegram reads them.
 */
function encode(params: object): { body: string | FormData; headers: Record<string, string> } {
  if (!containsFile(params))
    return { body: JSON.stringify(params), headers: { 'content-type': 'application/json' } };
  const form = new FormData();
  const appendFile = (part: string, file: BotApiFile) =>
    form.append(part, new Blob([new Uint8Array(file.data)]), file.filename);
  let parts = 0;
  const attach = (value: unknown): unknown => {
    if (value instanceof BotApiFile) {
      const part = `file${parts++}`;
      appendFile(part, value);
      return `attach://${part}`;
    }
    if (Array.isArray(value)) return value.map(attach);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, attach(inner)]));
    return value;
  };
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (value instanceof BotApiFile) appendFile(name, value);
    else form.append(name, typeof value === 'string' ? value : JSON.stringify(attach(value)));
  }
  return { body: form, headers: {} };
}

/**
 * The one way the backend calls the Telegram Bot API (`TELEGRAM_API_URL/bot<token>/<method>`),
 * typed by grammY's Bot API types. Each request has a time limit; a 429 is retried after its
 * `retry_after` (when that is not too long), a 5xx or an unanswered request after a backoff, up to
 * TELEGRAM_API_MAX_ATTEMPTS. Logs name the method and Telegram's answer, never the URL (it holds
 * the token).
 */
@Injectable()
export class BotApiClient {
  private readonly logger = new Logger(BotApiClient.name);

  constructor(private readonly config: AppConfig) {}

  async call<M extends BotApiMethod>(method: M, params: BotApiParams<M>): Promise<BotApiResult<M>> {
    const { apiUrl, botToken, apiTimeoutMs, apiMaxAttempts, apiMaxRetryAfterSeconds } = this.config.telegram;
    const url = `${apiUrl}/bot${botToken}/${method}`;
    let reason = 'no attempt made';
    for (let attempt = 1; attempt <= apiMaxAttempts; attempt++) {
      const last = attempt === apiMaxAttempts;
      let answer: BotApiAnswer;
      let status: number;
      try {
        // A FormData body is single-use: encode per attempt.
        const { body, headers } = encode(params as object);
        const response = await fetch(url, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(apiTimeoutMs),
        });
        status = response.status;
        answer = (await response.json().catch(() => ({
          ok: false,
          error_code: response.status,
          description: `non-JSON answer (HTTP ${response.status})`,
        }))) as BotApiAnswer;
      } catch (error) {
        reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'not reachable';
        this.logger.warn(`Bot API ${method}: ${reason} (attempt ${attempt}/${apiMaxAttempts})`);
        if (!last) await sleep(BACKOFF_MS * 2 ** (attempt - 1));
        continue;
      }
      if (answer.ok) return answer.result as BotApiResult<M>;

      const code = answer.error_code ?? status;
      const description = answer.description ?? `HTTP ${status}`;
      if (code === 429) {
        const retryAfter = answer.parameters?.retry_after ?? 1;
        reason = `rate limited (retry after ${retryAfter} s)`;
        if (last || retryAfter > apiMaxRetryAfterSeconds) break;
        this.logger.warn(
          `Bot API ${method}: 429, retrying in ${retryAfter} s (attempt ${attempt}/${apiMaxAttempts})`,
        );
        await sleep(retryAfter * 1000);
        continue;
      }
      if (code >= 500) {
        reason = `${code} ${description}`;
        this.logger.warn(`Bot API ${method}: ${reason} (attempt ${attempt}/${apiMaxAttempts})`);
        if (!last) await sleep(BACKOFF_MS * 2 ** (attempt - 1));
        continue;
      }
      this.logger.warn(`Bot API ${method}: ${code} ${description}`);
      throw new BotApiError(method, code, description);
    }
    this.logger.error(`Bot API ${method} unavailable: ${reason}`);
    throw new BotApiUnavailableError(method, reason);
  }
}
