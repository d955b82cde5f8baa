import { NotFoundException } from '@nestjs/common';

import { AUDIT_ACTORS } from '../audit/entities/audit-entry.entity.js';
import { AdminPlayersService } from '../players/admin-players.service.js';
import { type AdminCommand, ExitCode, parseTgId, splitArgs, UsageError } from '../admin-command.js';

interface InfluencerParams {
  tgId: number;
  on: boolean;
}

/**
 * `influencer <tgId>` makes a player an influencer with a squad named after them (they lead it and
 * are its first member); `--off` takes the flag away and dissolves the squad, its members leaving
 * with no switch cooldown (GAME.md "Decisions": Squads).
 */
export const influencerCommand: AdminCommand<InfluencerParams> = {
  name: 'influencer',
  usage: ['<tgId>', '<tgId> --off'],
  summary: 'makes a player an influencer with their own squad; --off dissolves the squad',

  parse(args) {
    const off = args.includes('--off');
    const { positionals } = splitArgs(
      args.filter((arg) => arg !== '--off'),
      [],
    );
    const [rawTgId, ...rest] = positionals;
    const tgId = parseTgId(rawTgId);
    if (rest.length > 0) throw new UsageError(`Unexpected arguments: ${rest.join(' ')}.`);
    return { tgId, on: !off };
  },

  async run(app, { tgId, on }, output) {
    let change;
    try {
      change = await app.get(AdminPlayersService).setInfluencer(AUDIT_ACTORS.cli, tgId, on, null);
    } catch (error) {
      if (!(error instanceof NotFoundException)) throw error;
      output.error(`No user with tgId ${tgId}: they need to open the app once first.`);
      return ExitCode.failed;
    }
    if (on) {
      output.log(
        `User ${tgId} is an influencer, leading squad ${change.squad!.id} "${change.squad!.title}".`,
      );
    } else if (change.squad) {
      output.log(
        `User ${tgId} is no longer an influencer; squad ${change.squad.id} "${change.squad.title}" ` +
          `is dissolved (${change.released} ${change.released === 1 ? 'member' : 'members'} left it).`,
      );
    } else {
      output.log(`User ${tgId} is not an influencer (they led no squad).`);
    }
    return ExitCode.ok;
  },
};
