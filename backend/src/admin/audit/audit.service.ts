import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuditEntryDto, Page } from '@mememint/contracts';

import { AuditRepository, type NewAuditEntry } from './audit.repository.js';
import type { AuditEntry } from './entities/audit-entry.entity.js';

export type { NewAuditEntry } from './audit.repository.js';

/**
 * The one audit log of admin and moderation actions (issue 25/26): every admin route, admin CLI
 * command and automatic hide records here, in the transaction of the change it describes.
 */
@Injectable()
export class AuditService {
  constructor(private readonly entries: AuditRepository) {}

  record(entry: NewAuditEntry, em?: EntityManager): Promise<boolean> {
    return this.entries.insert(entry, em);
  }

  async page(action: string | null, page: number, pageSize: number): Promise<Page<AuditEntryDto>> {
    const [rows, total] = await this.entries.page(action, (page - 1) * pageSize, pageSize);
    return { items: rows.map(toAuditEntryDto), page, pageSize, total };
  }
}

export function toAuditEntryDto(entry: AuditEntry): AuditEntryDto {
  return {
    id: entry.id,
    actor: entry.actor,
    action: entry.action,
    target: entry.target,
    reason: entry.reason,
    before: entry.before ?? null,
    after: entry.after ?? null,
    idempotencyKey: entry.idempotencyKey,
    createdAt: entry.createdAt.toISOString(),
  };
}
