/**
 * Operator commands, run with the app's environment: `npm run admin -w backend -- help` lists them.
 * Each command is a file in ./commands, registered in ./commands/index.ts.
 */
import 'reflect-metadata';

import { runAdminCommand } from './command-router.js';

process.exitCode = await runAdminCommand(process.argv.slice(2), process.env, console);
