import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AdminConsole1795783997863 implements MigrationInterface {
  name = 'AdminConsole1795783997863';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Templates of before the console stay listed; new ones are stored disabled until an admin enables them.
    await queryRunner.query('ALTER TABLE "templates" ADD "enabled" boolean NOT NULL DEFAULT true');
    await queryRunner.query('ALTER TABLE "templates" ALTER COLUMN "enabled" SET DEFAULT false');
    await queryRunner.query('CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries"  ("created_at") ');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."ledger_entries_created_idx"');
    await queryRunner.query('ALTER TABLE "templates" DROP COLUMN "enabled"');
  }
}
