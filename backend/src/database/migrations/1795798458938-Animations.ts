import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Animations1795798458938 implements MigrationInterface {
  name = 'Animations1795798458938';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "templates" ADD "video_key" character varying(255)');
    await queryRunner.query('ALTER TABLE "templates" ADD "duration_ms" integer');
    await queryRunner.query('ALTER TABLE "templates" ADD "frame_count" integer');
    await queryRunner.query('ALTER TABLE "templates" ADD "analysis" character varying(16)');
    await queryRunner.query('ALTER TABLE "templates" ADD "analysis_error" text');
    await queryRunner.query('ALTER TABLE "memes" ADD "video_key" character varying(255)');
    await queryRunner.query('ALTER TABLE "memes" ADD "duration_ms" integer');
    await queryRunner.query('ALTER TABLE "memes" ADD "frame_count" integer');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "memes" DROP COLUMN "frame_count"');
    await queryRunner.query('ALTER TABLE "memes" DROP COLUMN "duration_ms"');
    await queryRunner.query('ALTER TABLE "memes" DROP COLUMN "video_key"');
    await queryRunner.query('ALTER TABLE "templates" DROP COLUMN "analysis_error"');
    await queryRunner.query('ALTER TABLE "templates" DROP COLUMN "analysis"');
    await queryRunner.query('ALTER TABLE "templates" DROP COLUMN "frame_count"');
    await queryRunner.query('ALTER TABLE "templates" DROP COLUMN "duration_ms"');
    await queryRunner.query('ALTER TABLE "templates" DROP COLUMN "video_key"');
  }
}
