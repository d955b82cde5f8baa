import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AdminDayFiguresDto } from '@mememint/contracts';

type Figures = Omit<AdminDayFiguresDto, 'day'>;

/** Each source's figures of the days from `from` to `to` (UTC, both included), keyed by day. */
type PerDay = Map<string, Partial<Figures>>;

/** `created_at`'s UTC day, as `YYYY-MM-DD`. */
const dayOf = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/** A day range as timestamps: [$1 00:00 UTC, $2 + 1 day 00:00 UTC). */
const IN_RANGE = (column: string) =>
  `${column} >= $1::date::timestamp AT TIME ZONE 'UTC' AND ${column} < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'`;

/**
 * The game's figures per UTC day, from the ledger (what moved: coins, swipes, stakes, refunds) and
 * the tables (players, visits, generations, likes, orders). Read-only; one grouped query per source.
 */
@Injectable()
export class FiguresRepository {
  constructor(private readonly dataSource: DataSource) {}

  async days(from: string, to: string): Promise<PerDay> {
    const perDay: PerDay = new Map();
    const add = (rows: ({ day: string } & Record<string, string | number | null>)[]) => {
      for (const { day, ...figures } of rows) {
        const entry = perDay.get(day) ?? {};
        for (const [name, value] of Object.entries(figures))
          entry[name as keyof Figures] = Number(value ?? 0);
        perDay.set(day, entry);
      }
    };
    const query = (sql: string) => this.dataSource.query(sql, [from, to]);
    const sources = await Promise.all([
      query(
        `SELECT ${dayOf('created_at')} AS day, count(*) AS "newPlayers"
           FROM users WHERE ${IN_RANGE('created_at')} GROUP BY 1`,
      ),
      query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, count(*) AS "activePlayers"
           FROM player_visit_days WHERE day BETWEEN $1::date AND $2::date GROUP BY 1`,
      ),
      query(
        `SELECT ${dayOf('created_at')} AS day,
                count(*) FILTER (WHERE status = 'done') AS "generationsDone",
                count(*) FILTER (WHERE status = 'failed') AS "generationsFailed"
           FROM generations WHERE ${IN_RANGE('created_at')} GROUP BY 1`,
      ),
      query(
        `SELECT ${dayOf('created_at')} AS day, count(*) AS likes
           FROM swipes WHERE liked AND ${IN_RANGE('created_at')} GROUP BY 1`,
      ),
      query(
        `SELECT ${dayOf('paid_at')} AS day, sum(stars) AS "starsPaid"
           FROM orders WHERE paid_at IS NOT NULL AND ${IN_RANGE('paid_at')} GROUP BY 1`,
      ),
      query(
        `SELECT ${dayOf('refunded_at')} AS day, sum(stars) AS "starsRefunded"
           FROM orders WHERE refunded_at IS NOT NULL AND ${IN_RANGE('refunded_at')} GROUP BY 1`,
      ),
      query(
        `SELECT ${dayOf('created_at')} AS day,
                count(*) FILTER (WHERE reason = 'generation-refund' AND kind = 'credits') AS "generationsRefunded",
                count(*) FILTER (WHERE reason = 'swipe' AND kind = 'swipes') AS swipes,
                count(*) FILTER (WHERE reason = 'vote' AND kind = 'coins') AS "betsPlaced",
                COALESCE(-sum(delta) FILTER (WHERE reason = 'vote' AND kind = 'coins'), 0) AS "betsStaked",
                count(*) FILTER (WHERE reason = 'stake-refund' AND kind = 'coins') AS "betsReturned",
                COALESCE(sum(delta) FILTER (WHERE reason = 'stake-refund' AND kind = 'coins'), 0)
                  AS "betsReturnedCoins",
                COALESCE(sum(delta) FILTER (WHERE kind = 'coins' AND earned), 0) AS "coinsEarned",
                COALESCE(-sum(delta) FILTER (WHERE kind = 'coins' AND delta < 0), 0) AS "coinsSpent"
           FROM ledger_entries WHERE ${IN_RANGE('created_at')} GROUP BY 1`,
      ),
    ]);
    for (const rows of sources) add(rows);
    return perDay;
  }
}
