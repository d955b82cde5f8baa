import { randomInt } from 'node:crypto';

import { ForbiddenException, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import {
  ErrorText,
  type Page,
  type PromoApplyResponse,
  type PromoCodeDto,
  type PromoErrorCode,
} from '@mememint/contracts';

import { AppConfig } from '../config/app.config.js';
import { Transactions } from '../database/transactions.js';
import { LedgerService } from '../ledger/ledger.service.js';
import type { User } from '../users/entities/user.entity.js';
import type { PromoCode } from './entities/promo-code.entity.js';
import { PromocodesRepository } from './promocodes.repository.js';

/** GAME.md "Promo codes": 8 characters of A–Z and 2–9. */
const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ23456789';
/** A fresh code colliding this many times in a row means the code space is too small, not bad luck. */
const MAX_DRAWS = 10;
/** Longer input is no code of ours (and is answered without a query). */
const MAX_CODE_LENGTH = 32;

function promoError(status: HttpStatus, detail: string, code: PromoErrorCode): HttpException {
  return new HttpException({ detail, code }, status);
}

function drawCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export function toPromoCodeDto(code: PromoCode): PromoCodeDto {
  return {
    id: code.code,
    description: code.description,
    generationLimit: code.creditsPerUse,
    uses: code.uses,
    maxUses: code.maxUses,
    createdAt: code.createdAt.toISOString(),
  };
}

@Injectable()
export class PromocodesService {
  constructor(
    private readonly codes: PromocodesRepository,
    private readonly transactions: Transactions,
    private readonly ledger: LedgerService,
    private readonly config: AppConfig,
  ) {}

  /** Influencers make codes (others 403), granting PROMO_CREDITS_PER_USE for PROMO_MAX_USES uses. */
  async create(user: User, description: string | null): Promise<{ id: string }> {
    if (!user.infl) {
      throw new ForbiddenException({
        detail: ErrorText.promoInfluencersOnly,
        code: 'PROMO_INFLUENCERS_ONLY' satisfies PromoErrorCode,
      });
    }
    for (let draw = 0; draw < MAX_DRAWS; draw++) {
      const code = drawCode(this.config.promo.codeLength);
      const created = await this.codes.insertIfNew({
        code,
        ownerId: user.tgId,
        description,
        creditsPerUse: this.config.promo.creditsPerUse,
        maxUses: this.config.promo.maxUses,
      });
      if (created) return { id: code };
    }
    throw new Error(`No free promo code after ${MAX_DRAWS} draws of length ${this.config.promo.codeLength}.`);
  }

  /**
   * Grants the code's credits once per player per code: too short 400, unknown 404, own code 400,
   * used before 409, no uses left 410. The use, its count and the credits commit together.
   */
  async apply(userId: number, rawCode: string): Promise<PromoApplyResponse> {
    const code = rawCode.trim().toUpperCase();
    if (code.length < this.config.promo.minLength)
      throw promoError(HttpStatus.BAD_REQUEST, ErrorText.promoTooShort, 'PROMO_TOO_SHORT');
    const notFound = promoError(HttpStatus.NOT_FOUND, ErrorText.promoNotFound, 'PROMO_NOT_FOUND');
    if (code.length > MAX_CODE_LENGTH) throw notFound;

    return this.transactions.run(async (em) => {
      const promo = await this.codes.findByCode(code, em);
      if (!promo) throw notFound;
      if (promo.ownerId === userId)
        throw promoError(HttpStatus.BAD_REQUEST, ErrorText.promoOwnCode, 'PROMO_OWN_CODE');
      if (!(await this.codes.recordUse(em, code, userId)))
        throw promoError(HttpStatus.CONFLICT, ErrorText.promoAlreadyUsed, 'PROMO_ALREADY_USED');
      if (!(await this.codes.takeUse(em, code)))
        throw promoError(HttpStatus.GONE, ErrorText.promoExhausted, 'PROMO_EXHAUSTED');
      const { balances } = await this.ledger.addCredits(
        userId,
        promo.creditsPerUse,
        { reason: 'promo', idempotencyKey: `promo:${code}` },
        em,
      );
      return { generationLimit: promo.creditsPerUse, promoDescription: promo.description, balances };
    });
  }

  /** The player's own codes, newest first, with their use counts. */
  async mine(ownerId: number, page: number, pageSize: number): Promise<Page<PromoCodeDto>> {
    const [codes, total] = await this.codes.pageOfOwner(ownerId, (page - 1) * pageSize, pageSize);
    return { items: codes.map(toPromoCodeDto), page, pageSize, total };
  }
}
