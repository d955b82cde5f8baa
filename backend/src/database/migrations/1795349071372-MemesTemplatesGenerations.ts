import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MemesTemplatesGenerations1795349071372 implements MigrationInterface {
  name = 'MemesTemplatesGenerations1795349071372';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      "CREATE TYPE \"public\".\"template_gender\" AS ENUM('male', 'female', 'transgender')",
    );
    await queryRunner.query(
      'CREATE TABLE "templates" ("id" uuid NOT NULL, "title" character varying(120) NOT NULL, "caption" text, "tags" text array NOT NULL DEFAULT \'{}\', "gender" "public"."template_gender", "is_premium" boolean NOT NULL DEFAULT false, "image_key" character varying(255) NOT NULL, "thumbnail_key" character varying(255) NOT NULL, "width" integer NOT NULL, "height" integer NOT NULL, "face_count" integer NOT NULL, "created_by" bigint, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_515948649ce0bbbe391de702ae5" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "templates_created_idx" ON "templates"  ("created_at") ');
    await queryRunner.query(
      'CREATE TABLE "memes" ("id" uuid NOT NULL, "share_id" character varying(16) NOT NULL, "owner_id" bigint NOT NULL, "text" text, "normalized_text" text, "is_published" boolean NOT NULL DEFAULT false, "published_at" TIMESTAMP WITH TIME ZONE, "image_key" character varying(255) NOT NULL, "thumbnail_key" character varying(255) NOT NULL, "width" integer NOT NULL, "height" integer NOT NULL, "generation_id" uuid, "template_id" uuid, "likes" integer NOT NULL DEFAULT \'0\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_12846fb6620e0a6a8ff699db4fa" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE UNIQUE INDEX "memes_share_id_uq" ON "memes"  ("share_id") ');
    await queryRunner.query('CREATE UNIQUE INDEX "memes_generation_uq" ON "memes"  ("generation_id") ');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "memes_published_caption_uq" ON "memes"  ("normalized_text") WHERE "is_published" AND "normalized_text" IS NOT NULL',
    );
    await queryRunner.query('CREATE INDEX "memes_owner_created_idx" ON "memes"  ("owner_id", "created_at") ');
    await queryRunner.query(
      "CREATE TYPE \"public\".\"generation_status\" AS ENUM('queued', 'processing', 'done', 'failed')",
    );
    await queryRunner.query(
      "CREATE TYPE \"public\".\"generation_stage\" AS ENUM('queued', 'decode', 'detect', 'landmarks', 'swap', 'caption', 'encode', 'store', 'done')",
    );
    await queryRunner.query(
      'CREATE TABLE "generations" ("id" uuid NOT NULL, "user_id" bigint NOT NULL, "template_id" uuid, "source_meme_id" uuid, "face_key" character varying(255) NOT NULL, "target_key" character varying(255) NOT NULL, "text" text, "status" "public"."generation_status" NOT NULL DEFAULT \'queued\', "stage" "public"."generation_stage" NOT NULL DEFAULT \'queued\', "progress" smallint NOT NULL DEFAULT \'0\', "error" text, "cost" smallint NOT NULL, "rating" smallint, "worker_ms" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "generations_cost_non_negative" CHECK ("cost" >= 0), CONSTRAINT "generations_rating_range" CHECK ("rating" BETWEEN 1 AND 5), CONSTRAINT "generations_progress_range" CHECK ("progress" BETWEEN 0 AND 100), CONSTRAINT "PK_9d2a52fbde1fba42c24ec42ddd2" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "generations_unfinished_idx" ON "generations"  ("created_at") WHERE "status" IN (\'queued\', \'processing\')',
    );
    await queryRunner.query(
      'CREATE INDEX "generations_user_created_idx" ON "generations"  ("user_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "player_faces" ("user_id" bigint NOT NULL, "face_key" character varying(255) NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6263c9cf47a31e86d535b459b65" PRIMARY KEY ("user_id"))',
    );
    await queryRunner.query(
      'ALTER TABLE "templates" ADD CONSTRAINT "FK_e0753fa8d20f4eae08ebec1fef9" FOREIGN KEY ("created_by") REFERENCES "users"("tg_id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "memes" ADD CONSTRAINT "FK_705894cbcf8be1836ffcd072389" FOREIGN KEY ("owner_id") REFERENCES "users"("tg_id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "memes" ADD CONSTRAINT "FK_9bdce8b7386961ddf1f93cad753" FOREIGN KEY ("template_id") REFERENCES "templates"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "generations" ADD CONSTRAINT "FK_d2144f7590e23819132d9222968" FOREIGN KEY ("user_id") REFERENCES "users"("tg_id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "generations" ADD CONSTRAINT "FK_3db083c2cab0e56bf3636de511c" FOREIGN KEY ("template_id") REFERENCES "templates"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "generations" ADD CONSTRAINT "FK_c3f0f13b13acc044827b8919731" FOREIGN KEY ("source_meme_id") REFERENCES "memes"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "player_faces" ADD CONSTRAINT "FK_6263c9cf47a31e86d535b459b65" FOREIGN KEY ("user_id") REFERENCES "users"("tg_id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "player_faces" DROP CONSTRAINT "FK_6263c9cf47a31e86d535b459b65"');
    await queryRunner.query('ALTER TABLE "generations" DROP CONSTRAINT "FK_c3f0f13b13acc044827b8919731"');
    await queryRunner.query('ALTER TABLE "generations" DROP CONSTRAINT "FK_3db083c2cab0e56bf3636de511c"');
    await queryRunner.query('ALTER TABLE "generations" DROP CONSTRAINT "FK_d2144f7590e23819132d9222968"');
    await queryRunner.query('ALTER TABLE "memes" DROP CONSTRAINT "FK_9bdce8b7386961ddf1f93cad753"');
    await queryRunner.query('ALTER TABLE "memes" DROP CONSTRAINT "FK_705894cbcf8be1836ffcd072389"');
    await queryRunner.query('ALTER TABLE "templates" DROP CONSTRAINT "FK_e0753fa8d20f4eae08ebec1fef9"');
    await queryRunner.query('DROP TABLE "player_faces"');
    await queryRunner.query('DROP INDEX "public"."generations_user_created_idx"');
    await queryRunner.query('DROP INDEX "public"."generations_unfinished_idx"');
    await queryRunner.query('DROP TABLE "generations"');
    await queryRunner.query('DROP TYPE "public"."generation_stage"');
    await queryRunner.query('DROP TYPE "public"."generation_status"');
    await queryRunner.query('DROP INDEX "public"."memes_owner_created_idx"');
    await queryRunner.query('DROP INDEX "public"."memes_published_caption_uq"');
    await queryRunner.query('DROP INDEX "public"."memes_generation_uq"');
    await queryRunner.query('DROP INDEX "public"."memes_share_id_uq"');
    await queryRunner.query('DROP TABLE "memes"');
    await queryRunner.query('DROP INDEX "public"."templates_created_idx"');
    await queryRunner.query('DROP TABLE "templates"');
    await queryRunner.query('DROP TYPE "public"."template_gender"');
  }
}
