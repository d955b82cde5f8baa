import type { AdminCommand } from '../admin-command.js';
import { auditCommand } from './audit.command.js';
import { grantCommand } from './grant.command.js';
import { influencerCommand } from './influencer.command.js';
import { ledgerCheckCommand } from './ledger-check.command.js';
import { ratingRebuildCommand } from './rating-rebuild.command.js';
import { refundCommand } from './refund.command.js';
import { revokeCommand } from './revoke.command.js';
import { settleCommand } from './settle.command.js';
import { templatesAnalyseCommand } from './templates-analyse.command.js';

/** Every admin command, in the order `help` lists them. A new command adds its file here. */
export const ADMIN_COMMANDS: readonly AdminCommand<unknown>[] = [
  grantCommand,
  revokeCommand,
  influencerCommand,
  ratingRebuildCommand,
  settleCommand,
  refundCommand,
  ledgerCheckCommand,
  templatesAnalyseCommand,
  auditCommand,
];
