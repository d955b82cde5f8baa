import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SquadsPromoCodes1795429860939 implements MigrationInterface {
  name = 'SquadsPromoCodes1795429860939';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "promo_codes" ("code" character varying(32) NOT NULL, "owner_id" bigint NOT NULL, "description" character varying(200), "credits_per_use" integer NOT NULL, "max_uses" integer NOT NULL, "uses" integer NOT NULL DEFAULT \'0\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "promo_codes_credits_positive" CHECK ("credits_per_use" > 0), CONSTRAINT "promo_codes_uses_range" CHECK ("uses" >= 0 AND "uses" <= "max_uses"), CONSTRAINT "PK_2f096c406a9d9d5b8ce204190c3" PRIMARY KEY ("code"))',
    );
    await queryRunner.query(
      'CREATE INDEX "promo_codes_owner_created_idx" ON "promo_codes"  ("owner_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "promo_code_uses" ("code" character varying(32) NOT NULL, "user_id" bigint NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9a19d32abac4f088bfe897d4596" PRIMARY KEY ("code", "user_id"))',
    );
    await queryRunner.query(
      'CREATE TYPE "public"."influencer_share_kind" AS ENUM(\'accrual\', \'take-back\')',
    );
    await queryRunner.query(
      'CREATE TABLE "influencer_shares" ("id" BIGSERIAL NOT NULL, "influencer_id" bigint NOT NULL, "member_id" bigint NOT NULL, "charge_id" character varying(200) NOT NULL, "kind" "public"."influencer_share_kind" NOT NULL, "stars" integer NOT NULL, "share" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "influencer_shares_sign" CHECK (("kind" = \'accrual\' AND "share" >= 0) OR ("kind" = \'take-back\' AND "share" <= 0)), CONSTRAINT "PK_6299e22ed05c7467c1b7903f0c4" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "influencer_shares_influencer_idx" ON "influencer_shares"  ("influencer_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "influencer_shares_charge_kind_uq" ON "influencer_shares"  ("charge_id", "kind") ',
    );
    await queryRunner.query(
      'CREATE TABLE "squads" ("id" SERIAL NOT NULL, "influencer_id" bigint NOT NULL, "title" character varying(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_7b43f3b15b292aa1deee88bcf19" UNIQUE ("influencer_id"), CONSTRAINT "PK_6ef0717a3dbb0f326bc387dfacb" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "squad_memberships" ("user_id" bigint NOT NULL, "squad_id" integer, "joined_at" TIMESTAMP WITH TIME ZONE, "switch_available_at" TIMESTAMP WITH TIME ZONE, "version" integer NOT NULL DEFAULT \'0\', CONSTRAINT "squad_memberships_joined" CHECK (("squad_id" IS NULL) = ("joined_at" IS NULL)), CONSTRAINT "PK_57a572a1fbd0ff5da313ec4154a" PRIMARY KEY ("user_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "squad_memberships_squad_idx" ON "squad_memberships"  ("squad_id", "joined_at") ',
    );
    await queryRunner.query(
      'ALTER TABLE "promo_codes" ADD CONSTRAINT "FK_d22b00a1abe1fad7404ec5a8a16" FOREIGN KEY ("owner_id") REFERENCES "users"("tg_id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "promo_code_uses" ADD CONSTRAINT "FK_45c673dce9f916d9c0dec2dd26f" FOREIGN KEY ("code") REFERENCES "promo_codes"("code") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "promo_code_uses" ADD CONSTRAINT "FK_84e9d82f9d6e3c9e53f5d199887" FOREIGN KEY ("user_id") REFERENCES "users"("tg_id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "influencer_shares" ADD CONSTRAINT "FK_e05372a76f0634cfb25901d6e79" FOREIGN KEY ("influencer_id") REFERENCES "users"("tg_id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "squads" ADD CONSTRAINT "FK_7b43f3b15b292aa1deee88bcf19" FOREIGN KEY ("influencer_id") REFERENCES "users"("tg_id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "squad_memberships" ADD CONSTRAINT "FK_57a572a1fbd0ff5da313ec4154a" FOREIGN KEY ("user_id") REFERENCES "users"("tg_id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "squad_memberships" ADD CONSTRAINT "FK_63480c6e49a2d97ce95370654bc" FOREIGN KEY ("squad_id") REFERENCES "squads"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "squad_memberships" DROP CONSTRAINT "FK_63480c6e49a2d97ce95370654bc"',
    );
    await queryRunner.query(
      'ALTER TABLE "squad_memberships" DROP CONSTRAINT "FK_57a572a1fbd0ff5da313ec4154a"',
    );
    await queryRunner.query('ALTER TABLE "squads" DROP CONSTRAINT "FK_7b43f3b15b292aa1deee88bcf19"');
    await queryRunner.query(
      'ALTER TABLE "influencer_shares" DROP CONSTRAINT "FK_e05372a76f0634cfb25901d6e79"',
    );
    await queryRunner.query('ALTER TABLE "promo_code_uses" DROP CONSTRAINT "FK_84e9d82f9d6e3c9e53f5d199887"');
    await queryRunner.query('ALTER TABLE "promo_code_uses" DROP CONSTRAINT "FK_45c673dce9f916d9c0dec2dd26f"');
    await queryRunner.query('ALTER TABLE "promo_codes" DROP CONSTRAINT "FK_d22b00a1abe1fad7404ec5a8a16"');
    await queryRunner.query('DROP INDEX "public"."squad_memberships_squad_idx"');
    await queryRunner.query('DROP TABLE "squad_memberships"');
    await queryRunner.query('DROP TABLE "squads"');
    await queryRunner.query('DROP INDEX "public"."influencer_shares_charge_kind_uq"');
    await queryRunner.query('DROP INDEX "public"."influencer_shares_influencer_idx"');
    await queryRunner.query('DROP TABLE "influencer_shares"');
    await queryRunner.query('DROP TYPE "public"."influencer_share_kind"');
    await queryRunner.query('DROP TABLE "promo_code_uses"');
    await queryRunner.query('DROP INDEX "public"."promo_codes_owner_created_idx"');
    await queryRunner.query('DROP TABLE "promo_codes"');
  }
}
