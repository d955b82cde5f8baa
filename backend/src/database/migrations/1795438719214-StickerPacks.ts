import type { MigrationInterface, QueryRunner } from 'typeorm';

export class StickerPacks1795438719214 implements MigrationInterface {
  name = 'StickerPacks1795438719214';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "sticker_packs" ("id" uuid NOT NULL, "owner_id" bigint NOT NULL, "name" character varying(64) NOT NULL, "title" character varying(64) NOT NULL, "style" character varying(8) NOT NULL DEFAULT \'full\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a27381efea0f876f5d3233af655" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE UNIQUE INDEX "sticker_packs_name_uq" ON "sticker_packs"  ("name") ');
    await queryRunner.query(
      'CREATE INDEX "sticker_packs_owner_idx" ON "sticker_packs"  ("owner_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "pack_stickers" ("file_id" character varying(255) NOT NULL, "pack_id" uuid NOT NULL, "meme_id" uuid NOT NULL, "position" integer NOT NULL, CONSTRAINT "PK_c8af010c3729a9cfb13fc01af3b" PRIMARY KEY ("file_id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "pack_stickers_pack_meme_uq" ON "pack_stickers"  ("pack_id", "meme_id") ',
    );
    await queryRunner.query(
      'ALTER TABLE "sticker_packs" ADD CONSTRAINT "FK_3abd4e5591de41b002a32b84699" FOREIGN KEY ("owner_id") REFERENCES "users"("tg_id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "pack_stickers" ADD CONSTRAINT "FK_588f9a9f209d5a8f95613356662" FOREIGN KEY ("pack_id") REFERENCES "sticker_packs"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "pack_stickers" DROP CONSTRAINT "FK_588f9a9f209d5a8f95613356662"');
    await queryRunner.query('ALTER TABLE "sticker_packs" DROP CONSTRAINT "FK_3abd4e5591de41b002a32b84699"');
    await queryRunner.query('DROP INDEX "public"."pack_stickers_pack_meme_uq"');
    await queryRunner.query('DROP TABLE "pack_stickers"');
    await queryRunner.query('DROP INDEX "public"."sticker_packs_owner_idx"');
    await queryRunner.query('DROP INDEX "public"."sticker_packs_name_uq"');
    await queryRunner.query('DROP TABLE "sticker_packs"');
  }
}
