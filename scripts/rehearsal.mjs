// @ts-check
// `npm run rehearsal [-- --players 200 --seconds 60 --signal SIGTERM|SIGKILL --stragglers 600 --drain 240]`:
// the scale-out rehearsal (docs/OPERATIONS.md "Scale-out rehearsal"). Two API replicas started as
// production runs them (scripts/lib/production-api.mjs: built code, `npm run build` first,
// NODE_ENV=production, strong secrets) and two inference workers on this machine, sharing PostgreSQL and
// Redis, behind a small TCP proxy that spreads connections over the live replicas as a load balancer does.
// Players sign in with init data signed as Telegram signs it with the run's own bot token (the fake Bot API
// answers to it), open a socket, and generate memes and swipe for `--seconds`; half way one API replica and
// one worker get `--signal`. Clients retry on connection errors and 502/503 (as the mini app's network
// layer would) and their sockets reconnect. Players still busy `--stragglers` seconds after the end are
// given up on (their requests abandoned and reported; likewise past `--setup` seconds of setup, 1800);
// then it waits up to `--drain` seconds for the
// queue to drain and reports the requests lost, the generations lost, the ledger drift and the socket
// events delivered. Every wait of the end is bounded, so the run always reaches its report.
// Runs on its own database and Redis prefixes (dropped/deleted at the end unless --keep) and its own
// media directory, so it disturbs nobody. PostgreSQL: DATABASE_URL (its server), else 127.0.0.1:5432,
// else the embedded server of `.data/`; Redis: REDIS_URL, else 127.0.0.1:6379.
// The parts: rehearsal/stack.mjs starts the deployment, rehearsal/load.mjs plays the game,
// rehearsal/report.mjs judges the outcome.
import { parseArgs } from 'node:util';

import { seedContent, runLoad, signInPlayers } from './rehearsal/load.mjs';
import { giveUp, log } from './rehearsal/common.mjs';
import { report } from './rehearsal/report.mjs';
import { newRun, startStack } from './rehearsal/stack.mjs';

const { values: options } = parseArgs({
  options: {
    players: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    signal: { type: 'string', default: 'SIGTERM' },
    drain: { type: 'string', default: '240' },
    stragglers: { type: 'string', default: '600' },
    setup: { type: 'string', default: '1800' },
    keep: { type: 'boolean', default: false },
  },
});
const players = Number(options.players);
const seconds = Number(options.seconds);
const signal = options.signal;
if (signal !== 'SIGTERM' && signal !== 'SIGKILL') throw new Error('--signal is SIGTERM or SIGKILL');

const run = newRun({ keep: options.keep });
// Ctrl-C: the replicas, workers, database and keys go as after a finished run.
process.once('SIGINT', () => void run.stop().then(() => process.exit(130)));
process.once('SIGTERM', () => void run.stop().then(() => process.exit(143)));

let code = 1;
try {
  const stack = await startStack(run);
  // The setup is bounded too: past `--setup` seconds every request and wait of the players ends, and
  // the run goes on to its report with what it has (the abandoned requests counted there).
  const setupBound = setTimeout(
    () => {
      log(`the setup took more than ${options.setup} s: giving up on the players' requests`);
      giveUp.abort();
    },
    Number(options.setup) * 1000,
  );
  const content = await seedContent(stack);
  const crowd = await signInPlayers(stack, content, players);
  clearTimeout(setupBound);
  const load = await runLoad(stack, content, crowd, {
    seconds,
    signal,
    stragglerSeconds: Number(options.stragglers),
  });
  code = await report(stack, load, { players, seconds, signal, drainSeconds: Number(options.drain) });
  for (const player of [...crowd, ...content.seeders]) player.socket?.close();
  // The bound on the end: whatever still holds the event loop, the exit below ends the run.
} catch (error) {
  console.error(`[rehearsal] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  await run.stop();
}
process.exit(code);
