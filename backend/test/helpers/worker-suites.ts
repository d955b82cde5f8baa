// Suites of an app with a running inference worker. Apart from memes.ts, which the benches import:
// these register Jest hooks.
import { afterAll, beforeAll } from '@jest/globals';
import type { TemplateDto, UserDto } from '@mememint/contracts';
import type request from 'supertest';

import { startInferenceWorker, type WorkerProcess } from './inference-worker.js';
import { createTemplate, me, newPlayer, photo, type Player, requestGeneration } from './memes.js';
import { listenWithSockets, type SocketApp, type SocketRecorder } from './socket-recorder.js';
import { newTgId } from './telegram-login.js';
import { createTestApp } from './test-app.js';

/** An app whose templates the inference worker analyses, listening for sockets, and its admin. */
export interface AdminAppSuite {
  t: SocketApp;
  admin: Player;
  readonly adminTgId: number;
  /** Sockets a test opened itself, closed with the app. */
  readonly sockets: SocketRecorder[];
}

/**
 * Registers the suite's beforeAll and afterAll; `t` and `admin` (of ADMIN_TG_IDS) are set once
 * beforeAll ran. `env` adds to the app's environment.
 */
export function adminAppWithWorker(env: Record<string, string> = {}): AdminAppSuite {
  const suite = { adminTgId: newTgId(), sockets: [] as SocketRecorder[] } as AdminAppSuite;
  let worker: WorkerProcess | undefined;
  beforeAll(async () => {
    suite.t = await listenWithSockets(
      await createTestApp({ env: { ADMIN_TG_IDS: String(suite.adminTgId), ...env } }),
      suite.sockets,
    );
    // Templates are analysed by the inference worker when added.
    worker = await startInferenceWorker(suite.t.config);
    suite.admin = await newPlayer(suite.t.server, suite.t.config, { tgId: suite.adminTgId });
  });
  afterAll(async () => {
    await worker?.stop();
    await suite.t?.close();
  });
  return suite;
}

/** The generations suites: a captioned template, and their calls as a player makes them. */
export interface GenerationsSuite extends AdminAppSuite {
  template: TemplateDto;
  connect(player: Player): Promise<SocketRecorder>;
  me(player: Player): Promise<UserDto>;
  generate(player: Player, fields: Record<string, string>, face?: Buffer): request.Test;
}

export function generationsSuite(): GenerationsSuite {
  // Retries of a failing job 100 ms apart (exponential), so exhausting them takes a moment.
  const suite = adminAppWithWorker({ GENERATION_JOB_BACKOFF_MS: '100' }) as GenerationsSuite;
  suite.connect = (player) => suite.t.connect(player);
  suite.me = (player) => me(suite.t.server, player);
  suite.generate = (player, fields, face) => requestGeneration(suite.t.server, player, fields, face);
  beforeAll(async () => {
    suite.template = await createTemplate(suite.t.server, suite.admin, photo('portrait-07.jpg'), {
      title: 'Studio',
      caption: 'Top text\nBottom text',
    });
  });
  return suite;
}
