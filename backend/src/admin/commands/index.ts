import type { AdminCommand } from '../admin-command.js';
import { grantCommand } from './grant.command.js';

/** Every admin command, in the order `help` lists them. A new command adds its file here. */
export const ADMIN_COMMANDS: readonly AdminCommand<unknown>[] = [grantCommand];
