import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ConfigAdmins1795428490674 implements MigrationInterface {
  name = 'ConfigAdmins1795428490674';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "users" ADD "admin_by_config" boolean NOT NULL DEFAULT false');
    await queryRunner.query('ALTER TABLE "users" ADD "admin_by_command" boolean NOT NULL DEFAULT false');
    // Which admins came from ADMIN_TG_IDS and which from the command was never recorded: count them all
    // as the list's (the safe side: one no longer listed loses admin at the next login and can be
    // granted again with the command; docs/OPERATIONS.md "Admins").
    await queryRunner.query('UPDATE "users" SET "admin_by_config" = true WHERE "is_admin"');
    await queryRunner.query(
      'ALTER TABLE "users" ADD CONSTRAINT "users_admin_sources" CHECK ("is_admin" = ("admin_by_config" OR "admin_by_command"))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "users" DROP CONSTRAINT "users_admin_sources"');
    await queryRunner.query('ALTER TABLE "users" DROP COLUMN "admin_by_command"');
    await queryRunner.query('ALTER TABLE "users" DROP COLUMN "admin_by_config"');
  }
}
