import { parseArgs } from 'node:util';

import type { HttpException, INestApplicationContext } from '@nestjs/common';

/** Exit codes of every admin command. */
export const ExitCode = { ok: 0, failed: 1, usage: 2 } as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** What the operator reads: results on stdout, problems on stderr. */
export interface CommandOutput {
  log(line: string): void;
  error(line: string): void;
}

/** Arguments the command cannot run with: the router prints it with the command's usage (exit 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * One operator command of `npm run admin -w backend -- <name> …`. `parse` checks the arguments
 * before anything boots (a usage error costs no connection); `run` gets the app context with the
 * database, the ledger and the player sockets.
 */
export interface AdminCommand<Params> {
  name: string;
  /** The argument forms, each written after the command name. */
  usage: string[];
  /** One line for the command list. */
  summary: string;
  parse(args: string[]): Params;
  run(app: INestApplicationContext, params: Params, output: CommandOutput): Promise<ExitCode>;
}

/** Splits arguments into positionals and `--name value` options; an unknown option is a UsageError. */
export function splitArgs<Name extends string>(
  args: string[],
  optionNames: readonly Name[],
): { positionals: string[]; values: Partial<Record<Name, string>> } {
  try {
    const { positionals, values } = parseArgs({
      args,
      options: Object.fromEntries(optionNames.map((name) => [name, { type: 'string' as const }])),
      allowPositionals: true,
      strict: true,
    });
    return { positionals, values: values as Partial<Record<Name, string>> };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** A Telegram user id: a positive safe integer written plainly. */
export function parseTgId(value: string | undefined): number {
  const id = Number(value);
  if (!/^[1-9][0-9]*$/.test(value ?? '') || !Number.isSafeInteger(id)) {
    throw new UsageError(`<tgId> must be a Telegram user id, got ${JSON.stringify(value ?? '')}.`);
  }
  return id;
}

/** A whole amount from 1 to 1,000,000,000 (a ledger row holds 32-bit integers). */
export function parseAmount(value: string | undefined): number {
  const amount = Number(value);
  if (!/^[1-9][0-9]*$/.test(value ?? '') || amount > 1_000_000_000) {
    throw new UsageError(
      `<amount> must be a whole number from 1 to 1000000000, got ${JSON.stringify(value ?? '')}.`,
    );
  }
  return amount;
}

/** What an operation's refusal says (the `detail` the API would answer), for the operator's terminal. */
export function detailOf(error: HttpException): string {
  const response = error.getResponse();
  if (typeof response === 'string') return response;
  const detail = (response as { detail?: unknown; message?: unknown }).detail ?? error.message;
  return typeof detail === 'string' ? detail : error.message;
}
