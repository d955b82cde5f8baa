import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  type AdminGrantResultDto,
  type BalanceDto,
  ErrorText,
  type GrantKind,
  ErrorCode,
} from '@mememint/contracts';

import { Transactions } from '../../database/transactions.js';
import { InsufficientBalanceError, LedgerUserNotFoundError } from '../../ledger/ledger.errors.js';
import { LedgerService } from '../../ledger/ledger.service.js';
import { AuditService } from '../audit/audit.service.js';

/** The balance field of each kind, as BalanceDto names it. */
const FIELD: Record<GrantKind, keyof BalanceDto> = {
  credits: 'generationLimit',
  coins: 'memeCoins',
  swipes: 'swipes',
};

export interface GrantRequest {
  kind: GrantKind;
  /** Positive gives (`admin-grant`), negative takes (`revoke`); never below 0. */
  amount: number;
  reason: string | null;
  /** The operator's ticket: one grant per key, whoever runs it again. */
  key: string;
}

/**
 * An operator's grant (the console and `admin grant … --key`): one ledger row under the ticket's
 * key and its audit row, in one transaction. The same key again changes nothing (the ledger's key,
 * per player and balance); the key of another grant is refused (the audit's key, per action).
 */
@Injectable()
export class BalanceGrantsService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
  ) {}

  grant(actor: string, tgId: number, request: GrantRequest): Promise<AdminGrantResultDto> {
    const { kind, amount, key } = request;
    return this.transactions.run(async (em) => {
      let result;
      try {
        result = await this.ledger.apply(
          tgId,
          [{ kind, delta: amount }],
          { reason: amount > 0 ? 'admin-grant' : 'revoke', idempotencyKey: `admin-grant:${key}` },
          em,
        );
      } catch (error) {
        if (error instanceof LedgerUserNotFoundError) throw new NotFoundException(ErrorText.userNotFound);
        if (error instanceof InsufficientBalanceError)
          throw new BadRequestException({
            detail: `The player has ${error.available} ${kind}: a balance cannot go below 0`,
            code: ErrorCode.balanceBelowZero,
          });
        throw error;
      }
      if (result.applied) {
        const after = result.balances[FIELD[kind]];
        const recorded = await this.audit.record(
          {
            actor,
            action: 'user.grant',
            target: String(tgId),
            reason: request.reason,
            before: { [kind]: after - amount },
            after: { [kind]: after },
            idempotencyKey: key,
          },
          em,
        );
        if (!recorded)
          throw new ConflictException({
            detail: `The key ${key} was used for another grant: use a new key`,
            code: ErrorCode.grantKeyUsed,
          });
      }
      return { tgId, applied: result.applied, balances: result.balances };
    });
  }
}
