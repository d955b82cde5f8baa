// Jest in native ESM mode (run with node --experimental-vm-modules). SWC compiles TypeScript with
// legacy decorators and their metadata, which Nest's dependency injection reads.
import os from 'node:os';

/** @type {import('jest').Config} */
export default {
  rootDir: '.',
  // Files mostly wait on PostgreSQL and Redis, and each has its own database: on 2 cores two
  // workers finish the suite about a fifth sooner than Jest's default of one.
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
  // A file's beforeAll clones a database and boots the whole app (about 1 s of wall time alone); on
  // the 2-core machine shared by several test runs that passed Jest's default 5 s in CI, and at load
  // 30 one boot passed 30 s. This bounds a hung test, it measures nothing.
  testTimeout: 90_000,
  // Node's environment, with the typed arrays of Node's main context (see the file for why).
  testEnvironment: '<rootDir>/test/helpers/native-arrays.environment.mjs',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2023',
        },
        module: { type: 'es6' },
      },
    ],
  },
  // Sources import siblings as `./x.js` (NodeNext); Jest resolves the `.ts` file instead.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};
