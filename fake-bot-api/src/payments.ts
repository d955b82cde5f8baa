import { randomBytes } from 'node:crypto';

import type { LabeledPrice, Message, PreCheckoutQuery, Update, User } from '@grammyjs/types';

import { BotApiError, badRequest, bool, int, optStr, type Params, str } from './params.js';

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

/** What payments need of the rest of the fake bot. */
export interface PaymentsHost {
  /** Posts an update to the bot's webhook; answers the webhook's HTTP status. */
  deliver(update: Omit<Update, 'update_id'>): Promise<number>;
  /** The next message id of the bot's chats. */
  nextMessageId(): number;
  /** How long a pre-checkout query waits for the bot's answer. */
  preCheckoutTimeoutMs: number;
}

const STAR_CHARGE_PREFIX = 'stxFAKE';

/**
 * Telegram Stars payments as Telegram plays them: invoice links the bot creates, a user paying one
 * (pre-checkout query, the bot's answer, successful_payment), and refunds of the charges made.
 */
export class Payments {
  private readonly invoices = new Map<string, Invoice>();
  private readonly preCheckouts = new Map<string, (answer: { ok: boolean; errorMessage?: string }) => void>();
  private readonly charges = new Map<string, { userId: number; refunded: boolean }>();

  constructor(private readonly host: PaymentsHost) {}

  /** A user pays an invoice link's slug: the pre_checkout_query, then (answered ok) the successful_payment. */
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
    let timer: NodeJS.Timeout | undefined;
    const answered = new Promise<PayResult['preCheckout']>((resolve) => {
      this.preCheckouts.set(query.id, resolve);
      timer = setTimeout(() => resolve({ ok: false, timeout: true }), this.host.preCheckoutTimeoutMs);
    });
    const deliveries = [await this.host.deliver({ pre_checkout_query: query })];
    // A webhook that refused the update will not answer it either.
    if (deliveries[0]! >= 300)
      this.preCheckouts.get(query.id)?.({ ok: false, errorMessage: `the webhook answered ${deliveries[0]}` });
    const preCheckout = await answered;
    clearTimeout(timer);
    this.preCheckouts.delete(query.id);
    if (!preCheckout.ok) return { preCheckout, deliveries };

    const chargeId = `${STAR_CHARGE_PREFIX}${randomBytes(12).toString('hex')}`;
    this.charges.set(chargeId, { userId: from.id, refunded: false });
    const message = {
      message_id: this.host.nextMessageId(),
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
    deliveries.push(
      ...(await Promise.all(Array.from({ length: repeats }, () => this.host.deliver({ message })))),
    );
    return { preCheckout, telegramPaymentChargeId: chargeId, deliveries };
  }

  createInvoiceLink(params: Params): string {
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

  answerPreCheckoutQuery(params: Params): true {
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

  refundStarPayment(params: Params): true {
    const userId = int(params, 'user_id');
    const charge = this.charges.get(str(params, 'telegram_payment_charge_id'));
    if (!charge || charge.userId !== userId) throw badRequest('CHARGE_NOT_FOUND');
    if (charge.refunded) throw badRequest('CHARGE_ALREADY_REFUNDED');
    charge.refunded = true;
    return true;
  }
}
