import { isUtcDay } from '../../common/clock.js';
import { AUDIT_ACTORS } from '../audit/entities/audit-entry.entity.js';
import { AdminFeedService, DayNotEndedError } from '../game/admin-feed.service.js';
import { type AdminCommand, ExitCode, splitArgs, UsageError } from '../admin-command.js';

interface SettleParams {
  day: string;
  force: boolean;
}

/**
 * `settle <YYYY-MM-DD> [--force]` settles a contest day as the midnight job does (`--force` also
 * today, which has not ended): the meme of the day, its author's reward, the pool split or refunded.
 * A day settles once: running it again changes nothing.
 */
export const settleCommand: AdminCommand<SettleParams> = {
  name: 'settle',
  usage: ['<YYYY-MM-DD> [--force]'],
  summary: 'settles a contest day (UTC) once, as the midnight job does; --force also settles today',

  parse(args) {
    const force = args.includes('--force');
    const { positionals } = splitArgs(
      args.filter((arg) => arg !== '--force'),
      [],
    );
    const [day, ...rest] = positionals;
    if (rest.length > 0) throw new UsageError(`Unexpected arguments: ${rest.join(' ')}.`);
    if (day === undefined || !isUtcDay(day))
      throw new UsageError(`<YYYY-MM-DD> must be a day, got ${JSON.stringify(day ?? '')}.`);
    return { day, force };
  },

  async run(app, { day, force }, output) {
    try {
      const outcome = await app.get(AdminFeedService).settle(AUDIT_ACTORS.cli, day, force, null);
      if (!outcome.settled) {
        output.log(`${day} was settled before: nothing changed.`);
        return ExitCode.ok;
      }
      const { pool, paidOut, refunded, votes } = outcome.votes;
      output.log(
        outcome.winner
          ? `Settled ${day}: meme of the day ${outcome.winner.memeId} (${outcome.winner.likes} likes), ` +
              `author +${outcome.authorReward} coins; ${votes} votes, pool ${pool}: ${paidOut} paid out, ${refunded} refunded.`
          : `Settled ${day}: nothing was liked that day; ${votes} votes, pool ${pool} refunded.`,
      );
      return ExitCode.ok;
    } catch (error) {
      if (!(error instanceof DayNotEndedError)) throw error;
      output.error(error.message);
      return ExitCode.failed;
    }
  },
};
