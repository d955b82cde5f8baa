import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14: a generation's typed failure code, a meme's caption-less picture (a new caption is drawn on
 * it), and template titles in other languages.
 */
export class MiniAppPolish1795437100000 implements MigrationInterface {
  name = 'MiniAppPolish1795437100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "generations" ADD "error_code" character varying(32)');
    await queryRunner.query('ALTER TABLE "memes" ADD "plain_image_key" character varying(255)');
    // A swap result made without a caption is its own caption-less picture.
    await queryRunner.query(
      'UPDATE "memes" SET "plain_image_key" = "image_key" WHERE "generation_id" IS NOT NULL AND "text" IS NULL',
    );
    await queryRunner.query('ALTER TABLE "templates" ADD "titles" jsonb NOT NULL DEFAULT \'{}\'');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "templates" DROP COLUMN "titles"');
    await queryRunner.query('ALTER TABLE "memes" DROP COLUMN "plain_image_key"');
    await queryRunner.query('ALTER TABLE "generations" DROP COLUMN "error_code"');
  }
}
