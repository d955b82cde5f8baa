import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Message, Update, UserFromGetMe } from '@grammyjs/types';

import { ChatMembers, type ChatMemberStatus } from './chat-members.js';
import { serveControl } from './control.js';
import { send } from './http.js';
import {
  BotApiError,
  badRequest,
  chatId,
  optStr,
  type Params,
  readParams,
  recordable,
  str,
} from './params.js';
import { type Payer, type PayOptions, type PayResult, Payments } from './payments.js';
import { StickerStore } from './stickers.js';

export interface FakeBotApiOptions {
  /** The one token this bot answers to (others get 401, as a revoked token would). */
  token: string;
  /** The bot's username (getMe; sticker set names end in `_by_<username>`). */
  username?: string;
  port?: number;
  host?: string;
  /** How long a pre-checkout query waits for the bot's answer (Telegram: 10 s). */
  preCheckoutTimeoutMs?: number;
}

export interface RecordedCall {
  method: string;
  params: Params;
  ok: boolean;
  errorCode?: number;
  at: string;
}

/** A failure the next call(s) of a method answer with instead of their result. */
export interface InjectedFailure {
  method: string;
  errorCode: number;
  description?: string;
  retryAfter?: number;
  /** How many calls in a row fail (default 1). */
  times?: number;
}

interface WebhookInfo {
  url: string;
  secretToken?: string;
  allowedUpdates?: string[];
}

function tooManyRequests(retryAfter: number): BotApiError {
  return new BotApiError(429, `Too Many Requests: retry after ${retryAfter}`, retryAfter);
}

/**
 * A Telegram Bot API server of our own: the methods MemeMint calls (`/bot<token>/<method>`, JSON,
 * urlencoded or multipart, answering `{ok, result}` or `{ok: false, error_code, description}`),
 * with Telegram's checks on what it is sent. It plays Telegram's side of payments and chat
 * membership through `/__fake/*` routes (and the same methods on this object), delivering updates
 * to the webhook the bot registered, with its secret token.
 */
export class FakeBotApi {
  readonly bot: UserFromGetMe;
  private server?: Server;
  private readonly calls: RecordedCall[] = [];
  private readonly failures: InjectedFailure[] = [];
  private readonly reshapes: { method: string; reshape: (result: unknown) => unknown }[] = [];
  private readonly members = new ChatMembers();
  private readonly payments: Payments;
  private readonly stickers: StickerStore;
  private webhook?: WebhookInfo;
  private nextUpdateId = 100_000 + Math.floor(Math.random() * 100_000);
  private nextMessageId = 1;

  constructor(private readonly options: FakeBotApiOptions) {
    const botId = Number(options.token.split(':')[0]);
    this.bot = {
      id: Number.isSafeInteger(botId) && botId > 0 ? botId : 1,
      is_bot: true,
      first_name: 'MemeMint (fake)',
      username: options.username ?? 'mememint_bot',
      can_join_groups: false,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: true,
      has_topics_enabled: false,
      allows_users_to_create_topics: false,
      can_manage_bots: false,
      supports_join_request_queries: false,
    };
    this.stickers = new StickerStore(() => this.bot.username);
    this.payments = new Payments({
      deliver: (update) => this.deliver(update),
      nextMessageId: () => this.nextMessageId++,
      preCheckoutTimeoutMs: options.preCheckoutTimeoutMs ?? 10_000,
    });
  }

  /** Listens (port 0 = any free port) and resolves once it does. */
  async start(): Promise<this> {
    const server = createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((resolve) =>
      server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', resolve),
    );
    this.server = server;
    return this;
  }

  get port(): number {
    return (this.server!.address() as AddressInfo).port;
  }

  /** The base URL to give the bot as TELEGRAM_API_URL. */
  get url(): string {
    return `http://${this.options.host ?? '127.0.0.1'}:${this.port}`;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Calls made so far, oldest first (optionally of one method). */
  recordedCalls(method?: string): RecordedCall[] {
    return this.calls.filter((call) => method === undefined || call.method === method);
  }

  clearCalls(): void {
    this.calls.length = 0;
  }

  /** The next call(s) of a method answer with this error (429 with retry_after, 500, …). */
  failNext(failure: InjectedFailure): void {
    this.failures.push({ ...failure, times: failure.times ?? 1 });
  }

  /**
   * The next successful call of `method` answers `ok: true` with `reshape(result)` instead of its
   * result: Telegram answering something the caller does not expect (a set listing fewer stickers).
   */
  reshapeNext<Result = unknown>(method: string, reshape: (result: Result) => unknown): void {
    this.reshapes.push({ method, reshape: reshape as (result: unknown) => unknown });
  }

  setChatMember(chat: string | number, userId: number, status: ChatMemberStatus): void {
    this.members.set(chat, userId, status);
  }

  webhookInfo(): WebhookInfo | undefined {
    return this.webhook;
  }

  /** Sets the webhook as the bot's setWebhook would (for a test app that did not register itself). */
  setWebhook(webhook: WebhookInfo): void {
    this.webhook = webhook;
  }

  /** An uploaded or set sticker file's bytes. */
  stickerFile(fileId: string): Buffer | undefined {
    return this.stickers.file(fileId)?.data;
  }

  /** The slug of an invoice link `https://t.me/$<slug>`. */
  static invoiceSlug(link: string): string {
    const slug = /^https:\/\/t\.me\/\$([A-Za-z0-9_-]+)$/.exec(link)?.[1];
    if (!slug) throw new Error(`Not an invoice link: ${link}`);
    return slug;
  }

  /**
   * A user pays an invoice link, as Telegram plays it: a pre_checkout_query to the webhook, then
   * (once the bot answered ok within the time limit) a message with successful_payment.
   */
  pay(slug: string, payer: Payer, options: PayOptions = {}): Promise<PayResult> {
    return this.payments.pay(slug, payer, options);
  }

  /**
   * Posts an update to the webhook with the secret token header; `update_id` is assigned unless
   * given (a repeated delivery keeps its id). Answers the webhook's HTTP status.
   */
  async deliver(update: Omit<Update, 'update_id'> & { update_id?: number }): Promise<number> {
    const webhook = this.webhook;
    if (!webhook) throw new BotApiError(409, 'Conflict: no webhook is set');
    const body = JSON.stringify({ update_id: update.update_id ?? this.nextUpdateId++, ...update });
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(webhook.secretToken ? { 'x-telegram-bot-api-secret-token': webhook.secretToken } : {}),
      },
      body,
      signal: AbortSignal.timeout(60_000),
    });
    await response.arrayBuffer();
    return response.status;
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    try {
      if (url.pathname.startsWith('/__fake/')) {
        await serveControl(this, req, url, res);
        return;
      }
      const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
      if (!match) throw new BotApiError(404, 'Not Found');
      const [, token, method] = match as unknown as [string, string, string];
      if (token !== this.options.token) throw new BotApiError(401, 'Unauthorized');
      const params = await readParams(req, url);
      const call: RecordedCall = {
        method,
        params: recordable(params),
        ok: true,
        at: new Date().toISOString(),
      };
      this.calls.push(call);
      try {
        this.injectedFailure(method);
        const result = this.reshaped(method, await this.callMethod(method, params));
        send(res, 200, { ok: true, result });
      } catch (error) {
        call.ok = false;
        call.errorCode = error instanceof BotApiError ? error.errorCode : 500;
        throw error;
      }
    } catch (error) {
      const failure =
        error instanceof BotApiError
          ? error
          : new BotApiError(500, `Internal Server Error: ${String(error)}`);
      send(res, failure.errorCode, {
        ok: false,
        error_code: failure.errorCode,
        description: failure.description,
        ...(failure.retryAfter !== undefined ? { parameters: { retry_after: failure.retryAfter } } : {}),
      });
    }
  }

  private reshaped(method: string, result: unknown): unknown {
    const index = this.reshapes.findIndex((reshape) => reshape.method === method);
    if (index < 0) return result;
    const [injected] = this.reshapes.splice(index, 1);
    return injected!.reshape(result);
  }

  private injectedFailure(method: string): void {
    const index = this.failures.findIndex((failure) => failure.method === method);
    if (index < 0) return;
    const failure = this.failures[index]!;
    failure.times = (failure.times ?? 1) - 1;
    if (failure.times <= 0) this.failures.splice(index, 1);
    if (failure.errorCode === 429) throw tooManyRequests(failure.retryAfter ?? 1);
    throw new BotApiError(
      failure.errorCode,
      failure.description ?? (failure.errorCode >= 500 ? 'Internal Server Error' : 'Bad Request: injected'),
      failure.retryAfter,
    );
  }

  private async callMethod(method: string, params: Params): Promise<unknown> {
    switch (method) {
      case 'getMe':
        return this.bot;
      case 'setWebhook':
        return this.registerWebhook(params);
      case 'deleteWebhook':
        this.webhook = undefined;
        return true;
      case 'getWebhookInfo':
        return {
          url: this.webhook?.url ?? '',
          has_custom_certificate: false,
          pending_update_count: 0,
          ...(this.webhook?.allowedUpdates ? { allowed_updates: this.webhook.allowedUpdates } : {}),
        };
      case 'sendMessage':
        return this.sendMessage(params);
      case 'createInvoiceLink':
        return this.payments.createInvoiceLink(params);
      case 'answerPreCheckoutQuery':
        return this.payments.answerPreCheckoutQuery(params);
      case 'refundStarPayment':
        return this.payments.refundStarPayment(params);
      case 'getChatMember':
        return this.members.getChatMember(params);
      case 'uploadStickerFile':
        return this.stickers.uploadStickerFile(params);
      case 'createNewStickerSet':
        return this.stickers.createNewStickerSet(params);
      case 'addStickerToSet':
        return this.stickers.addStickerToSet(params);
      case 'deleteStickerFromSet':
        return this.stickers.deleteStickerFromSet(params);
      case 'setStickerSetTitle':
        return this.stickers.setStickerSetTitle(params);
      case 'deleteStickerSet':
        return this.stickers.deleteStickerSet(params);
      case 'getStickerSet':
        return this.stickers.getStickerSet(params);
      default:
        throw new BotApiError(404, 'Not Found: method not found');
    }
  }

  private registerWebhook(params: Params): true {
    const url = str(params, 'url');
    if (!/^https?:\/\//.test(url)) throw badRequest('bad webhook: An HTTPS URL must be provided for webhook');
    const secretToken = optStr(params, 'secret_token');
    if (secretToken !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secretToken))
      throw badRequest('secret token contains unallowed characters');
    const allowed = params.allowed_updates;
    if (
      allowed !== undefined &&
      !(Array.isArray(allowed) && allowed.every((kind) => typeof kind === 'string'))
    )
      throw badRequest("can't parse allowed_updates");
    this.webhook = { url, secretToken, allowedUpdates: allowed as string[] | undefined };
    return true;
  }

  private sendMessage(params: Params): Message {
    const chat = chatId(params);
    const text = str(params, 'text');
    if (text.length > 4096) throw badRequest('message is too long');
    return {
      message_id: this.nextMessageId++,
      date: Math.floor(Date.now() / 1000),
      chat: { id: Number(chat), type: 'private', first_name: 'Player' },
      from: this.bot,
      text,
    } as Message;
  }
}

/** Starts a fake Bot API server; `close()` it when done. */
export function startFakeBotApi(options: FakeBotApiOptions): Promise<FakeBotApi> {
  return new FakeBotApi(options).start();
}
