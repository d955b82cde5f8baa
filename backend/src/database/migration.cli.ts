/**
 * Migration tooling, run from the backend folder:
 *   npm run migration:generate -- <Name>   writes src/database/migrations/<timestamp>-<Name>.ts
 *   npm run migration:check                fails when the entities differ from the migrations
 * Both apply the committed migrations to a scratch database and let TypeORM compare the result
 * with every entity the app imports.
 */
import 'reflect-metadata';

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';
import { DataSource, getMetadataArgsStorage } from 'typeorm';

import { postgresAnswers, startEmbeddedPostgres, withDatabase } from '../../scripts/local-services.mjs';
// Importing the module graph registers every entity with TypeORM's metadata storage.
import '../app.module.js';
import { MIGRATIONS_TABLE } from './database.options.js';
import { migrations } from './migrations/index.js';
import { runMigrations } from './run-migrations.js';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const LOCAL_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function main(): Promise<void> {
  const [command, name] = process.argv.slice(2);
  if (command === 'generate' && name && /^[A-Z][A-Za-z0-9]*$/.test(name)) {
    const sql = await pendingSchemaChanges();
    if (!sql.up.length) {
      console.log('The entities match the migrations: nothing to generate.');
      return;
    }
    const file = await writeMigration(name, sql);
    await writeIndex();
    console.log(`Wrote ${path.relative(process.cwd(), file)}: review it before committing.`);
  } else if (command === 'check') {
    const sql = await pendingSchemaChanges();
    if (sql.up.length) {
      console.error(
        'The entities differ from the migrations; run `npm run migration:generate -w backend -- <Name>`.\n' +
          sql.up.join(';\n'),
      );
      process.exitCode = 1;
    } else {
      console.log('Entities and migrations agree.');
    }
  } else {
    console.error('Usage: migration.cli.ts generate <PascalCaseName> | check');
    process.exitCode = 2;
  }
}

interface SchemaChanges {
  up: string[];
  down: string[];
}

async function pendingSchemaChanges(): Promise<SchemaChanges> {
  const server = await adminServer();
  const scratch = `mmgen_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${scratch}"`);
    const entities = getMetadataArgsStorage().tables.map((table) => table.target);
    const dataSource = await new DataSource({
      type: 'postgres',
      url: withDatabase(server.url, scratch),
      entities,
      migrations,
      migrationsTableName: MIGRATIONS_TABLE,
    }).initialize();
    try {
      await runMigrations(dataSource);
      const sql = await dataSource.driver.createSchemaBuilder().log();
      return {
        up: sql.upQueries.map((query) => query.query),
        down: sql.downQueries.map((query) => query.query).reverse(),
      };
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`);
    await admin.end();
    await server.stop();
  }
}

/** DATABASE_URL's server, else the local one, else an embedded one for the duration. */
async function adminServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL ?? LOCAL_ADMIN_URL;
  if (process.env.DATABASE_URL || (await postgresAnswers(url))) return { url, stop: async () => {} };
  return startEmbeddedPostgres({
    dataDir: await mkdtemp(path.join(os.tmpdir(), 'mm-gen-pg-')),
    persistent: false,
  });
}

async function writeMigration(name: string, sql: SchemaChanges): Promise<string> {
  const timestamp = Date.now();
  const className = `${name}${timestamp}`;
  const file = path.join(MIGRATIONS_DIR, `${timestamp}-${name}.ts`);
  const lines = (queries: string[]) =>
    queries.map((query) => `    await queryRunner.query(${JSON.stringify(query)});`).join('\n');
  await writeFile(
    file,
    `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(queryRunner: QueryRunner): Promise<void> {
${lines(sql.up)}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${lines(sql.down)}
  }
}
`,
  );
  prettier(file);
  return file;
}

/** Rewrites migrations/index.ts to list every migration file, oldest first. */
async function writeIndex(): Promise<void> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((file) => /^\d+-[A-Za-z0-9]+\.ts$/.test(file)).sort();
  const classes = files.map((file) => {
    const [timestamp, name] = file.replace(/\.ts$/, '').split('-');
    return { file: file.replace(/\.ts$/, '.js'), className: `${name}${timestamp}` };
  });
  const index = path.join(MIGRATIONS_DIR, 'index.ts');
  await writeFile(
    index,
    `import type { MigrationInterface } from 'typeorm';

${classes.map(({ file, className }) => `import { ${className} } from './${file}';`).join('\n')}

// Every migration in order. \`npm run migration:generate -w backend -- <Name>\` rewrites this file.
export const migrations: (new () => MigrationInterface)[] = [${classes.map((c) => c.className).join(', ')}];
`,
  );
  prettier(index);
}

function prettier(file: string): void {
  execFileSync('npx', ['prettier', '--write', '--log-level', 'warn', file], { stdio: 'inherit' });
}

await main();
