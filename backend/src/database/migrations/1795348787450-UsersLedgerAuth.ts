import type { MigrationInterface, QueryRunner } from 'typeorm';

export class UsersLedgerAuth1795348787450 implements MigrationInterface {
  name = 'UsersLedgerAuth1795348787450';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "users" ("tg_id" bigint NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "is_bot" boolean NOT NULL DEFAULT false, "is_admin" boolean NOT NULL DEFAULT false, "is_premium" boolean NOT NULL DEFAULT false, "is_onboarding_done" boolean NOT NULL DEFAULT false, "referal_id" bigint, "has_ton" boolean NOT NULL DEFAULT false, "username" character varying(64), "first_name" character varying(256), "last_name" character varying(256), "language_code" character varying(8) NOT NULL DEFAULT 'en', "photo_url" text, "generation_limit" integer NOT NULL DEFAULT '0', "meme_coins" integer NOT NULL DEFAULT '0', "tasks_count" integer NOT NULL DEFAULT '0', "generations_count" integer NOT NULL DEFAULT '0', "invited_count" integer NOT NULL DEFAULT '0', "friends_generated" integer NOT NULL DEFAULT '0', "referal_coins" integer NOT NULL DEFAULT '0', "infl" boolean NOT NULL DEFAULT false, "referral_spending" integer NOT NULL DEFAULT '0', "ref_infl" bigint, "boost_ends" TIMESTAMP WITH TIME ZONE, "swipes" integer NOT NULL DEFAULT '0', "swipes_refilled_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "swiped_count" integer NOT NULL DEFAULT '0', "swiped_gift_count" integer NOT NULL DEFAULT '0', CONSTRAINT "users_balances_non_negative" CHECK ("generation_limit" >= 0 AND "meme_coins" >= 0 AND "swipes" >= 0), CONSTRAINT "PK_9793d2defd72fffdb9a55c0d88f" PRIMARY KEY ("tg_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "users_referal_id_idx" ON "users"  ("referal_id") `);
    await queryRunner.query(`CREATE TYPE "public"."balance_kind" AS ENUM('credits', 'coins', 'swipes')`);
    await queryRunner.query(
      `CREATE TABLE "ledger_entries" ("id" BIGSERIAL NOT NULL, "user_id" bigint NOT NULL, "kind" "public"."balance_kind" NOT NULL, "delta" integer NOT NULL, "reason" character varying(64) NOT NULL, "idempotency_key" character varying(200), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6efcb84411d3f08b08450ae75d5" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ledger_entries_user_created_idx" ON "ledger_entries"  ("user_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ledger_entries_idempotency_uq" ON "ledger_entries"  ("user_id", "kind", "idempotency_key") WHERE "idempotency_key" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "auth_sessions" ("id" uuid NOT NULL, "user_id" bigint NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_641507381f32580e8479efc36cd" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "auth_sessions_user_id_idx" ON "auth_sessions"  ("user_id") `);
    await queryRunner.query(
      `CREATE TABLE "refresh_tokens" ("id" uuid NOT NULL, "session_id" uuid NOT NULL, "token_hash" character(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_7d8bee0204106019488c4c50ffa" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "refresh_tokens_session_id_idx" ON "refresh_tokens"  ("session_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "refresh_tokens_token_hash_uq" ON "refresh_tokens"  ("token_hash") `,
    );
    await queryRunner.query(
      `ALTER TABLE "ledger_entries" ADD CONSTRAINT "FK_8417854ce8bdd0d651c35e1c7ce" FOREIGN KEY ("user_id") REFERENCES "users"("tg_id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "auth_sessions" ADD CONSTRAINT "FK_50ccaa6440288a06f0ba693ccc6" FOREIGN KEY ("user_id") REFERENCES "users"("tg_id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "refresh_tokens" ADD CONSTRAINT "FK_3bf308fa93da3966f9e76fcfba4" FOREIGN KEY ("session_id") REFERENCES "auth_sessions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "refresh_tokens" DROP CONSTRAINT "FK_3bf308fa93da3966f9e76fcfba4"`);
    await queryRunner.query(`ALTER TABLE "auth_sessions" DROP CONSTRAINT "FK_50ccaa6440288a06f0ba693ccc6"`);
    await queryRunner.query(`ALTER TABLE "ledger_entries" DROP CONSTRAINT "FK_8417854ce8bdd0d651c35e1c7ce"`);
    await queryRunner.query(`DROP INDEX "public"."refresh_tokens_token_hash_uq"`);
    await queryRunner.query(`DROP INDEX "public"."refresh_tokens_session_id_idx"`);
    await queryRunner.query(`DROP TABLE "refresh_tokens"`);
    await queryRunner.query(`DROP INDEX "public"."auth_sessions_user_id_idx"`);
    await queryRunner.query(`DROP TABLE "auth_sessions"`);
    await queryRunner.query(`DROP INDEX "public"."ledger_entries_idempotency_uq"`);
    await queryRunner.query(`DROP INDEX "public"."ledger_entries_user_created_idx"`);
    await queryRunner.query(`DROP TABLE "ledger_entries"`);
    await queryRunner.query(`DROP TYPE "public"."balance_kind"`);
    await queryRunner.query(`DROP INDEX "public"."users_referal_id_idx"`);
    await queryRunner.query(`DROP TABLE "users"`);
  }
}
