import type { MigrationInterface } from 'typeorm';

// Every migration in order. `npm run migration:generate -w backend -- <Name>` rewrites this file.
export const migrations: (new () => MigrationInterface)[] = [];
