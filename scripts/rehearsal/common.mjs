// @ts-check
// What every part of the rehearsal shares: the repository root, the backend's libraries and built
// modules it drives the game with, and the run's log with its clock.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

for (const built of ['backend/dist/main.js', 'inference/dist/worker.js', 'fake-bot-api/dist/main.js']) {
  if (!existsSync(path.join(root, built))) throw new Error(`${built} is missing: run npm run build first`);
}

// The backend's own copies of its libraries, as its processes use them.
const backendRequire = createRequire(path.join(root, 'backend/package.json'));
/** @type {typeof import('pg')} */
export const pg = backendRequire('pg');
/** @type {typeof import('ioredis').Redis} */
export const Redis = backendRequire('ioredis').Redis;
/** @type {typeof import('sharp').default} */
export const sharp = backendRequire('sharp');
/** @type {typeof import('socket.io-client').io} */
export const io = backendRequire('socket.io-client').io;

/** @type {{ DEVELOPMENT_BOT_TOKEN: string }} */
export const { DEVELOPMENT_BOT_TOKEN } = await import(
  pathToFileURL(path.join(root, 'backend/dist/config/platform.variables.js')).href
);
/** @type {{ signInitData: (fields: Record<string, string>, botToken: string) => string }} */
export const { signInitData } = await import(
  pathToFileURL(path.join(root, 'backend/dist/auth/telegram-init-data.js')).href
);

const t0 = Date.now();

/** @param {string} message */
export const log = (message) =>
  console.log(`[rehearsal +${((Date.now() - t0) / 1000).toFixed(1)}s] ${message}`);

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
