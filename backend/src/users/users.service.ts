import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type BalanceDto, ErrorText, type SupportedLanguage } from '@mememint/contracts';

import { AppConfig } from '../config/app.config.js';
import { Transactions } from '../database/transactions.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { NAME_MAX_LENGTH, type User, USERNAME_MAX_LENGTH } from './entities/user.entity.js';
import { ReferralsService } from './referrals.service.js';
import { type UserProfile, UsersRepository } from './users.repository.js';

/** What Telegram tells us about a user at login. */
export interface TelegramProfile {
  tgId: number;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  /** Telegram's IETF language tag, e.g. `ru`, `en-US`. */
  languageCode: string | null;
  photoUrl: string | null;
  isBot: boolean;
  isPremium: boolean;
}

export interface SignInOptions {
  /** The init data's `start_param`; `ref_<tgId>` refers a new user. */
  startParam: string | null;
  /** Listed in ADMIN_TG_IDS: an admin while listed, no longer one (unless granted) once not. */
  isConfigAdmin: boolean;
}

/** A new user as the sign-up handlers see it. */
export type SignedUpUser = Pick<User, 'tgId' | 'referalId' | 'refInfl'>;

/**
 * Work another module does when a user signs up, inside the sign-up transaction (a failure rolls the
 * sign-up back); what it returns runs once the sign-up has committed, before the login answers.
 * Modules above users register one with {@link UsersService.onSignUp}.
 */
export type SignUpHandler = (em: EntityManager, user: SignedUpUser) => Promise<(() => Promise<void>) | void>;

/** Whether a Telegram id signing up had an account that was deleted, in the sign-up's transaction. */
export type ReturningCheck = (em: EntityManager, tgId: number) => Promise<boolean>;

/** Russian when Telegram says Russian (`ru`, `ru-RU`), else English. */
function supportedLanguage(telegramCode: string | null): SupportedLanguage {
  return telegramCode !== null && /^ru(?:-|$)/i.test(telegramCode) ? 'ru' : 'en';
}

/**
 * Profile text as a column holds it: NUL characters (which PostgreSQL refuses) removed, cut to the
 * column's length in code points (never half an emoji). Telegram signed it, so a name longer than
 * Telegram itself allows still logs its player in, stored shortened (docs/OPERATIONS.md).
 */
function fitText(value: string | null, maxLength?: number): string | null {
  if (value === null) return null;
  const characters = [...value.replaceAll('\u0000', '')];
  const text = (maxLength === undefined ? characters : characters.slice(0, maxLength)).join('');
  return text === '' ? null : text;
}

function profileColumns(profile: TelegramProfile): UserProfile {
  return {
    username: fitText(profile.username, USERNAME_MAX_LENGTH),
    firstName: fitText(profile.firstName, NAME_MAX_LENGTH),
    lastName: fitText(profile.lastName, NAME_MAX_LENGTH),
    languageCode: supportedLanguage(profile.languageCode),
    photoUrl: fitText(profile.photoUrl),
    isBot: profile.isBot,
    isPremium: profile.isPremium,
  };
}

@Injectable()
export class UsersService {
  private readonly signUpHandlers: SignUpHandler[] = [];
  private returningCheck: ReturningCheck = () => Promise.resolve(false);

  constructor(
    private readonly users: UsersRepository,
    private readonly transactions: Transactions,
    private readonly ledger: LedgerService,
    private readonly referrals: ReferralsService,
    private readonly config: AppConfig,
  ) {}

  async findById(tgId: number): Promise<User | null> {
    return this.users.findById(tgId);
  }

  async getById(tgId: number): Promise<User> {
    const user = await this.findById(tgId);
    if (!user) throw new NotFoundException(ErrorText.userNotFound);
    return user;
  }

  async balancesOf(tgId: number): Promise<BalanceDto> {
    const user = await this.getById(tgId);
    return {
      generationLimit: user.generationLimit,
      memeCoins: user.memeCoins,
      swipes: user.swipes,
      balanceVersion: user.balanceVersion,
    };
  }

  /**
   * Creates the user on first login (opening balances, referral) or refreshes their Telegram profile.
   * Safe under concurrent first logins: only the request whose insert wins does the one-time work.
   */
  async signIn(profile: TelegramProfile, options: SignInOptions): Promise<User> {
    const afterCommit: (() => Promise<void>)[] = [];
    const user = await this.transactions.run(async (em) => {
      const columns = profileColumns(profile);
      if (await this.users.insertIfNew(em, profile.tgId, columns, options.isConfigAdmin)) {
        // A Telegram id whose account was deleted signs up with no new-player credits and refers no one.
        const returning = await this.returningCheck(em, profile.tgId);
        await this.ledger.apply(
          profile.tgId,
          [
            ...(returning
              ? []
              : [{ kind: 'credits' as const, delta: this.config.generation.newUserCredits }]),
            { kind: 'swipes', delta: this.config.swipes.max },
          ],
          { reason: 'opening', idempotencyKey: 'opening' },
          em,
        );
        const referral = returning
          ? null
          : await this.referrals.attachReferrer(em, profile.tgId, options.startParam);
        for (const handler of this.signUpHandlers) {
          const then = await handler(em, { tgId: profile.tgId, referalId: null, refInfl: null, ...referral });
          if (then) afterCommit.push(then);
        }
      } else {
        await this.users.updateAtLogin(em, profile.tgId, columns, options.isConfigAdmin);
      }
      return (await this.users.findById(profile.tgId, em))!;
    });
    for (const then of afterCommit) await then();
    return user;
  }

  async finishOnboarding(tgId: number): Promise<User> {
    await this.users.update(tgId, { isOnboardingDone: true });
    return this.getById(tgId);
  }

  /** `POST /v1/users/face/consent/`: the player agreed to the face-photo note; the first time is kept. */
  consentToFace(tgId: number): Promise<Date> {
    return this.users.consentToFace(tgId);
  }

  /** The player's own settings from Profile (`PATCH /v1/users/me/`). */
  async updateSettings(tgId: number, settings: Pick<User, 'gender'>): Promise<User> {
    await this.users.update(tgId, { gender: settings.gender });
    return this.getById(tgId);
  }

  /** Makes a user an admin (the `admin grant` command) whatever ADMIN_TG_IDS says; false when no such user exists. */
  async grantAdmin(tgId: number, em?: EntityManager): Promise<boolean> {
    return this.users.update(tgId, { isAdmin: true, adminByCommand: true }, em);
  }

  /**
   * Takes back the command's admin grant (`admin revoke`); a config admin (ADMIN_TG_IDS) stays one.
   * Answers whether the user is still an admin, or null when no such user exists.
   */
  async revokeAdmin(tgId: number, em?: EntityManager): Promise<{ isAdmin: boolean } | null> {
    return this.users.revokeCommandAdmin(tgId, em);
  }

  /** How sign-ups tell a Telegram id whose account was deleted (the account-deletion module's). */
  onReturningCheck(check: ReturningCheck): void {
    this.returningCheck = check;
  }

  /** Runs `handler` in every later sign-up's transaction (squads join a new player to their influencer's). */
  onSignUp(handler: SignUpHandler): void {
    this.signUpHandlers.push(handler);
  }

  /** Profiles of these users by id (missing ones are absent), for boards and lists. */
  async profiles(tgIds: readonly number[]): Promise<Map<number, User>> {
    return new Map((await this.users.findProfiles(tgIds)).map((user) => [user.tgId, user]));
  }
}
