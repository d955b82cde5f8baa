import type { MigrationInterface, QueryRunner } from 'typeorm';

/** kind, title, description, stars, credits, swipes, boost days, daily credits, sort order */
const SEED_PLANS: (string | number)[][] = [
  [
    'credit_pack',
    '{"en": "10 credits", "ru": "10 кредитов"}',
    '{"en": "10 meme generations", "ru": "10 генераций мемов"}',
    50,
    10,
    0,
    0,
    0,
    1,
  ],
  [
    'credit_pack',
    '{"en": "50 credits", "ru": "50 кредитов"}',
    '{"en": "50 meme generations", "ru": "50 генераций мемов"}',
    200,
    50,
    0,
    0,
    0,
    2,
  ],
  [
    'credit_pack',
    '{"en": "150 credits", "ru": "150 кредитов"}',
    '{"en": "150 meme generations", "ru": "150 генераций мемов"}',
    500,
    150,
    0,
    0,
    0,
    3,
  ],
  [
    'boost',
    '{"en": "Premium for 7 days", "ru": "Премиум на 7 дней"}',
    '{"en": "×4 coins, premium templates, 10 bonus credits and 3 more every day", "ru": "×4 монет, премиум-шаблоны, 10 бонусных кредитов и ещё 3 каждый день"}',
    150,
    10,
    0,
    7,
    3,
    1,
  ],
  [
    'boost',
    '{"en": "Premium for 30 days", "ru": "Премиум на 30 дней"}',
    '{"en": "×4 coins, premium templates, 30 bonus credits and 5 more every day", "ru": "×4 монет, премиум-шаблоны, 30 бонусных кредитов и ещё 5 каждый день"}',
    450,
    30,
    0,
    30,
    5,
    2,
  ],
  [
    'swipe_pack',
    '{"en": "50 swipes", "ru": "50 свайпов"}',
    '{"en": "50 extra swipes, above the bar too", "ru": "50 дополнительных свайпов, можно сверх шкалы"}',
    25,
    0,
    50,
    0,
    0,
    1,
  ],
  [
    'swipe_pack',
    '{"en": "200 swipes", "ru": "200 свайпов"}',
    '{"en": "200 extra swipes, above the bar too", "ru": "200 дополнительных свайпов, можно сверх шкалы"}',
    80,
    0,
    200,
    0,
    0,
    2,
  ],
];

export class PaymentsPlansVisits1795428716264 implements MigrationInterface {
  name = 'PaymentsPlansVisits1795428716264';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "player_visit_days" ("user_id" bigint NOT NULL, "day" date NOT NULL, CONSTRAINT "PK_b8e84d0531017bcb4b24ba58876" PRIMARY KEY ("user_id", "day"))',
    );
    await queryRunner.query(
      "CREATE TYPE \"public\".\"plan_kind\" AS ENUM('credit_pack', 'boost', 'swipe_pack')",
    );
    await queryRunner.query(
      'CREATE TABLE "plans" ("id" SERIAL NOT NULL, "kind" "public"."plan_kind" NOT NULL, "title" jsonb NOT NULL, "description" jsonb NOT NULL, "stars" integer NOT NULL, "credits" integer NOT NULL DEFAULT \'0\', "swipes" integer NOT NULL DEFAULT \'0\', "boost_days" integer NOT NULL DEFAULT \'0\', "daily_credits" integer NOT NULL DEFAULT \'0\', "sort_order" integer NOT NULL DEFAULT \'0\', "is_active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "plans_amounts_valid" CHECK ("stars" > 0 AND "credits" >= 0 AND "swipes" >= 0 AND "boost_days" >= 0 AND "daily_credits" >= 0), CONSTRAINT "PK_3720521a81c7c24fe9b7202ba61" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "plans_kind_order_idx" ON "plans"  ("kind", "sort_order") ');
    await queryRunner.query("CREATE TYPE \"public\".\"order_status\" AS ENUM('pending', 'paid', 'refunded')");
    await queryRunner.query(
      'CREATE TABLE "orders" ("id" uuid NOT NULL, "user_id" bigint NOT NULL, "plan_id" integer NOT NULL, "kind" "public"."plan_kind" NOT NULL, "stars" integer NOT NULL, "currency" character varying(3) NOT NULL DEFAULT \'XTR\', "grants" jsonb NOT NULL, "status" "public"."order_status" NOT NULL DEFAULT \'pending\', "invoice_link" text NOT NULL, "telegram_payment_charge_id" character varying(255), "boost_ends_after" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "paid_at" TIMESTAMP WITH TIME ZONE, "refunded_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_710e2d4957aa5878dfe94e4ac2f" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "orders_charge_id_uq" ON "orders"  ("telegram_payment_charge_id") WHERE "telegram_payment_charge_id" IS NOT NULL',
    );
    await queryRunner.query('CREATE INDEX "orders_user_created_idx" ON "orders"  ("user_id", "created_at") ');
    await queryRunner.query(
      'ALTER TABLE "player_visit_days" ADD CONSTRAINT "FK_c3bdb91adf1c92de88b40ed99f1" FOREIGN KEY ("user_id") REFERENCES "users"("tg_id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "orders" ADD CONSTRAINT "FK_a922b820eeef29ac1c6800e826a" FOREIGN KEY ("user_id") REFERENCES "users"("tg_id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "orders" ADD CONSTRAINT "FK_80074729ef5fcd963d90a8d0590" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE RESTRICT ON UPDATE NO ACTION',
    );
    // The plans on sale at launch (GAME.md "Payments"); admins edit them from here on.
    for (const plan of SEED_PLANS) {
      await queryRunner.query(
        `INSERT INTO "plans" ("kind", "title", "description", "stars", "credits", "swipes", "boost_days", "daily_credits", "sort_order")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        plan,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "orders" DROP CONSTRAINT "FK_80074729ef5fcd963d90a8d0590"');
    await queryRunner.query('ALTER TABLE "orders" DROP CONSTRAINT "FK_a922b820eeef29ac1c6800e826a"');
    await queryRunner.query(
      'ALTER TABLE "player_visit_days" DROP CONSTRAINT "FK_c3bdb91adf1c92de88b40ed99f1"',
    );
    await queryRunner.query('DROP INDEX "public"."orders_user_created_idx"');
    await queryRunner.query('DROP INDEX "public"."orders_charge_id_uq"');
    await queryRunner.query('DROP TABLE "orders"');
    await queryRunner.query('DROP TYPE "public"."order_status"');
    await queryRunner.query('DROP INDEX "public"."plans_kind_order_idx"');
    await queryRunner.query('DROP TABLE "plans"');
    await queryRunner.query('DROP TYPE "public"."plan_kind"');
    await queryRunner.query('DROP TABLE "player_visit_days"');
  }
}
