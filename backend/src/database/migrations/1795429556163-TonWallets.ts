import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TonWallets1795429556163 implements MigrationInterface {
  name = 'TonWallets1795429556163';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "ton_wallets" ("user_id" bigint NOT NULL, "raw_address" character varying(80) NOT NULL, "address" character varying(48) NOT NULL, "public_key" character(64) NOT NULL, "wallet_version" character varying(8) NOT NULL, "network" character varying(8) NOT NULL, "linked_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4196389cdbb4d7e12f65faebc2e" PRIMARY KEY ("user_id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "ton_wallets_raw_address_uq" ON "ton_wallets"  ("raw_address") ',
    );
    await queryRunner.query(
      'ALTER TABLE "ton_wallets" ADD CONSTRAINT "FK_4196389cdbb4d7e12f65faebc2e" FOREIGN KEY ("user_id") REFERENCES "users"("tg_id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "ton_wallets" DROP CONSTRAINT "FK_4196389cdbb4d7e12f65faebc2e"');
    await queryRunner.query('DROP INDEX "public"."ton_wallets_raw_address_uq"');
    await queryRunner.query('DROP TABLE "ton_wallets"');
  }
}
