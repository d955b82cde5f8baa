import { BALANCE_KINDS, type BalanceKind } from '../../ledger/entities/ledger-entry.entity.js';
import { LedgerUserNotFoundError } from '../../ledger/ledger.errors.js';
import { LedgerService } from '../../ledger/ledger.service.js';
import { UsersService } from '../../users/users.service.js';
import {
  type AdminCommand,
  ExitCode,
  parseAmount,
  parseTgId,
  splitArgs,
  UsageError,
} from '../admin-command.js';

type GrantParams =
  | { tgId: number; balance?: undefined }
  | { tgId: number; balance: { kind: BalanceKind; amount: number; key: string } };

const notFound = (tgId: number) => `No user with tgId ${tgId}: they need to open the app once first.`;

/**
 * `grant <tgId>` makes a player an admin; `grant <tgId> <kind> <amount> --key <key>` gives them a
 * balance through the ledger (reason `admin-grant`, not earned), once per key, and the ledger's
 * after-commit event pushes `balance` to their open sockets.
 */
export const grantCommand: AdminCommand<GrantParams> = {
  name: 'grant',
  usage: ['<tgId>', '<tgId> <credits|coins|swipes> <amount> --key <key>'],
  summary:
    'makes an existing player an admin; with a balance, gives it to them (once per key, e.g. a ticket id)',

  parse(args) {
    const { positionals, values } = splitArgs(args, ['key']);
    const [rawTgId, kind, rawAmount, ...rest] = positionals;
    const tgId = parseTgId(rawTgId);
    if (rest.length > 0) throw new UsageError(`Unexpected arguments: ${rest.join(' ')}.`);
    if (kind === undefined) {
      if (values.key !== undefined) throw new UsageError('--key goes with a balance to grant.');
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
    return { tgId, balance: { kind: kind as BalanceKind, amount, key: values.key } };
  },

  async run(app, { tgId, balance }, output) {
    if (!balance) {
      if (!(await app.get(UsersService).grantAdmin(tgId))) {
        output.error(notFound(tgId));
        return ExitCode.failed;
      }
      output.log(`User ${tgId} is now an admin.`);
      return ExitCode.ok;
    }
    try {
      const result = await app
        .get(LedgerService)
        .apply(tgId, [{ kind: balance.kind, delta: balance.amount }], {
          reason: 'admin-grant',
          idempotencyKey: `admin-grant:${balance.key}`,
        });
      const { generationLimit, memeCoins, swipes } = result.balances;
      output.log(
        result.applied
          ? `Granted ${balance.amount} ${balance.kind} to user ${tgId}.`
          : `Key ${balance.key} was already used for user ${tgId}'s ${balance.kind}: nothing changed.`,
      );
      output.log(`Balances: credits ${generationLimit}, coins ${memeCoins}, swipes ${swipes}.`);
      return ExitCode.ok;
    } catch (error) {
      if (!(error instanceof LedgerUserNotFoundError)) throw error;
      output.error(notFound(tgId));
      return ExitCode.failed;
    }
  },
};
