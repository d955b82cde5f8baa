import { UsersService } from '../../users/users.service.js';
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
    const revoked = await app.get(UsersService).revokeAdmin(tgId);
    if (revoked === null) {
      output.error(`No user with tgId ${tgId}.`);
      return ExitCode.failed;
    }
    if (revoked.isAdmin) {
      output.log(
        `User ${tgId} keeps admin rights from ADMIN_TG_IDS: take the id off the list, and they end at the next login.`,
      );
    } else {
      output.log(`User ${tgId} is no longer an admin.`);
    }
    return ExitCode.ok;
  },
};
