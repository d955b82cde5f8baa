import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

import { bigintNumber } from '../../database/bigint-number.transformer.js';

/**
 * A Telegram id whose account was deleted: all that is kept of it, so the same id signing up again
 * gets no new-player credits and its inviter no second sign-up bonus (GAME.md "Decisions for the
 * launch round"). The ledger's rows live on under a tombstone id that nothing links back here.
 */
@Entity({ name: 'deleted_accounts' })
export class DeletedAccount {
  @PrimaryColumn({ name: 'tg_id', type: 'bigint', transformer: bigintNumber })
  tgId!: number;

  @CreateDateColumn({ name: 'deleted_at', type: 'timestamptz' })
  deletedAt!: Date;
}
