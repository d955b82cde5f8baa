import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 22 (defect 11): a template's caption in other languages, as its titles are. */

export class TemplateCaptions1795795355547 implements MigrationInterface {
  name = 'TemplateCaptions1795795355547';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "templates" ADD "captions" jsonb NOT NULL DEFAULT \'{}\'');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "templates" DROP COLUMN "captions"');
  }
}
