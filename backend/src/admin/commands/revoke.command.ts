import { NotFoundException } from '@nestjs/common';

import { AUDIT_ACTORS } from '../audit/entities/audit-entry.entity.js';
import { AdminPlayersService, AdminRightsKeptError } from '../players/admin-players.service.js';
import { type AdminCommand, ExitCode, parseTgId, splitArgs, UsageError } from '../admin-command.js';

/**
 * `revoke <tgId>` takes back the admin rights `grant <tgId>` gave. Rights from ADMIN_TG_IDS stay
 * (the list is their source of truth): the command says so, and taking the id off the list ends
 * them at the player's next login. The access-token guard reads the user on every request, so the
 * revoked admin's next request is already refused the admin routes.
 */
export const revokeCommand: AdminCommand<{ tgId: number }> = {
  name: 'revoke',
  usage: ['<tgId>'],
  summary: 'takes back the admin rights `grant <tgId>` gave (those of ADMIN_TG_IDS stay with the list)',

  parse(args) {
    const { positionals } = splitArgs(args, []);
    const [rawTgId, ...rest] = positionals;
    const tgId = parseTgId(rawTgId);
    if (rest.length > 0) throw new UsageError(`Unexpected arguments: ${rest.join(' ')}.`);
    return { tgId };
  },

  async run(app, { tgId }, output) {
    try {
      await app.get(AdminPlayersService).setAdmin(AUDIT_ACTORS.cli, tgId, false, null);
      output.log(`User ${tgId} is no longer an admin.`);
    } catch (error) {
      if (error instanceof NotFoundException) {
        output.error(`No user with tgId ${tgId}.`);
        return ExitCode.failed;
      }
      if (!(error instanceof AdminRightsKeptError)) throw error;
      output.log(
        `User ${tgId} keeps admin rights from ADMIN_TG_IDS: take the id off the list, and they end at the next login.`,
      );
    }
    return ExitCode.ok;
  },
};
