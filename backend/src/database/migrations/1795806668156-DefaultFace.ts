import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DefaultFace1795806668156 implements MigrationInterface {
  name = 'DefaultFace1795806668156';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "templates" ADD "default_face" smallint NOT NULL DEFAULT \'0\'');
    await queryRunner.query('ALTER TABLE "memes" ADD "face_indexes" smallint array');
    await queryRunner.query('ALTER TABLE "generations" ADD "face_indexes" smallint array');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "generations" DROP COLUMN "face_indexes"');
    await queryRunner.query('ALTER TABLE "memes" DROP COLUMN "face_indexes"');
    await queryRunner.query('ALTER TABLE "templates" DROP COLUMN "default_face"');
  }
}
