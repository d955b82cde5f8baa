// One lint setup for every workspace (flat config); Prettier owns formatting.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The mini app's import direction (docs/ARCHITECTURE.md): app/ and pages/ compose features; a
 * feature uses shared code and other features' public index.ts only; shared code uses no feature.
 */
const MINI_APP = 'frontend/src';
const SHARED = ['lib', 'ui', 'i18n', 'telegram'].map((dir) => `${MINI_APP}/${dir}`);
const FEATURES = readdirSync(new URL(`${MINI_APP}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const miniAppZones = [
  {
    target: `${MINI_APP}/features`,
    from: [`${MINI_APP}/app`, `${MINI_APP}/pages`],
    message: 'A feature never imports the app shell or a page; pass what it needs in, or move it to lib/.',
  },
  {
    target: SHARED,
    from: [`${MINI_APP}/features`, `${MINI_APP}/app`, `${MINI_APP}/pages`],
    message: 'Shared code (lib, ui, i18n, telegram) imports no feature, app or page.',
  },
  ...FEATURES.map((name) => ({
    // Everything outside this feature: other features, app/, pages/, shared code, tests, main.tsx.
    target: [`${MINI_APP}/features/!(${name})/**`, `${MINI_APP}/!(features)/**`, `${MINI_APP}/*`],
    from: `${MINI_APP}/features/${name}`,
    except: ['./index.ts'],
    message: `Outside the ${name} feature, import it through features/${name}/index.ts.`,
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '**/coverage/**',
      'inference/models/**',
      '**/e2e/output/**',
      '**/test-output/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: [`${MINI_APP}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: miniAppZones }],
    },
  },
  prettier,
);
