import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Who acted when no admin's Telegram id does: the admin CLI, or the game's own moderation (reports). */
export const AUDIT_ACTORS = { cli: 'cli', system: 'system' } as const;

/**
 * One admin or moderation action (HTTP admin routes, the admin CLI, a meme hidden by reports): who,
 * what, on what, why, the state before and after, and the operator's idempotency key. Rows are only
 * ever added; a repeated key of the same action adds none.
 */
@Entity({ name: 'audit_entries' })
@Index('audit_entries_created_idx', ['createdAt'])
@Index('audit_entries_action_created_idx', ['action', 'createdAt'])
@Index('audit_entries_action_key_uq', ['action', 'idempotencyKey'], {
  unique: true,
  where: '"idempotency_key" IS NOT NULL',
})
export class AuditEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  /** An admin's Telegram id, `cli` or `system` (AUDIT_ACTORS). */
  @Column({ type: 'varchar', length: 32 })
  actor!: string;

  /** What was done, `<subject>.<verb>` (e.g. `meme.hide`, `user.ban`). */
  @Column({ type: 'varchar', length: 64 })
  action!: string;

  /** What it was done to (a meme id, a Telegram id, …). */
  @Column({ type: 'varchar', length: 128 })
  target!: string;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  before!: unknown;

  @Column({ type: 'jsonb', nullable: true })
  after!: unknown;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 255, nullable: true })
  idempotencyKey!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
