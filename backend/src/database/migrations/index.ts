import type { MigrationInterface } from 'typeorm';

import { UsersLedgerAuth1795348787450 } from './1795348787450-UsersLedgerAuth.js';
import { MemesTemplatesGenerations1795349071372 } from './1795349071372-MemesTemplatesGenerations.js';

// Every migration in order. `npm run migration:generate -w backend -- <Name>` rewrites this file.
export const migrations: (new () => MigrationInterface)[] = [
  UsersLedgerAuth1795348787450,
  MemesTemplatesGenerations1795349071372,
];
