// What the swipes bench reads off the API between its runs: the process's figures and the like batches.
import type pg from 'pg';

/** The figures of the API's /metrics a run's stalls are read from. */
export async function scrape(port: number) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const sum = (prefix: string) =>
    text
      .split('\n')
      .filter((line) => line.startsWith(prefix))
      .reduce((total, line) => total + Number(line.split(' ').at(-1)), 0);
  return {
    loopP99: sum('nodejs_eventloop_lag_p99_seconds '),
    loopMax: sum('nodejs_eventloop_lag_max_seconds '),
    gcSeconds: sum('nodejs_gc_duration_seconds_sum'),
    gcCount: sum('nodejs_gc_duration_seconds_count'),
  };
}

/** Waits for the like batches to take every pending like. */
export async function waitUntilApplied(db: pg.Pool): Promise<void> {
  for (;;) {
    const { rows } = await db.query(`SELECT EXISTS (SELECT 1 FROM pending_likes) AS pending`);
    if (!(rows[0] as { pending: boolean }).pending) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
