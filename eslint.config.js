// One lint setup for every workspace (flat config); Prettier owns formatting.
import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

import { fileNames } from './eslint.file-names.js';

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
    plugins: { 'import-x': importX, local: fileNames.plugin },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Node's modules, then packages, then the project's own, each group apart (autofixed).
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', ['internal', 'parent', 'sibling', 'index']],
          'newlines-between': 'always',
        },
      ],
      'local/file-name': ['error', fileNames.rules],
    },
  },
  {
    // No file over 400 lines (docs/ARCHITECTURE.md "File length"); every line counts, blank or comment.
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    // Type-aware rules on every workspace's TypeScript and the type-checked scripts; each file is
    // read with the tsconfig.json of its workspace (the project service finds it).
    files: ['**/*.{ts,tsx,mts}', 'scripts/**/*.mjs'],
    ignores: ['**/*.d.ts', '**/*.d.mts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // node:test's describe/it return promises its runner awaits itself; nothing is lost.
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite'] },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: [`${MINI_APP}/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: [`${MINI_APP}/**/*.{ts,tsx}`],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: miniAppZones }],
    },
  },
  prettier,
);
