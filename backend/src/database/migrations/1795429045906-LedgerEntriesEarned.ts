import type { MigrationInterface, QueryRunner } from 'typeorm';

export class LedgerEntriesEarned1795429045906 implements MigrationInterface {
  name = 'LedgerEntriesEarned1795429045906';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Rows written before the flag: coins of the earned reasons of that day (GAME.md "Decisions";
    // only `referral` had been written). New rows always state it, so the default goes again.
    await queryRunner.query('ALTER TABLE "ledger_entries" ADD "earned" boolean NOT NULL DEFAULT false');
    await queryRunner.query(
      `UPDATE "ledger_entries" SET "earned" = true
        WHERE "kind" = 'coins' AND "reason" IN ('swipe', 'like', 'meme-of-the-day', 'referral', 'quest')`,
    );
    await queryRunner.query('ALTER TABLE "ledger_entries" ALTER COLUMN "earned" DROP DEFAULT');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "ledger_entries" DROP COLUMN "earned"');
  }
}
