import type { MigrationInterface, QueryRunner } from 'typeorm';

export class UserGender1795799352377 implements MigrationInterface {
  name = 'UserGender1795799352377';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      "CREATE TYPE \"public\".\"user_gender\" AS ENUM('male', 'female', 'transgender')",
    );
    await queryRunner.query('ALTER TABLE "users" ADD "gender" "public"."user_gender"');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "users" DROP COLUMN "gender"');
    await queryRunner.query('DROP TYPE "public"."user_gender"');
  }
}
