import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The columns of `ledger_entries`, in the table's order (the same before and after). */
const COLUMNS = '"id", "user_id", "kind", "delta", "reason", "idempotency_key", "created_at", "earned"';

/** The first instant (UTC) of the month `offset` months after `month`'s. */
function monthStart(month: Date, offset = 0): Date {
  return new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + offset, 1));
}

/** `ledger_entries_2026_11`: the partition of the month starting at `start` (UTC). */
function partitionName(start: Date): string {
  return `ledger_entries_${start.getUTCFullYear()}_${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * The ledger partitioned by month of `created_at` (PARTITION BY RANGE), its idempotency keys moved to
 * the unpartitioned `ledger_keys` (a partitioned table's unique key must include `created_at`, which
 * would let one key be used once per month). The rows are copied with their ids, and the id sequence
 * moves to the new table as it is. Partitions: one per month from the oldest row's to next month's,
 * and a DEFAULT one so an insert never fails; LedgerPartitionsService adds the months ahead daily.
 * Nothing references `ledger_entries` by foreign key (it only references `users`). The copy holds the
 * ledger's lock for its length: run it while the API is stopped (every replica migrates at boot).
 */
export class LedgerPartitions1795805358997 implements MigrationInterface {
  name = 'LedgerPartitions1795805358997';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('LOCK TABLE "ledger_entries" IN ACCESS EXCLUSIVE MODE');
    await queryRunner.query('ALTER TABLE "ledger_entries" RENAME TO "ledger_entries_unpartitioned"');
    await queryRunner.query(
      'ALTER TABLE "ledger_entries_unpartitioned" RENAME CONSTRAINT "PK_6efcb84411d3f08b08450ae75d5" TO "ledger_entries_unpartitioned_pkey"',
    );
    await queryRunner.query('DROP INDEX "public"."ledger_entries_idempotency_uq"');
    await queryRunner.query('DROP INDEX "public"."ledger_entries_user_created_idx"');
    await queryRunner.query('DROP INDEX "public"."ledger_entries_created_idx"');

    await queryRunner.query(
      `CREATE TABLE "ledger_entries" ("id" bigint NOT NULL DEFAULT nextval('ledger_entries_id_seq'), "user_id" bigint NOT NULL, "kind" "public"."balance_kind" NOT NULL, "delta" integer NOT NULL, "reason" character varying(64) NOT NULL, "idempotency_key" character varying(200), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "earned" boolean NOT NULL, CONSTRAINT "PK_90d812aa24b7854d9c6e31c19d3" PRIMARY KEY ("id", "created_at")) PARTITION BY RANGE ("created_at")`,
    );
    // The sequence goes on where it was: new ids continue the copied ones.
    await queryRunner.query('ALTER SEQUENCE "ledger_entries_id_seq" OWNED BY "ledger_entries"."id"');
    await queryRunner.query('ALTER TABLE "ledger_entries_unpartitioned" ALTER COLUMN "id" DROP DEFAULT');

    const [{ oldest }]: { oldest: Date | null }[] = await queryRunner.query(
      'SELECT min("created_at") AS oldest FROM "ledger_entries_unpartitioned"',
    );
    const now = new Date();
    const last = monthStart(now, 1);
    for (
      let start = monthStart(oldest && oldest < now ? oldest : now);
      start <= last;
      start = monthStart(start, 1)
    ) {
      await queryRunner.query(
        `CREATE TABLE "${partitionName(start)}" PARTITION OF "ledger_entries" FOR VALUES FROM ('${start.toISOString()}') TO ('${monthStart(start, 1).toISOString()}')`,
      );
    }
    await queryRunner.query('CREATE TABLE "ledger_entries_default" PARTITION OF "ledger_entries" DEFAULT');

    await queryRunner.query(
      `INSERT INTO "ledger_entries" (${COLUMNS}) SELECT ${COLUMNS} FROM "ledger_entries_unpartitioned"`,
    );
    await queryRunner.query(
      'CREATE INDEX "ledger_entries_user_created_idx" ON "ledger_entries" ("user_id", "created_at") ',
    );
    await queryRunner.query('CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" ("created_at") ');
    await queryRunner.query(
      'ALTER TABLE "ledger_entries" ADD CONSTRAINT "FK_8417854ce8bdd0d651c35e1c7ce" FOREIGN KEY ("user_id") REFERENCES "users"("tg_id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );

    await queryRunner.query(
      `CREATE TABLE "ledger_keys" ("user_id" bigint NOT NULL, "kind" "public"."balance_kind" NOT NULL, "idempotency_key" character varying(200) NOT NULL, "entry_id" bigint NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_0e43d79be0bbba4eea0bfbd0ec5" PRIMARY KEY ("user_id", "kind", "idempotency_key"))`,
    );
    await queryRunner.query(
      `INSERT INTO "ledger_keys" ("user_id", "kind", "idempotency_key", "entry_id", "created_at")
       SELECT "user_id", "kind", "idempotency_key", "id", "created_at" FROM "ledger_entries_unpartitioned"
        WHERE "idempotency_key" IS NOT NULL`,
    );
    await queryRunner.query(
      'ALTER TABLE "ledger_keys" ADD CONSTRAINT "FK_29b9bfe898441144f8df6e5de13" FOREIGN KEY ("user_id") REFERENCES "users"("tg_id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query('DROP TABLE "ledger_entries_unpartitioned"');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('LOCK TABLE "ledger_entries" IN ACCESS EXCLUSIVE MODE');
    await queryRunner.query('ALTER TABLE "ledger_entries" RENAME TO "ledger_entries_partitioned"');
    await queryRunner.query(
      'ALTER TABLE "ledger_entries_partitioned" RENAME CONSTRAINT "PK_90d812aa24b7854d9c6e31c19d3" TO "ledger_entries_partitioned_pkey"',
    );
    await queryRunner.query('DROP INDEX "public"."ledger_entries_user_created_idx"');
    await queryRunner.query('DROP INDEX "public"."ledger_entries_created_idx"');

    await queryRunner.query(
      `CREATE TABLE "ledger_entries" ("id" bigint NOT NULL DEFAULT nextval('ledger_entries_id_seq'), "user_id" bigint NOT NULL, "kind" "public"."balance_kind" NOT NULL, "delta" integer NOT NULL, "reason" character varying(64) NOT NULL, "idempotency_key" character varying(200), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "earned" boolean NOT NULL, CONSTRAINT "PK_6efcb84411d3f08b08450ae75d5" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query('ALTER SEQUENCE "ledger_entries_id_seq" OWNED BY "ledger_entries"."id"');
    await queryRunner.query('ALTER TABLE "ledger_entries_partitioned" ALTER COLUMN "id" DROP DEFAULT');
    await queryRunner.query(
      `INSERT INTO "ledger_entries" (${COLUMNS}) SELECT ${COLUMNS} FROM "ledger_entries_partitioned"`,
    );
    await queryRunner.query(
      'CREATE INDEX "ledger_entries_user_created_idx" ON "ledger_entries" ("user_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "ledger_entries_idempotency_uq" ON "ledger_entries" ("user_id", "kind", "idempotency_key") WHERE "idempotency_key" IS NOT NULL',
    );
    await queryRunner.query('CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" ("created_at") ');
    await queryRunner.query(
      'ALTER TABLE "ledger_entries" ADD CONSTRAINT "FK_8417854ce8bdd0d651c35e1c7ce" FOREIGN KEY ("user_id") REFERENCES "users"("tg_id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query('DROP TABLE "ledger_keys"');
    // Drops every monthly partition and the default one with it.
    await queryRunner.query('DROP TABLE "ledger_entries_partitioned"');
  }
}
