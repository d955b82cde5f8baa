import type { MigrationInterface, QueryRunner } from 'typeorm';

export class GameLoop1795436187997 implements MigrationInterface {
  name = 'GameLoop1795436187997';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "pending_likes" ("id" BIGSERIAL NOT NULL, "meme_id" uuid NOT NULL, "author_id" bigint NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_07498e2e4e25b08a52995d9cbc8" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "pending_likes_meme_idx" ON "pending_likes"  ("meme_id") ');
    await queryRunner.query(
      'CREATE TABLE "day_settlements" ("day" date NOT NULL, "meme_id" uuid, "author_id" bigint, "likes" integer NOT NULL DEFAULT \'0\', "author_reward" integer NOT NULL DEFAULT \'0\', "pool" bigint NOT NULL DEFAULT \'0\', "winning_stakes" bigint NOT NULL DEFAULT \'0\', "votes" integer NOT NULL DEFAULT \'0\', "winners" integer NOT NULL DEFAULT \'0\', "paid_out" bigint NOT NULL DEFAULT \'0\', "refunded" bigint NOT NULL DEFAULT \'0\', "remainder" integer NOT NULL DEFAULT \'0\', "remainder_vote_id" bigint, "settled_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6d62287ef0f659aea28c96cafc2" PRIMARY KEY ("day"))',
    );
    await queryRunner.query(
      'CREATE TABLE "feed_votes" ("id" BIGSERIAL NOT NULL, "user_id" bigint NOT NULL, "meme_id" uuid NOT NULL, "day" date NOT NULL, "amount" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "feed_votes_amount_positive" CHECK ("amount" > 0), CONSTRAINT "PK_31b9a6758129a50d0c0c2c9d432" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "feed_votes_user_created_idx" ON "feed_votes"  ("user_id", "created_at") ',
    );
    await queryRunner.query('CREATE INDEX "feed_votes_day_meme_idx" ON "feed_votes"  ("day", "meme_id") ');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "feed_votes_user_meme_uq" ON "feed_votes"  ("user_id", "meme_id") ',
    );
    await queryRunner.query(
      "CREATE TYPE \"public\".\"gift_kind\" AS ENUM('coins', 'credits', 'swipes', 'boost')",
    );
    await queryRunner.query(
      'CREATE TABLE "swipe_gifts" ("id" uuid NOT NULL, "user_id" bigint NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "opened_at" TIMESTAMP WITH TIME ZONE, "kind" "public"."gift_kind", "amount" integer, CONSTRAINT "PK_ff53f4aa7084203c06de3b7b99a" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "swipe_gifts_pending_idx" ON "swipe_gifts"  ("user_id", "created_at") WHERE "opened_at" IS NULL',
    );
    await queryRunner.query(
      'CREATE TABLE "swipes" ("user_id" bigint NOT NULL, "meme_id" uuid NOT NULL, "liked" boolean NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_32696f6c05ceac957ecb7d64764" PRIMARY KEY ("user_id", "meme_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "swipes_meme_likes_idx" ON "swipes"  ("meme_id", "created_at") WHERE "liked"',
    );
    await queryRunner.query('CREATE INDEX "swipes_user_created_idx" ON "swipes"  ("user_id", "created_at") ');
    await queryRunner.query('ALTER TABLE "memes" ADD "first_published_at" TIMESTAMP WITH TIME ZONE');
    await queryRunner.query('ALTER TABLE "memes" ADD "contest_day" date');
    // Memes published before contest days existed: their current publishing is the first we know of.
    await queryRunner.query(
      `UPDATE "memes" SET "first_published_at" = "published_at", "contest_day" = ("published_at" AT TIME ZONE 'UTC')::date WHERE "published_at" IS NOT NULL`,
    );
    await queryRunner.query(
      'CREATE INDEX "memes_contest_day_idx" ON "memes"  ("contest_day", "likes") WHERE "generation_id" IS NOT NULL',
    );
    await queryRunner.query(
      'CREATE INDEX "memes_feed_new_idx" ON "memes"  ("first_published_at") WHERE "is_published" AND "generation_id" IS NOT NULL',
    );
    await queryRunner.query(
      'ALTER TABLE "feed_votes" ADD CONSTRAINT "FK_26cbf1894984a017e70e7038ba2" FOREIGN KEY ("user_id") REFERENCES "users"("tg_id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "feed_votes" ADD CONSTRAINT "FK_57bd43d26ed704488ebb934a68f" FOREIGN KEY ("meme_id") REFERENCES "memes"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "swipe_gifts" ADD CONSTRAINT "FK_e0004a33968c4cc263317144423" FOREIGN KEY ("user_id") REFERENCES "users"("tg_id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "swipes" ADD CONSTRAINT "FK_577e2799fecb365b213b929f6bc" FOREIGN KEY ("user_id") REFERENCES "users"("tg_id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "swipes" ADD CONSTRAINT "FK_5f5355997cbc813455e1e03ec63" FOREIGN KEY ("meme_id") REFERENCES "memes"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "swipes" DROP CONSTRAINT "FK_5f5355997cbc813455e1e03ec63"');
    await queryRunner.query('ALTER TABLE "swipes" DROP CONSTRAINT "FK_577e2799fecb365b213b929f6bc"');
    await queryRunner.query('ALTER TABLE "swipe_gifts" DROP CONSTRAINT "FK_e0004a33968c4cc263317144423"');
    await queryRunner.query('ALTER TABLE "feed_votes" DROP CONSTRAINT "FK_57bd43d26ed704488ebb934a68f"');
    await queryRunner.query('ALTER TABLE "feed_votes" DROP CONSTRAINT "FK_26cbf1894984a017e70e7038ba2"');
    await queryRunner.query('DROP INDEX "public"."memes_feed_new_idx"');
    await queryRunner.query('DROP INDEX "public"."memes_contest_day_idx"');
    await queryRunner.query('ALTER TABLE "memes" DROP COLUMN "contest_day"');
    await queryRunner.query('ALTER TABLE "memes" DROP COLUMN "first_published_at"');
    await queryRunner.query('DROP INDEX "public"."swipes_user_created_idx"');
    await queryRunner.query('DROP INDEX "public"."swipes_meme_likes_idx"');
    await queryRunner.query('DROP TABLE "swipes"');
    await queryRunner.query('DROP INDEX "public"."swipe_gifts_pending_idx"');
    await queryRunner.query('DROP TABLE "swipe_gifts"');
    await queryRunner.query('DROP TYPE "public"."gift_kind"');
    await queryRunner.query('DROP INDEX "public"."feed_votes_user_meme_uq"');
    await queryRunner.query('DROP INDEX "public"."feed_votes_day_meme_idx"');
    await queryRunner.query('DROP INDEX "public"."feed_votes_user_created_idx"');
    await queryRunner.query('DROP TABLE "feed_votes"');
    await queryRunner.query('DROP TABLE "day_settlements"');
    await queryRunner.query('DROP INDEX "public"."pending_likes_meme_idx"');
    await queryRunner.query('DROP TABLE "pending_likes"');
  }
}
