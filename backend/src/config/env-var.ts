import { integer, type Parser } from './env-parsers.js';

/**
 * The machinery of the configuration declaration (config.variables.ts): each environment variable is
 * declared once, at the place of AppConfig where its value lives, with its parser, default, production
 * rule and meaning. AppConfig's type, the reading and validation at boot and README's configuration
 * table are all derived from that declaration.
 */

export type Env = Readonly<Record<string, string | undefined>>;

export interface EnvVar<T = unknown, R = T, Optional extends boolean = boolean> {
  readonly name: string;
  /** What the variable means (README's configuration table). */
  readonly doc: string;
  readonly parse: Parser<T>;
  /** Value used when the variable is unset; a function may depend on other raw variables. */
  readonly fallback?: T | ((env: Env) => T | undefined);
  /** Human-readable default for the docs when `fallback` is a function or none is shown. */
  readonly fallbackDoc?: string;
  /** May stay unset (its value is then undefined); otherwise an unset one without default is required. */
  readonly optional: Optional;
  /** A problem with the parsed value in production (checked once every variable parsed). */
  productionRule?(value: T): string | null;
  /** The value AppConfig holds (a unit conversion, a resolved path…). */
  to(value: T): R;
}

export interface EnvVarSpec<T, R, O extends boolean> {
  doc: string;
  parse: Parser<T>;
  /** The parser alone decides the type (a default 'mainnet' is one of its values, not any string). */
  fallback?: NoInfer<T> | ((env: Env) => NoInfer<T> | undefined);
  fallbackDoc?: string;
  optional?: O;
  /** The fallback applies outside production only: production requires the variable. */
  requiredInProduction?: boolean;
  /** Text after the name, e.g. `must be at least 32 bytes in production`, or null. */
  productionRule?: (value: T) => string | null;
  to?: (value: T) => R;
}

/** Declares one variable. */
export function envVar<T, R = T, O extends boolean = false>(
  name: string,
  spec: EnvVarSpec<T, R, O>,
): EnvVar<T, R, O> {
  const { fallback, requiredInProduction, productionRule, to } = spec;
  return {
    name,
    doc: spec.doc,
    parse: spec.parse,
    fallback:
      requiredInProduction && fallback !== undefined
        ? (env: Env) =>
            env.NODE_ENV === 'production'
              ? undefined
              : typeof fallback === 'function'
                ? (fallback as (env: Env) => T | undefined)(env)
                : fallback
        : fallback,
    fallbackDoc: spec.fallbackDoc,
    optional: (spec.optional ?? false) as O,
    productionRule,
    to: to ?? ((value: T) => value as unknown as R),
  };
}

/** An integer variable from `min` to `max` with a default: most game numbers. */
export function int(
  name: string,
  fallback: number,
  doc: string,
  min = 0,
  max?: number,
): EnvVar<number, number, false> {
  return envVar(name, { doc, fallback, parse: integer(min, max) });
}

/** A tree of variables shaped like the configuration object it reads into. */
export interface ConfigTree {
  readonly [key: string]: EnvVar | ConfigTree;
}

/** The configuration object a tree of variables reads into. */
export type ConfigValues<T> = {
  readonly [K in keyof T]: T[K] extends EnvVar<infer _, infer R, infer O>
    ? O extends true
      ? R | undefined
      : R
    : ConfigValues<T[K]>;
};

export function isEnvVar(node: EnvVar | ConfigTree): node is EnvVar {
  return typeof (node as EnvVar).parse === 'function' && typeof (node as EnvVar).name === 'string';
}

/** Every variable of a tree, in declaration order. */
export function envVarsOf(tree: ConfigTree): EnvVar[] {
  return Object.values(tree).flatMap((node) => (isEnvVar(node) ? [node] : envVarsOf(node)));
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates every variable of the tree, completes the values (derived fields) and checks the
 * rules spanning several variables; throws one ConfigError naming every bad or missing variable.
 */
export function readConfig<T extends ConfigTree, C>(
  tree: T,
  env: Env,
  complete: (values: ConfigValues<T>) => C,
  rules: readonly ((config: C) => string | null)[],
): C {
  const parsed = new Map<EnvVar, unknown>();
  const problems: string[] = [];
  for (const variable of envVarsOf(tree)) {
    const raw = env[variable.name];
    if (raw === undefined || raw === '') {
      const { fallback } = variable;
      const value = typeof fallback === 'function' ? (fallback as (env: Env) => unknown)(env) : fallback;
      if (value === undefined && !variable.optional) problems.push(`${variable.name} is required`);
      parsed.set(variable, value);
      continue;
    }
    const result = variable.parse(raw);
    if ('error' in result) problems.push(`${variable.name} ${result.error}`);
    else parsed.set(variable, result.value);
  }
  if (problems.length) throw new ConfigError(problems);
  if (env.NODE_ENV === 'production') {
    for (const [variable, value] of parsed) {
      const problem = value === undefined ? null : variable.productionRule?.(value);
      if (problem) problems.push(`${variable.name} ${problem}`);
    }
  }
  const build = (node: ConfigTree): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(node).map(([key, child]) => {
        if (!isEnvVar(child)) return [key, build(child)];
        const value = parsed.get(child);
        return [key, value === undefined ? undefined : child.to(value)];
      }),
    );
  const config = complete(build(tree) as ConfigValues<T>);
  problems.push(...rules.map((rule) => rule(config)).filter((problem) => problem !== null));
  if (problems.length) throw new ConfigError(problems);
  return config;
}
