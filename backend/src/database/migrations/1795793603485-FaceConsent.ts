import type { MigrationInterface, QueryRunner } from 'typeorm';

export class FaceConsent1795793603485 implements MigrationInterface {
  name = 'FaceConsent1795793603485';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "users" ADD "face_consent_at" TIMESTAMP WITH TIME ZONE');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "users" DROP COLUMN "face_consent_at"');
  }
}
