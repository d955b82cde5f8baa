// @ts-check
// What every part of the rehearsal shares: the repository root, the backend's libraries and built
// modules it drives the game with, the run's log with its clock, and its give-up signal.
import { createRequire } from 'node:module';
import path from 'node:path';

import { requireBuilt, ROOT } from '../lib/production-api.mjs';

export const root = ROOT;
requireBuilt(['backend/dist/main.js', 'inference/dist/worker.js', 'fake-bot-api/dist/main.js']);

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

const t0 = Date.now();

/** @param {string} message */
export const log = (message) =>
  console.log(`[rehearsal +${((Date.now() - t0) / 1000).toFixed(1)}s] ${message}`);

/**
 * Aborted once the run stops waiting for its players (the straggler bound, load.mjs): every request,
 * backoff and wait of a player ends then.
 */
export const giveUp = new AbortController();

/**
 * Resolves after `ms`, or at once when the run gives up on its players.
 * @param {number} ms
 * @returns {Promise<void>}
 */
export const sleep = (ms) =>
  new Promise((resolve) => {
    if (giveUp.signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      giveUp.signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    giveUp.signal.addEventListener('abort', done);
  });
