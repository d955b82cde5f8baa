import { Injectable } from '@nestjs/common';
import type { AdminOrderDto, AdminRefundResultDto, Page } from '@mememint/contracts';

import { RefundsService } from '../../payments/refunds.service.js';
import { AuditService } from '../audit/audit.service.js';
import { AdminPlayersRepository, toAdminOrderDto } from '../players/admin-players.repository.js';

/** Stars orders for operators: the recent ones, and refunds (the console and `admin refund`). */
@Injectable()
export class AdminOrdersService {
  constructor(
    private readonly players: AdminPlayersRepository,
    private readonly refunds: RefundsService,
    private readonly audit: AuditService,
  ) {}

  async page(page: number, pageSize: number): Promise<Page<AdminOrderDto>> {
    const [rows, total] = await this.players.orders(null, (page - 1) * pageSize, pageSize);
    return { items: rows.map(toAdminOrderDto), page, pageSize, total };
  }

  /**
   * Refunds a paid order through Telegram and takes back what it granted (RefundsService), the
   * audit row committing with our side of it. OrderNotFoundError / OrderNotRefundableError and the
   * Bot API's errors leave everything as it was.
   */
  refund(actor: string, orderId: string, reason: string | null): Promise<AdminRefundResultDto> {
    return this.refunds.refundOrder(orderId, async (em, outcome) => {
      await this.audit.record(
        {
          actor,
          action: 'order.refund',
          target: orderId,
          reason,
          before: { status: 'paid' },
          after: { status: 'refunded', takenBack: outcome.takenBack, boostDays: outcome.boostDaysTakenBack },
        },
        em,
      );
    });
  }
}
