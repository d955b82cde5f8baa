import { LedgerService } from '../../ledger/ledger.service.js';
import { type AdminCommand, ExitCode, parseTgId, splitArgs, UsageError } from '../admin-command.js';

/**
 * `ledger:check [--user <tgId>]` checks the books: every balance (credits, coins, swipes) equals the
 * sum of its ledger rows. Exit 0 when they do; exit 1 with each difference when not (for alerts,
 * after an incident, and the scale-out rehearsal's verdict).
 */
export const ledgerCheckCommand: AdminCommand<{ userId?: number }> = {
  name: 'ledger:check',
  usage: ['[--user <tgId>]'],
  summary: 'checks that every balance equals the sum of its ledger rows (exit 1 with the differences)',

  parse(args) {
    const { positionals, values } = splitArgs(args, ['user']);
    if (positionals.length > 0) throw new UsageError(`Unexpected arguments: ${positionals.join(' ')}.`);
    return values.user === undefined ? {} : { userId: parseTgId(values.user) };
  },

  async run(app, { userId }, output) {
    const imbalances = await app.get(LedgerService).findImbalances(userId);
    if (imbalances.length === 0) {
      output.log(
        `The books balance: every ${userId === undefined ? '' : `${userId}'s `}balance equals its ledger.`,
      );
      return ExitCode.ok;
    }
    for (const { userId: user, kind, balance, ledgerSum } of imbalances)
      output.error(`User ${user} ${kind}: balance ${balance}, ledger rows sum to ${ledgerSum}.`);
    output.error(`${imbalances.length} balance(s) differ from their ledger.`);
    return ExitCode.failed;
  },
};
