import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type {
  ChatMember,
  LabeledPrice,
  Message,
  PreCheckoutQuery,
  Update,
  User,
  UserFromGetMe,
} from '@grammyjs/types';

import {
  BotApiError,
  badRequest,
  bool,
  chatId,
  int,
  optStr,
  type Params,
  readParams,
  recordable,
  str,
} from './params.js';
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

export type ChatMemberStatus = ChatMember['status'];

/** Who pays in `pay()`: a Telegram user (at least the id). */
export type Payer = Pick<User, 'id'> & Partial<Omit<User, 'id'>>;

export interface PayOptions {
  /** Pays another amount than the invoice's (a tampered or stale client). */
  totalAmount?: number;
  /** Delivers the successful_payment this many times (Telegram redelivering), each as its own update. */
  deliveries?: number;
}

export interface PayResult {
  /** The bot's answer to the pre-checkout query (`timeout` when it never answered). */
  preCheckout: { ok: boolean; errorMessage?: string; timeout?: boolean };
  /** Set when the payment went through. */
  telegramPaymentChargeId?: string;
  /** The webhook's HTTP statuses for the updates delivered. */
  deliveries: number[];
}

interface Invoice {
  slug: string;
  title: string;
  description: string;
  payload: string;
  currency: string;
  prices: LabeledPrice[];
}

interface WebhookInfo {
  url: string;
  secretToken?: string;
  allowedUpdates?: string[];
}

const STAR_CHARGE_PREFIX = 'stxFAKE';
const MEMBER_STATUSES: readonly ChatMemberStatus[] = [
  'creator',
  'administrator',
  'member',
  'restricted',
  'left',
  'kicked',
];

function tooManyRequests(retryAfter: number): BotApiError {
  return new BotApiError(429, `Too Many Requests: retry after ${retryAfter}`, retryAfter);
}

function chatMember(user: User, status: ChatMemberStatus): ChatMember {
  switch (status) {
    case 'creator':
      return { status, user, is_anonymous: false };
    case 'administrator':
      return {
        status,
        user,
        can_be_edited: false,
        is_anonymous: false,
        can_manage_chat: true,
        can_delete_messages: false,
        can_manage_video_chats: false,
        can_restrict_members: false,
        can_promote_members: false,
        can_change_info: false,
        can_invite_users: true,
        can_post_stories: false,
        can_edit_stories: false,
        can_delete_stories: false,
      } as ChatMember;
    case 'restricted':
      return { status, user, is_member: true, until_date: 0 } as ChatMember;
    case 'kicked':
      return { status, user, until_date: 0 };
    default:
      return { status, user };
  }
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
  private readonly invoices = new Map<string, Invoice>();
  private readonly members = new Map<string, ChatMemberStatus>();
  private readonly preCheckouts = new Map<string, (answer: { ok: boolean; errorMessage?: string }) => void>();
  private readonly payments = new Map<string, { userId: number; refunded: boolean }>();
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

  setChatMember(chat: string | number, userId: number, status: ChatMemberStatus): void {
    this.members.set(`${chat}:${userId}`, status);
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
  async pay(slug: string, payer: Payer, options: PayOptions = {}): Promise<PayResult> {
    const invoice = this.invoices.get(slug);
    if (!invoice) throw new BotApiError(404, 'Not Found: invoice not found');
    const from: User = { is_bot: false, first_name: 'Player', ...payer };
    const totalAmount = options.totalAmount ?? invoice.prices.reduce((sum, price) => sum + price.amount, 0);
    const query: PreCheckoutQuery = {
      id: randomBytes(8).readBigUInt64BE().toString(),
      from,
      currency: invoice.currency,
      total_amount: totalAmount,
      invoice_payload: invoice.payload,
    };
    const timeoutMs = this.options.preCheckoutTimeoutMs ?? 10_000;
    let timer: NodeJS.Timeout | undefined;
    const answered = new Promise<PayResult['preCheckout']>((resolve) => {
      this.preCheckouts.set(query.id, resolve);
      timer = setTimeout(() => resolve({ ok: false, timeout: true }), timeoutMs);
    });
    const deliveries = [await this.deliver({ pre_checkout_query: query })];
    // A webhook that refused the update will not answer it either.
    if (deliveries[0]! >= 300)
      this.preCheckouts.get(query.id)?.({ ok: false, errorMessage: `the webhook answered ${deliveries[0]}` });
    const preCheckout = await answered;
    clearTimeout(timer);
    this.preCheckouts.delete(query.id);
    if (!preCheckout.ok) return { preCheckout, deliveries };

    const chargeId = `${STAR_CHARGE_PREFIX}${randomBytes(12).toString('hex')}`;
    this.payments.set(chargeId, { userId: from.id, refunded: false });
    const message = {
      message_id: this.nextMessageId++,
      date: Math.floor(Date.now() / 1000),
      chat: {
        id: from.id,
        type: 'private',
        first_name: from.first_name,
        ...(from.username ? { username: from.username } : {}),
      },
      from,
      successful_payment: {
        currency: query.currency,
        total_amount: query.total_amount,
        invoice_payload: query.invoice_payload,
        telegram_payment_charge_id: chargeId,
        provider_payment_charge_id: '',
      },
    } as Message.SuccessfulPaymentMessage & Update.NonChannel;
    const repeats = Math.max(1, options.deliveries ?? 1);
    deliveries.push(...(await Promise.all(Array.from({ length: repeats }, () => this.deliver({ message })))));
    return { preCheckout, telegramPaymentChargeId: chargeId, deliveries };
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
        // The mini app's mock Telegram client (another origin) pays invoices here from the browser.
        res.setHeader('access-control-allow-origin', '*');
        if (req.method === 'OPTIONS') {
          res.writeHead(204, {
            'access-control-allow-methods': 'GET, POST, DELETE',
            'access-control-allow-headers': 'content-type',
            'access-control-max-age': '600',
          });
          res.end();
          return;
        }
        await this.serveControl(req, url, res);
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
        const result = await this.callMethod(method, params);
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
        return this.createInvoiceLink(params);
      case 'answerPreCheckoutQuery':
        return this.answerPreCheckoutQuery(params);
      case 'refundStarPayment':
        return this.refundStarPayment(params);
      case 'getChatMember':
        return this.getChatMember(params);
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

  private createInvoiceLink(params: Params): string {
    const title = str(params, 'title');
    const description = str(params, 'description');
    const payload = str(params, 'payload');
    const currency = str(params, 'currency');
    if (title.length > 32) throw badRequest('invoice title is too long');
    if (description.length > 255) throw badRequest('invoice description is too long');
    if (Buffer.byteLength(payload) > 128) throw badRequest('invoice payload is too long');
    const prices = params.prices;
    if (
      !Array.isArray(prices) ||
      prices.length === 0 ||
      !prices.every(
        (price: LabeledPrice) =>
          typeof price?.label === 'string' && Number.isSafeInteger(price.amount) && price.amount > 0,
      )
    )
      throw badRequest('CURRENCY_TOTAL_AMOUNT_INVALID');
    if (currency === 'XTR') {
      // Stars: no payment provider and exactly one price.
      if (optStr(params, 'provider_token') !== undefined) throw badRequest('PAYMENT_PROVIDER_INVALID');
      if (prices.length !== 1) throw badRequest('STARS_INVOICE_INVALID');
    } else if (optStr(params, 'provider_token') === undefined) {
      throw badRequest('PAYMENT_PROVIDER_INVALID');
    }
    const slug = randomBytes(12).toString('base64url');
    this.invoices.set(slug, { slug, title, description, payload, currency, prices });
    return `https://t.me/$${slug}`;
  }

  private answerPreCheckoutQuery(params: Params): true {
    const id = str(params, 'pre_checkout_query_id');
    const ok = bool(params, 'ok');
    if (ok === undefined) throw badRequest('ok is empty');
    const errorMessage = optStr(params, 'error_message');
    if (!ok && !errorMessage) throw badRequest('error_message is empty');
    const resolve = this.preCheckouts.get(id);
    if (!resolve) throw badRequest('query is too old and response timeout expired or query ID is invalid');
    this.preCheckouts.delete(id);
    resolve({ ok, ...(ok ? {} : { errorMessage }) });
    return true;
  }

  private refundStarPayment(params: Params): true {
    const userId = int(params, 'user_id');
    const payment = this.payments.get(str(params, 'telegram_payment_charge_id'));
    if (!payment || payment.userId !== userId) throw badRequest('CHARGE_NOT_FOUND');
    if (payment.refunded) throw badRequest('CHARGE_ALREADY_REFUNDED');
    payment.refunded = true;
    return true;
  }

  private getChatMember(params: Params): ChatMember {
    const chat = chatId(params);
    const userId = int(params, 'user_id');
    const status = this.members.get(`${chat}:${userId}`) ?? 'left';
    return chatMember({ id: userId, is_bot: false, first_name: 'Player' }, status);
  }

  /** `/__fake/*`: what a test or the browser mock environment asks Telegram's side to do. */
  private async serveControl(req: IncomingMessage, url: URL, res: ServerResponse): Promise<void> {
    const route = `${req.method} ${url.pathname.replace(/\/$/, '')}`;
    if (route === 'GET /__fake/calls') {
      send(res, 200, { calls: this.recordedCalls(url.searchParams.get('method') ?? undefined) });
      return;
    }
    if (route === 'DELETE /__fake/calls') {
      this.clearCalls();
      send(res, 200, { ok: true });
      return;
    }
    const params = await readParams(req, url);
    const pay = /^POST \/__fake\/pay\/([A-Za-z0-9_-]+)$/.exec(route);
    if (pay) {
      const payer = (params.user ?? { id: int(params, 'userId') }) as Payer;
      if (!Number.isSafeInteger(payer.id)) throw badRequest('user.id is invalid');
      const result = await this.pay(pay[1]!, payer, {
        ...(params.totalAmount !== undefined ? { totalAmount: int(params, 'totalAmount') } : {}),
        ...(params.deliveries !== undefined ? { deliveries: int(params, 'deliveries') } : {}),
      });
      send(res, 200, result);
      return;
    }
    if (route === 'POST /__fake/chat-member') {
      const status = str(params, 'status') as ChatMemberStatus;
      if (!MEMBER_STATUSES.includes(status))
        throw badRequest(`status must be one of ${MEMBER_STATUSES.join(', ')}`);
      this.setChatMember(chatId(params, 'chatId'), int(params, 'userId'), status);
      send(res, 200, { ok: true });
      return;
    }
    if (route === 'POST /__fake/fail') {
      const errorCode = int(params, 'errorCode');
      this.failNext({
        method: str(params, 'method'),
        errorCode,
        description: optStr(params, 'description'),
        ...(params.retryAfter !== undefined ? { retryAfter: int(params, 'retryAfter') } : {}),
        ...(params.times !== undefined ? { times: int(params, 'times') } : {}),
      });
      send(res, 200, { ok: true });
      return;
    }
    if (route === 'POST /__fake/updates') {
      const update = params.update;
      if (typeof update !== 'object' || update === null) throw badRequest('update is empty');
      send(res, 200, { status: await this.deliver(update as Update) });
      return;
    }
    const file = /^GET \/__fake\/files\/([A-Za-z0-9_-]+)$/.exec(route);
    if (file) {
      const data = this.stickerFile(file[1]!);
      if (!data) throw new BotApiError(404, 'Not Found: file');
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': data.length });
      res.end(data);
      return;
    }
    throw new BotApiError(404, 'Not Found');
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

/** Starts a fake Bot API server; `close()` it when done. */
export function startFakeBotApi(options: FakeBotApiOptions): Promise<FakeBotApi> {
  return new FakeBotApi(options).start();
}
