import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Moderation1795782615375 implements MigrationInterface {
  name = 'Moderation1795782615375';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "audit_entries" ("id" BIGSERIAL NOT NULL, "actor" character varying(32) NOT NULL, "action" character varying(64) NOT NULL, "target" character varying(128) NOT NULL, "reason" text, "before" jsonb, "after" jsonb, "idempotency_key" character varying(255), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6b1623bcad4d04530b76548d619" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "audit_entries_action_key_uq" ON "audit_entries"  ("action", "idempotency_key") WHERE "idempotency_key" IS NOT NULL',
    );
    await queryRunner.query(
      'CREATE INDEX "audit_entries_action_created_idx" ON "audit_entries"  ("action", "created_at") ',
    );
    await queryRunner.query('CREATE INDEX "audit_entries_created_idx" ON "audit_entries"  ("created_at") ');
    await queryRunner.query(
      'CREATE TABLE "player_bans" ("tg_id" bigint NOT NULL, "reason" text NOT NULL, "until" TIMESTAMP WITH TIME ZONE, "banned_by" character varying(32) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9f044c55885c72ce5f2ab4bbeaf" PRIMARY KEY ("tg_id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "meme_reports" ("id" BIGSERIAL NOT NULL, "meme_id" uuid NOT NULL, "reporter_id" bigint NOT NULL, "reason" character varying(16) NOT NULL, "status" character varying(8) NOT NULL DEFAULT \'open\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4a70765c0128d76b794e9c9181e" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "meme_reports_status_created_idx" ON "meme_reports"  ("status", "created_at") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "meme_reports_meme_reporter_uq" ON "meme_reports"  ("meme_id", "reporter_id") ',
    );
    await queryRunner.query('ALTER TABLE "memes" ADD "hidden_at" TIMESTAMP WITH TIME ZONE');
    await queryRunner.query('ALTER TABLE "feed_votes" ADD "returned_at" TIMESTAMP WITH TIME ZONE');
    // The feed's index follows IN_FEED, which now leaves hidden memes out (TypeORM does not compare
    // index predicates, so this is written by hand).
    await queryRunner.query('DROP INDEX "public"."memes_feed_new_idx"');
    await queryRunner.query(
      'CREATE INDEX "memes_feed_new_idx" ON "memes"  ("first_published_at") WHERE "is_published" AND "generation_id" IS NOT NULL AND "hidden_at" IS NULL',
    );
    await queryRunner.query(
      'ALTER TABLE "meme_reports" ADD CONSTRAINT "FK_c50b05435006d7c96faa34f3323" FOREIGN KEY ("meme_id") REFERENCES "memes"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "meme_reports" DROP CONSTRAINT "FK_c50b05435006d7c96faa34f3323"');
    await queryRunner.query('DROP INDEX "public"."memes_feed_new_idx"');
    await queryRunner.query(
      'CREATE INDEX "memes_feed_new_idx" ON "memes"  ("first_published_at") WHERE "is_published" AND "generation_id" IS NOT NULL',
    );
    await queryRunner.query('ALTER TABLE "feed_votes" DROP COLUMN "returned_at"');
    await queryRunner.query('ALTER TABLE "memes" DROP COLUMN "hidden_at"');
    await queryRunner.query('DROP INDEX "public"."meme_reports_meme_reporter_uq"');
    await queryRunner.query('DROP INDEX "public"."meme_reports_status_created_idx"');
    await queryRunner.query('DROP TABLE "meme_reports"');
    await queryRunner.query('DROP TABLE "player_bans"');
    await queryRunner.query('DROP INDEX "public"."audit_entries_created_idx"');
    await queryRunner.query('DROP INDEX "public"."audit_entries_action_created_idx"');
    await queryRunner.query('DROP INDEX "public"."audit_entries_action_key_uq"');
    await queryRunner.query('DROP TABLE "audit_entries"');
  }
}
