import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MemeReview1795795165976 implements MigrationInterface {
  name = 'MemeReview1795795165976';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "memes" ADD "review_since" TIMESTAMP WITH TIME ZONE');
    await queryRunner.query('ALTER TABLE "memes" ADD "nsfw_scores" jsonb');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "memes" DROP COLUMN "nsfw_scores"');
    await queryRunner.query('ALTER TABLE "memes" DROP COLUMN "review_since"');
  }
}
