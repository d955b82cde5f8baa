import { HttpException, NotFoundException } from '@nestjs/common';

import { AUDIT_ACTORS } from '../audit/entities/audit-entry.entity.js';
import { BALANCE_KINDS, type BalanceKind } from '../../ledger/entities/ledger-entry.entity.js';
import { AdminPlayersService } from '../players/admin-players.service.js';
import { BalanceGrantsService } from '../players/balance-grants.service.js';
import {
  type AdminCommand,
  detailOf,
  ExitCode,
  parseAmount,
  parseTgId,
  splitArgs,
  UsageError,
} from '../admin-command.js';

type GrantParams =
  | { tgId: number; balance?: undefined }
  | { tgId: number; balance: { kind: BalanceKind; amount: number; key: string; reason: string | null } };

const notFound = (tgId: number) => `No user with tgId ${tgId}: they need to open the app once first.`;

/**
 * `grant <tgId>` makes a player an admin; `grant <tgId> <kind> <amount> --key <key>` gives them a
 * balance through the ledger (reason `admin-grant`, not earned), once per key, and the ledger's
 * after-commit event pushes `balance` to their open sockets. The console's operations
 * (AdminPlayersService, BalanceGrantsService), audited with actor `cli`.
 */
export const grantCommand: AdminCommand<GrantParams> = {
  name: 'grant',
  usage: ['<tgId>', '<tgId> <credits|coins|swipes> <amount> --key <key> [--reason <text>]'],
  summary:
    'makes an existing player an admin; with a balance, gives it to them (once per key, e.g. a ticket id)',

  parse(args) {
    const { positionals, values } = splitArgs(args, ['key', 'reason']);
    const [rawTgId, kind, rawAmount, ...rest] = positionals;
    const tgId = parseTgId(rawTgId);
    if (rest.length > 0) throw new UsageError(`Unexpected arguments: ${rest.join(' ')}.`);
    if (kind === undefined) {
      if (values.key !== undefined || values.reason !== undefined)
        throw new UsageError('--key goes with a balance to grant.');
      return { tgId };
    }
    if (!(BALANCE_KINDS as readonly string[]).includes(kind)) {
      throw new UsageError(
        `The balance must be one of ${BALANCE_KINDS.join(', ')}, got ${JSON.stringify(kind)}.`,
      );
    }
    const amount = parseAmount(rawAmount);
    if (!values.key)
      throw new UsageError('A balance grant needs --key <key>, so running it again grants nothing more.');
    return {
      tgId,
      balance: { kind: kind as BalanceKind, amount, key: values.key, reason: values.reason ?? null },
    };
  },

  async run(app, { tgId, balance }, output) {
    try {
      if (!balance) {
        await app.get(AdminPlayersService).setAdmin(AUDIT_ACTORS.cli, tgId, true, null);
        output.log(`User ${tgId} is now an admin.`);
        return ExitCode.ok;
      }
      const result = await app.get(BalanceGrantsService).grant(AUDIT_ACTORS.cli, tgId, balance);
      const { generationLimit, memeCoins, swipes } = result.balances;
      output.log(
        result.applied
          ? `Granted ${balance.amount} ${balance.kind} to user ${tgId}.`
          : `Key ${balance.key} was already used for user ${tgId}'s ${balance.kind}: nothing changed.`,
      );
      output.log(`Balances: credits ${generationLimit}, coins ${memeCoins}, swipes ${swipes}.`);
      return ExitCode.ok;
    } catch (error) {
      if (error instanceof NotFoundException) {
        output.error(notFound(tgId));
        return ExitCode.failed;
      }
      if (error instanceof HttpException) {
        output.error(detailOf(error));
        return ExitCode.failed;
      }
      throw error;
    }
  },
};
