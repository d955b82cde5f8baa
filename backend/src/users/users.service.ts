import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, Repository } from 'typeorm';
import type { SupportedLanguage } from '@mememint/contracts';
import { AppConfig } from '../config/app.config.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { User } from './entities/user.entity.js';

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
  /** Listed operators become admins at login. */
  isAdmin: boolean;
}

const REFERRAL_PARAM = /^ref_([1-9][0-9]{0,15})$/;

/** Russian when Telegram says Russian (`ru`, `ru-RU`), else English. */
function supportedLanguage(telegramCode: string | null): SupportedLanguage {
  return telegramCode !== null && /^ru(?:-|$)/i.test(telegramCode) ? 'ru' : 'en';
}

function profileColumns(profile: TelegramProfile) {
  return {
    username: profile.username,
    firstName: profile.firstName,
    lastName: profile.lastName,
    languageCode: supportedLanguage(profile.languageCode),
    photoUrl: profile.photoUrl,
    isBot: profile.isBot,
    isPremium: profile.isPremium,
  };
}

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly config: AppConfig,
  ) {}

  async findById(tgId: number): Promise<User | null> {
    return this.users.findOneBy({ tgId });
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
    return this.dataSource.transaction(async (em) => {
      const inserted = await em
        .createQueryBuilder()
        .insert()
        .into(User)
        .values({ tgId: profile.tgId, ...profileColumns(profile), isAdmin: options.isAdmin })
        .orIgnore()
        .returning(['tgId'])
        .execute();

      if (inserted.raw.length > 0) {
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
        await em.update(
          User,
          { tgId: profile.tgId },
          {
            ...profileColumns(profile),
            ...(options.isAdmin ? { isAdmin: true } : {}),
          },
        );
      }
      return em.findOneByOrFail(User, { tgId: profile.tgId });
    });
  }

  async finishOnboarding(tgId: number): Promise<User> {
    await this.users.update({ tgId }, { isOnboardingDone: true });
    return this.getById(tgId);
  }

  /** Makes a user an admin (the `admin grant` command); false when no such user exists. */
  async grantAdmin(tgId: number): Promise<boolean> {
    const result = await this.users.update({ tgId }, { isAdmin: true });
    return (result.affected ?? 0) > 0;
  }

  /**
   * Counts a successful generation of the user, inside the transaction that finishes it; answers
   * what the referral reward depends on.
   */
  async recordGeneration(
    tgId: number,
    em: EntityManager,
  ): Promise<Pick<User, 'generationsCount' | 'referalId' | 'isBot'>> {
    const updated = await em
      .createQueryBuilder()
      .update(User)
      .set({ generationsCount: () => 'generations_count + 1' })
      .where('tg_id = :tgId', { tgId })
      .returning('generations_count, referal_id, is_bot')
      .execute();
    const row = (
      updated.raw as { generations_count: number; referal_id: string | null; is_bot: boolean }[]
    )[0]!;
    return {
      generationsCount: row.generations_count,
      referalId: row.referal_id === null ? null : Number(row.referal_id),
      isBot: row.is_bot,
    };
  }

  /** An invited friend's first generation succeeded: the inviter's referral counters (coins as granted). */
  async recordFriendGenerated(inviterId: number, coins: number, em: EntityManager): Promise<void> {
    await em
      .createQueryBuilder()
      .update(User)
      .set({ friendsGenerated: () => 'friends_generated + 1', referalCoins: () => 'referal_coins + :coins' })
      .where('tg_id = :inviterId', { inviterId, coins })
      .execute();
  }

  /** A new user's `ref_<tgId>` start parameter names an existing other user: record who invited them. */
  private async attachReferrer(em: EntityManager, tgId: number, startParam: string | null): Promise<void> {
    const match = startParam === null ? null : REFERRAL_PARAM.exec(startParam);
    if (!match) return;
    const inviterId = Number(match[1]);
    if (inviterId === tgId || !Number.isSafeInteger(inviterId)) return;
    const bumped = await em
      .createQueryBuilder()
      .update(User)
      .set({ invitedCount: () => 'invited_count + 1' })
      .where('tg_id = :inviterId', { inviterId })
      .execute();
    if (bumped.affected === 0) return;
    await em.update(User, { tgId }, { referalId: inviterId });
  }
}
