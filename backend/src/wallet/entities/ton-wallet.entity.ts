import { Column, Entity, Index, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';

import { bigintNumber } from '../../database/bigint-number.transformer.js';
import { User } from '../../users/entities/user.entity.js';

/**
 * A player's verified TON wallet (GAME.md "TON wallet and airdrop"): one per player (the key), one
 * player per wallet (the unique raw address). Linking another wallet replaces the row.
 */
@Entity({ name: 'ton_wallets' })
export class TonWallet {
  @PrimaryColumn({ name: 'user_id', type: 'bigint', transformer: bigintNumber })
  userId!: number;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** `<workchain>:<hex>`: the one spelling of an address, so the unique index sees every duplicate. */
  @Index('ton_wallets_raw_address_uq', { unique: true })
  @Column({ name: 'raw_address', type: 'varchar', length: 80 })
  rawAddress!: string;

  /** User-friendly, non-bounceable, as wallets show it. */
  @Column({ type: 'varchar', length: 48 })
  address!: string;

  @Column({ name: 'public_key', type: 'char', length: 64 })
  publicKey!: string;

  /** `v3r2`, `v4r2` or `v5r1`. */
  @Column({ name: 'wallet_version', type: 'varchar', length: 8 })
  walletVersion!: string;

  @Column({ type: 'varchar', length: 8 })
  network!: string;

  @UpdateDateColumn({ name: 'linked_at', type: 'timestamptz' })
  linkedAt!: Date;
}
