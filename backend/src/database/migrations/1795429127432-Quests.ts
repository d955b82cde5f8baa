import type { MigrationInterface, QueryRunner } from 'typeorm';

/** kind, title, description, target, coins, credits, sort order */
const SEED_QUESTS: (string | number)[][] = [
  [
    'channel',
    '{"en": "Subscribe to the news channel", "ru": "Подпишитесь на канал новостей"}',
    '{"en": "News, contests and the memes of the day", "ru": "Новости, конкурсы и мемы дня"}',
    1,
    500,
    0,
    1,
  ],
  [
    'invite_friends',
    '{"en": "Invite a friend", "ru": "Пригласите друга"}',
    '{"en": "A friend counts once their first meme is made", "ru": "Друг засчитывается, когда создаст первый мем"}',
    1,
    300,
    0,
    2,
  ],
  [
    'invite_friends',
    '{"en": "Invite 5 friends", "ru": "Пригласите 5 друзей"}',
    '{"en": "Friends count once their first meme is made", "ru": "Друзья засчитываются, когда создадут первый мем"}',
    5,
    1500,
    3,
    3,
  ],
  [
    'invite_friends',
    '{"en": "Invite 10 friends", "ru": "Пригласите 10 друзей"}',
    '{"en": "Friends count once their first meme is made", "ru": "Друзья засчитываются, когда создадут первый мем"}',
    10,
    3000,
    5,
    4,
  ],
  [
    'first_meme',
    '{"en": "Create your first meme", "ru": "Создайте первый мем"}',
    '{"en": "Put your face into any template", "ru": "Вставьте своё лицо в любой шаблон"}',
    1,
    200,
    0,
    5,
  ],
  [
    'publish_meme',
    '{"en": "Publish a meme", "ru": "Опубликуйте мем"}',
    '{"en": "Share one of your memes in the feed", "ru": "Поделитесь своим мемом в ленте"}',
    1,
    300,
    0,
    6,
  ],
  [
    'ton_wallet',
    '{"en": "Connect a TON wallet", "ru": "Подключите TON-кошелёк"}',
    '{"en": "Your wallet for the airdrop", "ru": "Кошелёк для аирдропа"}',
    1,
    1000,
    0,
    7,
  ],
  [
    'sticker_pack',
    '{"en": "Make a sticker pack", "ru": "Создайте стикерпак"}',
    '{"en": "Turn your memes into Telegram stickers", "ru": "Превратите свои мемы в стикеры Telegram"}',
    1,
    500,
    0,
    8,
  ],
  [
    'visit_streak',
    '{"en": "Open the app 7 days in a row", "ru": "Заходите 7 дней подряд"}',
    '{"en": "At least once every day (UTC)", "ru": "Хотя бы раз в день (по UTC)"}',
    7,
    1000,
    3,
    9,
  ],
];

export class Quests1795429127432 implements MigrationInterface {
  name = 'Quests1795429127432';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      "CREATE TYPE \"public\".\"quest_kind\" AS ENUM('channel', 'invite_friends', 'first_meme', 'publish_meme', 'ton_wallet', 'sticker_pack', 'visit_streak')",
    );
    await queryRunner.query(
      'CREATE TABLE "quests" ("id" SERIAL NOT NULL, "kind" "public"."quest_kind" NOT NULL, "title" jsonb NOT NULL, "description" jsonb NOT NULL, "link" text, "chat_id" character varying(64), "target" integer NOT NULL DEFAULT \'1\', "reward_coins" integer NOT NULL DEFAULT \'0\', "reward_credits" integer NOT NULL DEFAULT \'0\', "sort_order" integer NOT NULL DEFAULT \'0\', "is_active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "quests_values_valid" CHECK ("target" >= 1 AND "reward_coins" >= 0 AND "reward_credits" >= 0), CONSTRAINT "PK_a037497017b64f530fe09c75364" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "quest_completions" ("user_id" bigint NOT NULL, "quest_id" integer NOT NULL, "coins" integer NOT NULL DEFAULT \'0\', "credits" integer NOT NULL DEFAULT \'0\', "completed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9f0eb882577b16c73b98b3d6fc8" PRIMARY KEY ("user_id", "quest_id"))',
    );
    await queryRunner.query(
      'ALTER TABLE "quest_completions" ADD CONSTRAINT "FK_8e84ae0522265db66d6d2290ce8" FOREIGN KEY ("user_id") REFERENCES "users"("tg_id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "quest_completions" ADD CONSTRAINT "FK_5129f91f2bcc2443e7a1e2b3ed2" FOREIGN KEY ("quest_id") REFERENCES "quests"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    // GAME.md "Quests": the seeded list (the news channel is NEWS_CHANNEL_ID: no chat id here).
    for (const quest of SEED_QUESTS) {
      await queryRunner.query(
        `INSERT INTO "quests" ("kind", "title", "description", "target", "reward_coins", "reward_credits", "sort_order")
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        quest,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "quest_completions" DROP CONSTRAINT "FK_5129f91f2bcc2443e7a1e2b3ed2"',
    );
    await queryRunner.query(
      'ALTER TABLE "quest_completions" DROP CONSTRAINT "FK_8e84ae0522265db66d6d2290ce8"',
    );
    await queryRunner.query('DROP TABLE "quest_completions"');
    await queryRunner.query('DROP TABLE "quests"');
    await queryRunner.query('DROP TYPE "public"."quest_kind"');
  }
}
