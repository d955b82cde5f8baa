import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SupportedLanguage } from '@mememint/contracts';
import { AppConfig } from '../config/app.config.js';
import { Transactions } from '../database/transactions.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { NAME_MAX_LENGTH, type User, USERNAME_MAX_LENGTH } from './entities/user.entity.js';
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

const REFERRAL_PARAM = /^ref_([1-9][0-9]{0,15})$/;

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
  constructor(
    private readonly users: UsersRepository,
    private readonly transactions: Transactions,
    private readonly ledger: LedgerService,
    private readonly config: AppConfig,
  ) {}

  async findById(tgId: number): Promise<User | null> {
    return this.users.findById(tgId);
  }

  async getById(tgId: number): Promise<User> {
    const user = await this.findById(tgId);
    if (!user) throw new NotFoundException('User not found.');
    return user;
  }

  /**
   * Creates the user on first login (opening balances, referral) or refreshes their Telegram profile.
   * Safe under concurrent first logins: only the request whose insert wins does the one-time work.
   */
  signIn(profile: TelegramProfile, options: SignInOptions): Promise<User> {
    return this.transactions.run(async (em) => {
      const columns = profileColumns(profile);
      if (await this.users.insertIfNew(em, profile.tgId, columns, options.isConfigAdmin)) {
        await this.ledger.apply(
          profile.tgId,
          [
            { kind: 'credits', delta: this.config.generation.newUserCredits },
            { kind: 'swipes', delta: this.config.swipes.max },
          ],
          { reason: 'opening', idempotencyKey: 'opening' },
          em,
        );
        await this.attachReferrer(em, profile.tgId, options.startParam);
      } else {
        await this.users.updateAtLogin(em, profile.tgId, columns, options.isConfigAdmin);
      }
      return (await this.users.findById(profile.tgId, em))!;
    });
  }

  async finishOnboarding(tgId: number): Promise<User> {
    await this.users.update(tgId, { isOnboardingDone: true });
    return this.getById(tgId);
  }

  /** The player proved a TON wallet, inside the transaction that links it. */
  async markHasTon(tgId: number, em: EntityManager): Promise<void> {
    await this.users.update(tgId, { hasTon: true }, em);
  }

  /** Makes a user an admin (the `admin grant` command) whatever ADMIN_TG_IDS says; false when no such user exists. */
  async grantAdmin(tgId: number): Promise<boolean> {
    return this.users.update(tgId, { isAdmin: true, adminByCommand: true });
  }

  /**
   * Counts a successful generation of the user, inside the transaction that finishes it; answers
   * what the referral reward depends on.
   */
  async recordGeneration(
    tgId: number,
    em: EntityManager,
  ): Promise<Pick<User, 'generationsCount' | 'referalId' | 'isBot'>> {
    return this.users.incrementGenerations(em, tgId);
  }

  /** An invited friend's first generation succeeded: the inviter's referral counters (coins as granted). */
  async recordFriendGenerated(inviterId: number, coins: number, em: EntityManager): Promise<void> {
    await this.users.incrementFriendsGenerated(em, inviterId, coins);
  }

  /**
   * GAME.md "Decisions" → Boosts: the one way `boostEnds` moves. Adds days from now or from the
   * current end, whichever is later; negative days (a refund) take them back from there. Answers
   * the new end.
   */
  async extendBoost(tgId: number, days: number, em: EntityManager): Promise<Date> {
    const ends = await this.users.extendBoost(em, tgId, days);
    if (!ends) throw new NotFoundException('User not found.');
    return ends;
  }

  /** A quest's reward was granted: `tasksCount` += 1, inside the granting transaction. */
  async recordTaskDone(tgId: number, em: EntityManager): Promise<void> {
    await this.users.incrementTasks(em, tgId);
  }

  /** A new user's `ref_<tgId>` start parameter names an existing other user: record who invited them. */
  private async attachReferrer(em: EntityManager, tgId: number, startParam: string | null): Promise<void> {
    const match = startParam === null ? null : REFERRAL_PARAM.exec(startParam);
    if (!match) return;
    const inviterId = Number(match[1]);
    if (inviterId === tgId || !Number.isSafeInteger(inviterId)) return;
    if (await this.users.incrementInvited(em, inviterId))
      await this.users.update(tgId, { referalId: inviterId }, em);
  }
}
