import { afterAll, describe, expect, it } from '@jest/globals';

import { migrations } from '../src/database/migrations/index.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

describe('migrations', () => {
  const apps: TestApp[] = [];
  let database: TestDatabase;
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
  });

  it('two replicas booting on an empty database migrate it exactly once', async () => {
    database = await createTestDatabase({ migrated: false });
    apps.push(...(await Promise.all([createTestApp({ database }), createTestApp({ database })])));
    const applied = await apps[0].dataSource.query<{ name: string }[]>(
      'SELECT name FROM migrations ORDER BY id',
    );
    expect(applied.map((row) => row.name)).toEqual(migrations.map((migration) => migration.name));
  });

  it('the entities match the migrations (generating a migration would yield nothing)', async () => {
    const sql = await apps[0].dataSource.driver.createSchemaBuilder().log();
    expect(sql.upQueries.map((query) => query.query)).toEqual([]);
  });
});
