// The file-name rule of `npm run lint` (docs/ARCHITECTURE.md "File names"), as a local ESLint rule:
// each linted file's name is checked against the pattern of the first entry whose folder holds it.

const KEBAB = '[a-z0-9]+(?:-[a-z0-9]+)*';
/** The backend's roles: `users.service.ts`, `swipe.entity.ts`, `create-meme.dto.ts`, … */
const BACKEND_ROLES = [
  'cli',
  'client',
  'command',
  'config',
  'controller',
  'decorator',
  'dto',
  'entity',
  'environment',
  'errors',
  'exception',
  'factory',
  'filter',
  'gateway',
  'guard',
  'hook',
  'interceptor',
  'listener',
  'middleware',
  'module',
  'options',
  'pipe',
  'processor',
  'provider',
  'registrar',
  'repository',
  'scripts',
  'server',
  'service',
  'strategy',
  'subscriber',
  'setup',
  'transformer',
  'types',
  'variables',
  'verifier',
];

/** @type {{ folder: string, pattern: RegExp, says: string }[]} */
const RULES = [
  {
    // TypeORM's generated migrations keep their timestamped class names.
    folder: 'backend/src/database/migrations/',
    pattern: /^(?:\d{13}-[A-Z][A-Za-z0-9]*|index)\.ts$/,
    says: '<timestamp>-<PascalCase>.ts (as `migration:generate` names it), beside their index.ts',
  },
  {
    folder: 'backend/',
    pattern: new RegExp(
      `^${KEBAB}(?:\\.(?:${BACKEND_ROLES.join('|')}))?(?:\\.(?:spec|e2e-spec|bench))?(?:\\.d)?\\.(?:ts|mts|mjs|js)$`,
    ),
    says: `kebab-case with an optional role suffix (.${BACKEND_ROLES.join(', .')}), then .spec or .e2e-spec for tests`,
  },
  {
    // The mini app: components PascalCase, hooks useCamelCase, every other module kebab-case.
    folder: 'frontend/src/',
    pattern: new RegExp(
      `^(?:[A-Z][A-Za-z0-9]*\\.tsx|use[A-Z][A-Za-z0-9]*\\.tsx?|${KEBAB}\\.tsx?|(?:[A-Z][A-Za-z0-9]*|use[A-Z][A-Za-z0-9]*|${KEBAB})\\.test\\.tsx?)$`,
    ),
    says: 'PascalCase.tsx for a component, useCamelCase.ts(x) for a hook, kebab-case.ts(x) for anything else',
  },
  {
    folder: '',
    pattern: new RegExp(`^${KEBAB}(?:\\.[a-z0-9-]+)*\\.(?:ts|tsx|mts|mjs|js)$`),
    says: 'kebab-case (dot-separated role or kind suffixes allowed)',
  },
];

export const fileNames = {
  rules: RULES.map(({ folder, pattern, says }) => ({ folder, pattern: pattern.source, says })),
  plugin: {
    rules: {
      'file-name': {
        meta: {
          type: 'suggestion',
          docs: { description: 'File names follow the case of their folder (docs/ARCHITECTURE.md)' },
          schema: [{ type: 'array' }],
          messages: { name: '{{name}}: file names here are {{says}}.' },
        },
        create(context) {
          const relative = context.filename.slice(context.cwd.length + 1).replaceAll('\\', '/');
          const rule = context.options[0].find(({ folder }) => relative.startsWith(folder));
          const name = relative.slice(relative.lastIndexOf('/') + 1);
          if (!rule || new RegExp(rule.pattern).test(name)) return {};
          return {
            Program(node) {
              context.report({ node, messageId: 'name', data: { name, says: rule.says } });
            },
          };
        },
      },
    },
  },
};
