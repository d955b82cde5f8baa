import { NestFactory } from '@nestjs/core';

import { loadConfig } from '../config/app.config.js';
import { ConfigModule } from '../config/config.module.js';
import { AdminCliModule } from './admin-cli.module.js';
import { type AdminCommand, type CommandOutput, ExitCode, UsageError } from './admin-command.js';
import { ADMIN_COMMANDS } from './commands/index.js';

const PREFIX = 'npm run admin -w backend --';

function usageOf(command: AdminCommand<unknown>): string[] {
  return command.usage.map((form) => `  ${PREFIX} ${command.name} ${form}`);
}

function help(): string[] {
  return [
    `Usage: ${PREFIX} <command> [arguments]   (exit 0 done, 1 failed, 2 usage error)`,
    '',
    ...ADMIN_COMMANDS.flatMap((command) => [...usageOf(command), `      ${command.summary}`]),
    `  ${PREFIX} help [<command>]`,
  ];
}

/**
 * Runs one admin command: finds it, checks its arguments, then boots the app context with the
 * environment's config and runs it. Answers the process exit code.
 */
export async function runAdminCommand(
  argv: string[],
  env: Readonly<Record<string, string | undefined>>,
  output: CommandOutput,
): Promise<ExitCode> {
  const [name, ...args] = argv;
  if (name === undefined) {
    help().forEach((line) => output.error(line));
    return ExitCode.usage;
  }
  if (name === 'help' || name === '--help' || name === '-h') {
    const wanted = ADMIN_COMMANDS.find((command) => command.name === args[0]);
    (wanted ? [`Usage:`, ...usageOf(wanted), `  ${wanted.summary}`] : help()).forEach((line) =>
      output.log(line),
    );
    return ExitCode.ok;
  }
  const command = ADMIN_COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    output.error(`Unknown command ${JSON.stringify(name)}.`);
    help().forEach((line) => output.error(line));
    return ExitCode.usage;
  }

  let params: unknown;
  try {
    params = command.parse(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    output.error(error.message);
    output.error('Usage:');
    usageOf(command).forEach((line) => output.error(line));
    return ExitCode.usage;
  }

  const config = loadConfig(env);
  if (!config) return ExitCode.failed;
  const app = await NestFactory.createApplicationContext(
    { module: AdminCliModule, imports: [ConfigModule.register(config)] },
    { logger: ['error', 'warn'] },
  );
  try {
    return await command.run(app, params, output);
  } finally {
    await app.close();
  }
}
