import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TelegramUpdates1795428370943 implements MigrationInterface {
  name = 'TelegramUpdates1795428370943';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "telegram_updates" ("update_id" bigint NOT NULL, "kind" character varying(64) NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "processed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_744cdcbaa31fc014e209dd532d0" PRIMARY KEY ("update_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "telegram_updates_received_idx" ON "telegram_updates"  ("received_at") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."telegram_updates_received_idx"');
    await queryRunner.query('DROP TABLE "telegram_updates"');
  }
}
