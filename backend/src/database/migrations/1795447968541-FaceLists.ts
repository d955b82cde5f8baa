import type { MigrationInterface, QueryRunner } from 'typeorm';

export class FaceLists1795447968541 implements MigrationInterface {
  name = 'FaceLists1795447968541';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "templates" ADD "faces" jsonb');
    await queryRunner.query('ALTER TABLE "memes" ADD "faces" jsonb');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "memes" DROP COLUMN "faces"');
    await queryRunner.query('ALTER TABLE "templates" DROP COLUMN "faces"');
  }
}
