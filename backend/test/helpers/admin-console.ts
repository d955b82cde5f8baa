import { afterAll, beforeAll } from '@jest/globals';
import type { AuditEntryDto, Page } from '@mememint/contracts';
import request from 'supertest';

import { createTelegramTestApp, type TelegramTestApp } from './fake-telegram.js';
import { startInferenceWorker, type WorkerProcess } from './inference-worker.js';
import { bearer, newPlayer, type Player } from './memes.js';
import { newTgId } from './telegram-login.js';

/** An id no row has (a 404's subject). */
export const ZERO_UUID = '00000000-0000-4000-8000-000000000000';

/** The operator console's suites: an app with the fake Bot API and a worker, an admin and a player. */
export interface AdminConsoleSuite {
  t: TelegramTestApp;
  admin: Player;
  player: Player;
  readonly adminTgId: number;
  /** The admin API as `who` calls it: `as(admin).get('users/?q=')`. */
  as(who: Player): {
    get(path: string): request.Test;
    post(path: string, body?: object): request.Test;
    patch(path: string, body: object): request.Test;
    delete(path: string): request.Test;
  };
  /** The audit log's entries of one action, as the admin reads them. */
  audit(action: string): Promise<AuditEntryDto[]>;
}

/** Registers the suite's beforeAll and afterAll; `ready` gets `t`, `admin` and `player` once they are up. */
export function adminConsoleSuite(
  ready: (up: Pick<AdminConsoleSuite, 't' | 'admin' | 'player'>) => void,
): AdminConsoleSuite {
  let worker: WorkerProcess | undefined;
  const suite = {
    adminTgId: newTgId(),
    as: (who: Player) => ({
      get: (path: string) => request(suite.t.server).get(`/api/v1/admin/${path}`).set(bearer(who)),
      post: (path: string, body: object = {}) =>
        request(suite.t.server).post(`/api/v1/admin/${path}`).set(bearer(who)).send(body),
      patch: (path: string, body: object) =>
        request(suite.t.server).patch(`/api/v1/admin/${path}`).set(bearer(who)).send(body),
      delete: (path: string) => request(suite.t.server).delete(`/api/v1/admin/${path}`).set(bearer(who)),
    }),
    audit: async (action: string): Promise<AuditEntryDto[]> =>
      (
        (await suite.as(suite.admin).get(`audit/?action=${action}&pageSize=100`).expect(200))
          .body as Page<AuditEntryDto>
      ).items,
  } as AdminConsoleSuite;

  beforeAll(async () => {
    suite.t = await createTelegramTestApp({ env: { ADMIN_TG_IDS: String(suite.adminTgId) } });
    worker = await startInferenceWorker(suite.t.config);
    suite.admin = await newPlayer(suite.t.server, suite.t.config, { tgId: suite.adminTgId });
    suite.player = await newPlayer(suite.t.server, suite.t.config);
    ready(suite);
  });
  afterAll(async () => {
    await worker?.stop();
    await suite.t?.close();
  });
  return suite;
}
