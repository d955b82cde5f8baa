import { AuditService } from '../audit/audit.service.js';
import { type AdminCommand, ExitCode, splitArgs, UsageError } from '../admin-command.js';

interface AuditParams {
  action: string | null;
  limit: number;
}

/**
 * `audit [--action <action>] [--limit <n>]` lists the audit log, newest first: every admin and
 * moderation action (HTTP admin routes, these commands, memes hidden by reports).
 */
export const auditCommand: AdminCommand<AuditParams> = {
  name: 'audit',
  usage: ['[--action <action>] [--limit <n>]'],
  summary: 'lists admin and moderation actions, newest first (default 50; e.g. --action meme.hide)',

  parse(args) {
    const { positionals, values } = splitArgs(args, ['action', 'limit']);
    if (positionals.length > 0) throw new UsageError(`Unexpected arguments: ${positionals.join(' ')}.`);
    if (values.action !== undefined && !/^[a-z][a-z0-9.-]{0,63}$/.test(values.action))
      throw new UsageError(
        `--action must be an action name such as meme.hide, got ${JSON.stringify(values.action)}.`,
      );
    const limit = values.limit === undefined ? 50 : Number(values.limit);
    if (!/^[1-9][0-9]{0,2}$/.test(values.limit ?? '50') || limit > 100)
      throw new UsageError(
        `--limit must be a whole number from 1 to 100, got ${JSON.stringify(values.limit)}.`,
      );
    return { action: values.action ?? null, limit };
  },

  async run(app, { action, limit }, output) {
    const page = await app.get(AuditService).page(action, 1, limit);
    if (page.items.length === 0) {
      output.log(action === null ? 'The audit log is empty.' : `No ${action} in the audit log.`);
      return ExitCode.ok;
    }
    for (const entry of page.items) {
      const change = JSON.stringify({ before: entry.before, after: entry.after });
      output.log(
        [entry.createdAt, entry.actor, entry.action, entry.target, entry.reason ?? '-', change].join('\t'),
      );
    }
    output.log(`${page.items.length} of ${page.total} entr${page.total === 1 ? 'y' : 'ies'}.`);
    return ExitCode.ok;
  },
};
