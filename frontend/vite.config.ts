import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

import { precompress } from './build/precompress.ts';
import { prerenderShell } from './build/prerender-shell.ts';
import { reactRuntimeCheck } from './build/react-runtime-check.ts';

// The dev server forwards API and socket traffic to a backend started separately (npm start).
const backend = process.env.MM_DEV_BACKEND ?? 'http://127.0.0.1:3000';

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

export default defineConfig(({ command }) => ({
  plugins: [react(), prerenderShell(), reactRuntimeCheck(), precompress()],
  resolve: {
    alias: [
      {
        find: '@mememint/contracts',
        replacement: fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)),
      },
      ...(command === 'build' && !process.env.VITEST ? PRODUCTION_LIBRARIES : []),
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
        // The first screen's modules (`$initial`) in three files (React DOM + router, other libraries,
        // app code) instead of 16 small shared chunks: over HTTP/1.1's six connections they queued
        // behind one another, the CSS and the early `/me` behind them (docs/perf-log/mini-app.md). Route
        // chunks stay split and load on demand.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
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
  },
}));
