// @ts-check
// The rehearsal's verdict: once the queue has drained, what was lost (requests, generations, money)
// and what the sockets delivered, read from the database, the clients' counts and the operators'
// own ledger check.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

import { stats } from './clients.mjs';
import { log, pg, root } from './common.mjs';

/**
 * @typedef {object} ReportOptions
 * @property {number} players
 * @property {number} seconds
 * @property {string} signal
 * @property {number} drainSeconds how long to wait for the queue to drain
 */

/**
 * Waits for every accepted generation to end (done, or failed with its credit back), then prints
 * the report as JSON. Answers the exit code: 0 when nothing was lost and the books balance.
 * @param {import('./stack.mjs').Stack} stack
 * @param {import('./load.mjs').LoadResult} load
 * @param {ReportOptions} options
 * @returns {Promise<number>}
 */
export async function report(stack, load, options) {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const accepted = [...stats.generationsAccepted];
  /** @param {string} sql */
  const count = async (sql) => Number((await db.query(sql)).rows[0].count);
  const drainEnd = Date.now() + options.drainSeconds * 1000;
  let open;
  for (;;) {
    open = await count(`SELECT count(*) FROM generations WHERE status IN ('queued', 'processing')`);
    if (open === 0 || Date.now() > drainEnd) break;
    await sleep(2000);
  }
  log(
    open === 0 ? 'queue drained' : `${open} generations still open after the ${options.drainSeconds} s drain`,
  );
  const awaited = load.stragglers?.awaitedGenerations ?? [];
  const awaitedStatus = Object.fromEntries(
    (
      await db.query(
        `SELECT status, count(*)::int AS n FROM generations WHERE id = ANY($1) GROUP BY status`,
        [awaited],
      )
    ).rows.map((row) => [row.status, row.n]),
  );
  const counts = Object.fromEntries(
    (await db.query(`SELECT status, count(*)::int AS n FROM generations GROUP BY status`)).rows.map((row) => [
      row.status,
      row.n,
    ]),
  );
  const known = new Set(
    (await db.query(`SELECT id FROM generations WHERE id = ANY($1)`, [accepted])).rows.map((row) => row.id),
  );
  const unrefunded = await count(
    `SELECT count(*) FROM generations g WHERE g.status = 'failed' AND NOT EXISTS (
       SELECT 1 FROM ledger_entries l WHERE l.idempotency_key = 'generation-refund:' || g.id)
       AND EXISTS (SELECT 1 FROM ledger_entries l WHERE l.idempotency_key = 'generation:' || g.id)`,
  );
  const drift = ledgerDrift(stack);
  /** @type {string[]} */
  const doneIds = (await db.query(`SELECT id FROM generations WHERE status = 'done'`)).rows.map(
    (row) => row.id,
  );
  const swipes = await count(`SELECT count(*) FROM swipes`);
  await db.end();
  const deliveredDone = doneIds.filter((doneId) => stats.doneEvents.has(doneId)).length;

  const lost = [...stats.lost.values()].reduce((a, b) => a + b, 0);
  const result = {
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
    load: {
      before: os.loadavg()[0],
      during: load.loadDuring.join(' '),
    },
    players: options.players,
    seconds: options.seconds,
    signal: options.signal,
    rules: stack.rules,
    exits: load.exits,
    requests: stats.requests - load.requestsBefore,
    retriedThenServed: stats.retried,
    retries: stats.retries,
    requestsLost: lost,
    stragglers: load.stragglers && {
      ...load.stragglers,
      awaitedGenerations: load.stragglers.awaitedGenerations.length,
      awaitedGenerationsNowByStatus: awaitedStatus,
    },
    abandonedAtTheBound: Object.fromEntries(stats.abandoned),
    servedBy: Object.fromEntries(stats.served),
    lostBy: Object.fromEntries(stats.lost),
    refusedAsExpected: Object.fromEntries(stats.refused),
    swipes,
    generations: {
      accepted: accepted.length,
      byStatus: counts,
      acceptedButMissing: accepted.length - known.size,
      stillOpenAfterDrain: open,
      failedWithoutRefund: unrefunded,
      lost: accepted.length - known.size + open + unrefunded,
    },
    ledgerDrift: drift.length,
    socket: {
      generationsDone: doneIds.length,
      doneEventsReceived: deliveredDone,
      failedEventsReceived: stats.failedEvents.size,
      reconnects: stats.socketReconnects,
      statusPolls: stats.polled,
      accessTokensRenewed: stats.refreshes,
    },
  };
  console.log(JSON.stringify(result, null, 2));
  return result.requestsLost === 0 &&
    stats.abandoned.size === 0 &&
    result.generations.lost === 0 &&
    result.ledgerDrift === 0
    ? 0
    : 1;
}

/**
 * The books, checked by the operators' own command: each line it prints is a balance off its ledger.
 * @param {import('./stack.mjs').Stack} stack
 * @returns {string[]}
 */
function ledgerDrift(stack) {
  const ledgerCheck = spawnSync(process.execPath, ['backend/dist/admin/admin.cli.js', 'ledger:check'], {
    cwd: root,
    env: stack.apiEnv,
    encoding: 'utf8',
    // Bounded like every wait of the run's end: a command that does not end is killed and reported.
    timeout: 300_000,
    killSignal: 'SIGKILL',
  });
  if (ledgerCheck.error) throw new Error(`ledger:check did not end: ${ledgerCheck.error.message}`);
  const drift = ledgerCheck.stderr.split('\n').filter((line) => line.startsWith('User '));
  if (ledgerCheck.status !== 0 && !(ledgerCheck.status === 1 && drift.length > 0))
    throw new Error(`ledger:check exited with ${ledgerCheck.status}: ${ledgerCheck.stderr}`);
  return drift;
}
