import { ENV_VARS } from './config.variables.js';
import type { EnvVar } from './env-var.js';

/** README.md's backend configuration table lies between these lines. */
export const README_TABLE_START =
  '<!-- backend configuration: generated from backend/src/config by `npm run config:readme -w backend` -->';
export const README_TABLE_END = '<!-- end of the backend configuration -->';

function defaultOf(variable: EnvVar): string {
  if (variable.fallbackDoc !== undefined) return variable.fallbackDoc;
  const { fallback } = variable;
  if (typeof fallback === 'function') throw new Error(`${variable.name} needs a fallbackDoc`);
  if (fallback === undefined) return variable.optional ? '(unset)' : '(required)';
  if (typeof fallback === 'boolean') return fallback ? '`1`' : '`0`';
  if (Array.isArray(fallback)) return fallback.length ? `\`${fallback.join(',')}\`` : '(none)';
  return `\`${String(fallback)}\``;
}

/** The table, unformatted (Prettier aligns it). */
export function configTable(): string {
  const rows = Object.values(ENV_VARS).map(
    (variable) =>
      `| \`${variable.name}\` | ${defaultOf(variable)} | ${variable.doc.replaceAll('|', '\\|')} |`,
  );
  return ['| Variable | Default | Meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

/** README with its configuration table replaced by the declaration's (unformatted). */
export function withConfigTable(readme: string): string {
  const start = readme.indexOf(README_TABLE_START);
  const end = readme.indexOf(README_TABLE_END);
  if (start < 0 || end < start) throw new Error('README.md lacks the configuration table markers');
  return `${readme.slice(0, start + README_TABLE_START.length)}\n\n${configTable()}\n\n${readme.slice(end)}`;
}
