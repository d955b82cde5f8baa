import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DeletedAccounts1795784489138 implements MigrationInterface {
  name = 'DeletedAccounts1795784489138';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "deleted_accounts" ("tg_id" bigint NOT NULL, "deleted_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_18b4da126f6655f2f1c4dd49607" PRIMARY KEY ("tg_id"))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "deleted_accounts"');
  }
}
