// @ts-check
// The rehearsal's load: the game's content (a template, the first memes of the feed), the players
// arriving, then the timed game with one API replica and one worker signalled half way.
import os from 'node:os';
import path from 'node:path';

import { call, Player, stats } from './clients.mjs';
import { giveUp, log, root, sharp, sleep } from './common.mjs';

/** @typedef {import('./stack.mjs').Stack} Stack */

/**
 * @typedef {object} Content
 * @property {string} templateId
 * @property {Buffer} face every player's face photo
 * @property {Player[]} seeders the admin and the players whose memes fill the first feed
 */

/**
 * One template, uploaded by the admin, and two published memes of each of 8 seeders.
 * @param {Stack} stack
 * @returns {Promise<Content>}
 */
export async function seedContent(stack) {
  const faces = path.join(root, 'testdata/faces');
  const templateImage = await sharp(path.join(faces, 'portrait-07.jpg'))
    .resize(768, 768, { fit: 'inside' })
    .jpeg()
    .toBuffer();
  const face = await sharp(path.join(faces, 'portrait-02.jpg'))
    .resize(512, 512, { fit: 'inside' })
    .jpeg()
    .toBuffer();
  const admin = new Player(stack.url, stack.adminTgId, stack.botToken);
  await admin.login();
  const template = await call(stack.url, 'template upload', 'POST', '/api/v1/memes/generations/templates/', {
    token: admin.token,
    form: () => {
      const form = new FormData();
      form.set('title', 'Rehearsal');
      form.set('image', new Blob([templateImage], { type: 'image/jpeg' }), 'template.jpg');
      return form;
    },
  });
  if (template.status !== 201) throw new Error(`template upload answered ${template.status}`);
  const templateId = String(template.body.id);
  // Stored disabled until an admin enables it (the console's step).
  const enabled = await call(
    stack.url,
    'template enable',
    'POST',
    `/api/v1/admin/templates/${templateId}/enable/`,
    {
      token: admin.token,
    },
  );
  if (enabled.status !== 200) throw new Error(`template enable answered ${enabled.status}`);
  const seeders = await Promise.all(
    Array.from({ length: 8 }, async (_, index) => {
      const seeder = new Player(stack.url, stack.adminTgId + 1 + index, stack.botToken);
      await seeder.login();
      return seeder;
    }),
  );
  // The first memes of the feed: two generations of each seeder, published.
  await Promise.all(
    seeders.map(async (seeder) => {
      await seeder.connectSocket();
      await seeder.generateUntil(Infinity, templateId, face, 2);
    }),
  );
  return { templateId, face, seeders: [admin, ...seeders] };
}

/**
 * Players sign in and open their sockets, in batches of 20 as a crowd arriving. Each player's first
 * generation sends their face photo (uploads are read one at a time per replica,
 * UPLOAD_MAX_CONCURRENT): made here, as players arrive, so the timed part is the steady game.
 * @param {Stack} stack
 * @param {Content} content
 * @param {number} count
 * @returns {Promise<Player[]>}
 */
export async function signInPlayers(stack, content, count) {
  const players = [];
  for (let i = 0; i < count; i += 20) {
    const batch = Array.from(
      { length: Math.min(20, count - i) },
      (_, k) => new Player(stack.url, stack.adminTgId + 100 + i + k, stack.botToken),
    );
    await Promise.all(
      batch.map(async (player) => {
        await player.login();
        await player.connectSocket();
        await player.generateUntil(Infinity, content.templateId, content.face, 1);
      }),
    );
    players.push(...batch);
  }
  log(
    `${players.length} players signed in with sockets, each with a first generation (their face); ` +
      `${stats.generationsAccepted.size} generated memes published`,
  );
  return players;
}

/**
 * @typedef {object} LoadResult
 * @property {number} requestsBefore the requests made before the timed part
 * @property {string[]} loadDuring the 1-minute load average every 5 s of the timed part
 * @property {{ apiExit: string | number | null, workerExit: string | number | null }} exits
 * @property {Stragglers | null} stragglers what was still under way when the run stopped waiting
 */

/**
 * The players the run stopped waiting for, `boundSeconds` after the load's end.
 * @typedef {object} Stragglers
 * @property {number} boundSeconds
 * @property {number} players players whose last generation or swipe had not ended
 * @property {Record<string, number>} requests their requests under way, by `route, attempt n, open for s`
 * @property {string[]} awaitedGenerations generations whose outcome players were still waiting for
 */

/**
 * Every player generates and swipes for `seconds`; half way api-1 and worker-1 get `signal`. Ends
 * once every player's last generation has settled, or `stragglerSeconds` after the end of the timed
 * part: then every request and wait still under way is abandoned (and reported as such).
 * @param {Stack} stack
 * @param {Content} content
 * @param {Player[]} players
 * @param {{ seconds: number, signal: NodeJS.Signals, stragglerSeconds: number }} options
 * @returns {Promise<LoadResult>}
 */
export async function runLoad(stack, content, players, { seconds, signal, stragglerSeconds }) {
  const requestsBefore = stats.requests;
  stats.generationsAccepted.clear();
  stats.served.clear();
  /** @type {number[]} */
  const samples = [];
  const sampler = setInterval(() => samples.push(os.loadavg()[0] ?? 0), 5000);
  const started = Date.now();
  const end = started + seconds * 1000;
  const killAt = started + (seconds * 1000) / 2;
  const api = /** @type {import('./stack.mjs').Proc} */ (stack.apis[0]);
  const worker = /** @type {import('./stack.mjs').Proc} */ (stack.workers[0]);
  const killer = (async () => {
    await sleep(killAt - Date.now());
    log(`${signal} to api-1 and worker-1`);
    for (const proc of [api, worker]) {
      proc.signalled = true;
      proc.child.kill(signal);
    }
    const [apiExit, workerExit] = await Promise.all([api.exited, worker.exited]);
    log(`api-1 exited (${apiExit}), worker-1 exited (${workerExit})`);
    return { apiExit, workerExit };
  })();
  let busy = players.length;
  const playing = Promise.all(
    players.map((player) =>
      Promise.all([
        player.generateUntil(end, content.templateId, content.face),
        player.swipeUntil(end),
      ]).finally(() => busy--),
    ),
  );
  const bound = new Promise((resolve) => {
    const timer = setTimeout(resolve, end - Date.now() + stragglerSeconds * 1000);
    void playing.finally(() => clearTimeout(timer));
  });
  /** @type {Stragglers | null} */
  let stragglers = null;
  if ((await Promise.race([playing.then(() => 'done'), bound])) !== 'done') {
    stragglers = describeStragglers(players, busy, stragglerSeconds);
    log(
      `${busy} players still busy ${stragglerSeconds} s after the load's end: giving up on them ` +
        JSON.stringify(stragglers.requests),
    );
    giveUp.abort();
    await playing;
  }
  clearInterval(sampler);
  const exits = await killer;
  log(stragglers ? 'load over; stragglers abandoned' : "load over; every player's last generation settled");
  return { requestsBefore, loadDuring: samples.map((value) => value.toFixed(2)), exits, stragglers };
}

/**
 * @param {Player[]} players
 * @param {number} busy
 * @param {number} boundSeconds
 * @returns {Stragglers}
 */
function describeStragglers(players, busy, boundSeconds) {
  /** @type {Record<string, number>} */
  const requests = {};
  const now = Date.now();
  for (const { route, attempt, since } of stats.inFlight.values()) {
    const age = (now - since) / 1000;
    const key = `${route}, attempt ${attempt}, open ${age < 30 ? '< 30' : age < 120 ? '30–120' : '≥ 120'} s`;
    requests[key] = (requests[key] ?? 0) + 1;
  }
  const awaitedGenerations = players.flatMap((player) => [...player.waiters.keys()]);
  return { boundSeconds, players: busy, requests, awaitedGenerations };
}
