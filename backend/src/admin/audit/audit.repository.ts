import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';

import { AuditEntry } from './entities/audit-entry.entity.js';

/** What an action records (AuditEntry without its id and time). */
export type NewAuditEntry = Pick<AuditEntry, 'actor' | 'action' | 'target'> &
  Partial<Pick<AuditEntry, 'reason' | 'before' | 'after' | 'idempotencyKey'>>;

/** The audit_entries table. */
@Injectable()
export class AuditRepository {
  constructor(@InjectRepository(AuditEntry) private readonly entries: Repository<AuditEntry>) {}

  /** Adds a row (in the caller's transaction when given); false when its action's key was used before. */
  async insert(entry: NewAuditEntry, em: EntityManager = this.entries.manager): Promise<boolean> {
    const rows: unknown[] = await em.query(
      `INSERT INTO audit_entries (actor, action, target, reason, before, after, idempotency_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (action, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
       RETURNING 1`,
      [
        entry.actor,
        entry.action,
        entry.target,
        entry.reason ?? null,
        entry.before === undefined ? null : JSON.stringify(entry.before),
        entry.after === undefined ? null : JSON.stringify(entry.after),
        entry.idempotencyKey ?? null,
      ],
    );
    return rows.length > 0;
  }

  /** Newest first, of one action when given. */
  page(action: string | null, skip: number, take: number): Promise<[AuditEntry[], number]> {
    return this.entries.findAndCount({
      where: action === null ? {} : { action },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip,
      take,
    });
  }
}
