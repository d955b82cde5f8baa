import type { MigrationInterface, QueryRunner } from 'typeorm';

export class BalanceVersion1795816452707 implements MigrationInterface {
  name = 'BalanceVersion1795816452707';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "users" ADD "balance_version" bigint NOT NULL DEFAULT \'0\'');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "users" DROP COLUMN "balance_version"');
  }
}
