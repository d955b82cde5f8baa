import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

// The dev server forwards API and socket traffic to a backend started separately (npm start).
const backend = process.env.MM_DEV_BACKEND ?? 'http://127.0.0.1:3000';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at the strongest settings
 * (done once here, not per request): the API serves them to clients that accept them.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'mememint-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const bytes = await readFile(path);
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            promisify(gzip)(bytes, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * React's API on Preact (preact/compat) in the production build and the unit tests, for the app and
 * every library: React DOM was most of the first screen's JavaScript (55 of 146 KB br) and of its CPU
 * on a weak phone (docs/perf-log/mini-app.md, fourth pass). The dev server keeps React (its Fast Refresh).
 */
const PREACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx(-dev)?-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
];

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/**
 * react-router's package exports only its development build (its warnings compiled in, not behind
 * NODE_ENV); the production build beside it is the same code without them.
 */
const PRODUCTION_LIBRARIES = [
  {
    find: /^react-router$/,
    replacement: join(packageDir('react-router'), 'dist/production/index.mjs'),
  },
];

/**
 * Under Vitest the libraries run through Vite too (`server.deps.inline`), so the aliases reach them;
 * these take the ES module where a CommonJS entry's require() calls would bring React back.
 */
const PREACT_IN_TESTS = [
  ...PREACT,
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
  {
    find: /^react-router$/,
    replacement: join(packageDir('react-router'), 'dist/development/index.mjs'),
  },
  {
    find: /^@testing-library\/react$/,
    replacement: join(packageDir('@testing-library/react'), 'dist/@testing-library/react.esm.js'),
  },
];

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      {
        find: '@mememint/contracts',
        replacement: fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)),
      },
      ...(process.env.VITEST
        ? PREACT_IN_TESTS
        : command === 'build'
          ? [...PREACT, ...PRODUCTION_LIBRARIES]
          : []),
    ],
  },
  server: {
    proxy: {
      '/api': backend,
      '/socket.io': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // The first screen's modules (`$initial`) in three files (Preact + router, other libraries,
        // app code) instead of 16 small shared chunks: over HTTP/1.1's six connections they queued
        // behind one another, the CSS and the early `/me` behind them (docs/perf-log/mini-app.md). Route
        // chunks stay split and load on demand.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](preact|react-router)[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
            { name: 'app', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    server: { deps: { inline: true } },
  },
}));
