import { RatingRebuildService } from '../../rating/rating-rebuild.service.js';
import { type AdminCommand, ExitCode, splitArgs, UsageError } from '../admin-command.js';

/**
 * `rating:rebuild` writes every current board again from the ledger's earned rows and the squads'
 * memberships (after losing Redis, or to check the live boards), and swaps them in at once.
 */
export const ratingRebuildCommand: AdminCommand<Record<string, never>> = {
  name: 'rating:rebuild',
  usage: [''],
  summary: 'rebuilds the leaderboards (day, week, month, all time; players and squads) from the ledger',

  parse(args) {
    const { positionals } = splitArgs(args, []);
    if (positionals.length > 0) throw new UsageError(`Unexpected arguments: ${positionals.join(' ')}.`);
    return {};
  },

  async run(app, _params, output) {
    const started = Date.now();
    const summary = await app.get(RatingRebuildService).rebuild();
    const boards = Object.entries(summary.players)
      .map(([bucket, players]) => `${bucket}: ${players}`)
      .join(', ');
    output.log(`Rebuilt the boards in ${Date.now() - started} ms. Players with coins earned: ${boards}.`);
    output.log(`Squad members: ${summary.squadMembers}.`);
    return ExitCode.ok;
  },
};
