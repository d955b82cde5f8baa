// PostgreSQL and Redis for local runs and tests: probe what is already there, else start our own.
// Shared by the backend's migration CLI and test harness and the root launcher (scripts/start.mjs).
// The PostgreSQL part lives in backend/src/database/local-postgres.mjs, where the backend's built
// commands (`npm run admin -w backend`) find the launcher's database with it too.
import net from 'node:net';

export {
  APP_DATABASE,
  ensureDatabase,
  freePort,
  localDataDir,
  localPostgres,
  postgresAnswers,
  runningPostgres,
  startEmbeddedPostgres,
  withDatabase,
} from '../src/database/local-postgres.mjs';

/** True when a Redis server at host:port answers PING within two seconds. */
export function redisAnswers(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}
