import { type ConfigValues, type EnvVar, envVarsOf } from './env-var.js';
import { GAME_VARIABLES } from './game.variables.js';
import { PLATFORM_VARIABLES } from './platform.variables.js';

/**
 * Every environment variable the backend reads, declared once at the place of AppConfig its value
 * lives: the platform's, then the game's. A new variable is one entry here (then
 * `npm run config:readme -w backend` regenerates README's table; `npm run lint` fails until it does).
 */
export const CONFIG_VARIABLES = { ...PLATFORM_VARIABLES, ...GAME_VARIABLES };

export type ConfigVariableValues = ConfigValues<typeof CONFIG_VARIABLES>;

/** The same variables by name, in declaration order. */
export const ENV_VARS: Readonly<Record<string, EnvVar>> = Object.fromEntries(
  envVarsOf(CONFIG_VARIABLES).map((variable) => [variable.name, variable]),
);
