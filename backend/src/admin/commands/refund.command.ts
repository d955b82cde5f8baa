import { OrderNotFoundError, OrderNotRefundableError } from '../../payments/payments.errors.js';
import { AUDIT_ACTORS } from '../audit/entities/audit-entry.entity.js';
import { AdminOrdersService } from '../orders/admin-orders.service.js';
import { BotApiError, BotApiUnavailableError } from '../../telegram/bot-api.errors.js';
import { type AdminCommand, ExitCode, splitArgs, UsageError } from '../admin-command.js';

interface RefundParams {
  orderId: string;
}

/**
 * `refund <orderId>` refunds a paid order's Stars through Telegram (`refundStarPayment`) and takes
 * back what it granted, clamped at 0, with the squad influencer's share (GAME.md "Decisions").
 * Running it again on a refunded order changes nothing.
 */
export const refundCommand: AdminCommand<RefundParams> = {
  name: 'refund',
  usage: ['<orderId>'],
  summary: 'refunds a paid Stars order and takes back its grants (clamped at 0) and the influencer share',

  parse(args) {
    const { positionals } = splitArgs(args, []);
    const [orderId, ...rest] = positionals;
    if (!orderId) throw new UsageError('Name the order to refund.');
    if (rest.length > 0) throw new UsageError(`Unexpected arguments: ${rest.join(' ')}.`);
    return { orderId };
  },

  async run(app, { orderId }, output) {
    try {
      const outcome = await app.get(AdminOrdersService).refund(AUDIT_ACTORS.cli, orderId, null);
      const takenBack = Object.entries(outcome.takenBack)
        .map(([kind, amount]) => `${amount} ${kind}`)
        .join(', ');
      output.log(
        `Refunded order ${orderId} of user ${outcome.userId}: took back ${takenBack || 'nothing'}` +
          (outcome.boostDaysTakenBack ? ` and ${outcome.boostDaysTakenBack} boost days.` : '.'),
      );
      return ExitCode.ok;
    } catch (error) {
      if (error instanceof OrderNotFoundError || error instanceof OrderNotRefundableError) {
        output.error(error.message);
        return ExitCode.failed;
      }
      if (error instanceof BotApiError || error instanceof BotApiUnavailableError) {
        output.error(`Telegram refused or did not answer (${error.message}); nothing changed.`);
        return ExitCode.failed;
      }
      throw error;
    }
  },
};
