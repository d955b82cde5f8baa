import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { type Gender, GENDERS, type SupportedLanguage } from '@mememint/contracts';

import { bigintNumber } from '../../database/bigint-number.transformer.js';

/** Column lengths of the Telegram profile (PostgreSQL counts characters, i.e. code points). */
export const USERNAME_MAX_LENGTH = 64;
export const NAME_MAX_LENGTH = 256;

/**
 * A player, keyed by their Telegram id. Every field of docs/SPEC.md §3 lives here. The three balances
 * (`generationLimit`, `memeCoins`, `swipes`) start at 0 in the row and only ever change through
 * LedgerService, which writes the opening grant when the user is created.
 */
@Entity({ name: 'users' })
@Check('users_balances_non_negative', '"generation_limit" >= 0 AND "meme_coins" >= 0 AND "swipes" >= 0')
@Check('users_admin_sources', '"is_admin" = ("admin_by_config" OR "admin_by_command")')
export class User {
  @PrimaryColumn({ name: 'tg_id', type: 'bigint', transformer: bigintNumber })
  tgId!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'is_bot', type: 'boolean', default: false })
  isBot!: boolean;

  /** Admin rights: listed in ADMIN_TG_IDS at the last login, or granted by `npm run admin -- grant`. */
  @Column({ name: 'is_admin', type: 'boolean', default: false })
  isAdmin!: boolean;

  /** Listed in ADMIN_TG_IDS at the last login; the list is the source of truth, so it is rewritten then. */
  @Column({ name: 'admin_by_config', type: 'boolean', default: false })
  adminByConfig!: boolean;

  /** Granted by the operator command; stays whatever the list says. */
  @Column({ name: 'admin_by_command', type: 'boolean', default: false })
  adminByCommand!: boolean;

  /** Telegram Premium, from init data; the game's premium is `boostEnds`. */
  @Column({ name: 'is_premium', type: 'boolean', default: false })
  isPremium!: boolean;

  @Column({ name: 'is_onboarding_done', type: 'boolean', default: false })
  isOnboardingDone!: boolean;

  /** Who invited this user (spelled as the API spells it). */
  @Index('users_referal_id_idx')
  @Column({ name: 'referal_id', type: 'bigint', nullable: true, transformer: bigintNumber })
  referalId!: number | null;

  @Column({ name: 'has_ton', type: 'boolean', default: false })
  hasTon!: boolean;

  @Column({ type: 'varchar', length: USERNAME_MAX_LENGTH, nullable: true })
  username!: string | null;

  @Column({ name: 'first_name', type: 'varchar', length: NAME_MAX_LENGTH, nullable: true })
  firstName!: string | null;

  @Column({ name: 'last_name', type: 'varchar', length: NAME_MAX_LENGTH, nullable: true })
  lastName!: string | null;

  @Column({ name: 'language_code', type: 'varchar', length: 8, default: 'en' })
  languageCode!: SupportedLanguage;

  @Column({ name: 'photo_url', type: 'text', nullable: true })
  photoUrl!: string | null;

  /** Credits left. */
  @Column({ name: 'generation_limit', type: 'integer', default: 0 })
  generationLimit!: number;

  @Column({ name: 'meme_coins', type: 'integer', default: 0 })
  memeCoins!: number;

  @Column({ name: 'tasks_count', type: 'integer', default: 0 })
  tasksCount!: number;

  @Column({ name: 'generations_count', type: 'integer', default: 0 })
  generationsCount!: number;

  @Column({ name: 'invited_count', type: 'integer', default: 0 })
  invitedCount!: number;

  @Column({ name: 'friends_generated', type: 'integer', default: 0 })
  friendsGenerated!: number;

  @Column({ name: 'referal_coins', type: 'integer', default: 0 })
  referalCoins!: number;

  /** Influencer flag. */
  @Column({ type: 'boolean', default: false })
  infl!: boolean;

  /** Stars accrued from squad members' purchases (a payout balance, not coins). */
  @Column({ name: 'referral_spending', type: 'integer', default: 0 })
  referralSpending!: number;

  /** The influencer whose squad this user joined through an invite. */
  @Column({ name: 'ref_infl', type: 'bigint', nullable: true, transformer: bigintNumber })
  refInfl!: number | null;

  @Column({ name: 'boost_ends', type: 'timestamptz', nullable: true })
  boostEnds!: Date | null;

  @Column({ type: 'integer', default: 0 })
  swipes!: number;

  /**
   * The balances' version (contracts' BalanceVersioned): raised by one in the ledger's UPDATE that
   * changes any of the three balances, so a client can tell a late event from a newer answer.
   */
  @Column({ name: 'balance_version', type: 'bigint', default: 0, transformer: bigintNumber })
  balanceVersion!: number;

  /** When the lazy swipe refill was last settled (GAME.md "Swipes"). */
  @Column({ name: 'swipes_refilled_at', type: 'timestamptz', default: () => 'now()' })
  swipesRefilledAt!: Date;

  @Column({ name: 'swiped_count', type: 'integer', default: 0 })
  swipedCount!: number;

  @Column({ name: 'swiped_gift_count', type: 'integer', default: 0 })
  swipedGiftCount!: number;

  /** Said on Profile; the template list puts this gender's templates first. Null: not said. */
  @Column({ type: 'enum', enum: GENDERS, enumName: 'user_gender', nullable: true })
  gender!: Gender | null;

  /**
   * When the player agreed to the face-photo note (`POST /v1/users/face/consent/`): use their own face
   * or one they may use, and what happens to the photo. No face photo is taken before it.
   */
  @Column({ name: 'face_consent_at', type: 'timestamptz', nullable: true })
  faceConsentAt!: Date | null;
}
