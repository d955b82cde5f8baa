import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 22 (defect 11): the seeded quests and plans speak to the player with «ты», as the app does, and
 * the boost plans say «Монеты ×4» (not «×4 монет»). Only texts still as seeded change (an operator's
 * own edit stays); `down` puts the seeded ones back.
 */
const TEXTS: [table: 'quests' | 'plans', column: 'title' | 'description', seeded: string, now: string][] = [
  ['quests', 'title', 'Подпишитесь на канал новостей', 'Подпишись на канал новостей'],
  ['quests', 'title', 'Пригласите друга', 'Пригласи друга'],
  ['quests', 'title', 'Пригласите 5 друзей', 'Пригласи 5 друзей'],
  ['quests', 'title', 'Пригласите 10 друзей', 'Пригласи 10 друзей'],
  ['quests', 'title', 'Создайте первый мем', 'Создай первый мем'],
  ['quests', 'description', 'Вставьте своё лицо в любой шаблон', 'Вставь своё лицо в любой шаблон'],
  ['quests', 'title', 'Опубликуйте мем', 'Опубликуй мем'],
  ['quests', 'description', 'Поделитесь своим мемом в ленте', 'Поделись своим мемом в ленте'],
  ['quests', 'title', 'Подключите TON-кошелёк', 'Подключи TON-кошелёк'],
  ['quests', 'title', 'Создайте стикерпак', 'Создай стикерпак'],
  [
    'quests',
    'description',
    'Превратите свои мемы в стикеры Telegram',
    'Преврати свои мемы в стикеры Telegram',
  ],
  ['quests', 'title', 'Заходите 7 дней подряд', 'Заходи 7 дней подряд'],
  [
    'plans',
    'description',
    '×4 монет, премиум-шаблоны, 10 бонусных кредитов и ещё 3 каждый день',
    'Монеты ×4, премиум-шаблоны, 10 бонусных кредитов и ещё 3 каждый день',
  ],
  [
    'plans',
    'description',
    '×4 монет, премиум-шаблоны, 30 бонусных кредитов и ещё 5 каждый день',
    'Монеты ×4, премиум-шаблоны, 30 бонусных кредитов и ещё 5 каждый день',
  ],
];

async function replace(queryRunner: QueryRunner, from: 2 | 3, to: 2 | 3): Promise<void> {
  for (const text of TEXTS)
    await queryRunner.query(
      `UPDATE "${text[0]}" SET "${text[1]}" = jsonb_set("${text[1]}", '{ru}', to_jsonb($2::text))
        WHERE "${text[1]}"->>'ru' = $1`,
      [text[from], text[to]],
    );
}

export class RussianTexts1795795563800 implements MigrationInterface {
  name = 'RussianTexts1795795563800';

  async up(queryRunner: QueryRunner): Promise<void> {
    await replace(queryRunner, 2, 3);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await replace(queryRunner, 3, 2);
  }
}
