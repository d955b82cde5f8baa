import http from 'node:http';
import net from 'node:net';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';

import { type ApiProcess, startApiProcess } from './helpers/api-process.js';
import { signInitData } from '../src/auth/telegram-init-data.js';
import { DEVELOPMENT_BOT_TOKEN } from '../src/config/platform.variables.js';
import { photo } from './helpers/memes.js';
import { newTgId } from './helpers/telegram-login.js';
import { LIFTED_LIMITS } from './helpers/test-app.js';

// The API boots in a process of its own (TypeScript compiled on the fly): seconds on a busy machine.
jest.setTimeout(120_000);

const BOUNDARY = 'mememint-shutdown-test';

async function login(port: number): Promise<string> {
  const initData = signInitData(
    {
      user: JSON.stringify({ id: newTgId(), first_name: 'Test', language_code: 'en' }),
      auth_date: String(Math.floor(Date.now() / 1000)),
    },
    DEVELOPMENT_BOT_TOKEN,
  );
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ initData }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { jwtToken: string }).jwtToken;
}

/** Whether a new TCP connection to the port is accepted (false once the server stopped listening). */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * SIGTERM to an API replica mid-traffic (`main.ts` as it runs in production, `enableShutdownHooks`):
 * it stops taking connections, closes its sockets (clients reconnect to another replica), lets the
 * request in flight finish, and exits 0.
 */
describe('graceful shutdown of an API process', () => {
  let api: ApiProcess;
  beforeAll(async () => {
    // The upload below waits, half sent, for the shutdown: no cut-off of slow bodies here.
    api = await startApiProcess({
      ...LIFTED_LIMITS,
      LOG_LEVEL: 'warn',
      UPLOAD_MIN_BYTES_PER_SECOND: '1',
      // No worker runs here to screen the uploaded photo (the screening tests run one).
      NSFW_SCREEN_UPLOADS: '0',
    });
  });
  afterAll(() => api.stop());

  it('finishes the request in flight, drops its sockets and stops listening, then exits 0', async () => {
    const token = await login(api.port);
    const socket: Socket = io(`http://127.0.0.1:${api.port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth: { token },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    // An upload whose body is half sent when the signal comes: the client decides when it ends.
    const image = photo('portrait-02.jpg');
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    const half = Math.floor(image.length / 2);
    // Clients that keep their connections alive: one connection idle (its request answered), one
    // carrying the upload in flight.
    const idleAgent = new http.Agent({ keepAlive: true });
    const agent = new http.Agent({ keepAlive: true });
    const idleSocket = await new Promise<net.Socket>((resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.1', port: api.port, path: '/api/health', agent: idleAgent },
        (res) => {
          res.resume();
          res.once('end', () => resolve(req.socket as net.Socket));
        },
      );
      req.once('error', reject);
    });
    const idleClosed = new Promise<void>((resolve) => idleSocket.once('close', () => resolve()));
    let finish = () => {};
    const answered = new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: api.port,
          method: 'POST',
          path: '/api/v1/memes/',
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
            'content-length': head.length + image.length + tail.length,
          },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.once('end', () =>
            resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }),
          );
        },
      );
      req.once('error', reject);
      req.write(head);
      req.write(image.subarray(0, half));
      // The rest is sent once the server stopped listening (below).
      finish = () => req.end(Buffer.concat([image.subarray(half), tail]));
    });
    // The request has reached the server (its headers are read) once the upload is under way.
    await new Promise((resolve) => setTimeout(resolve, 300));

    process.kill(api.pid, 'SIGTERM');

    // The idle keep-alive connection is closed first, while the upload is still under way.
    await idleClosed;

    // Sockets are dropped at the transport: a client (reconnection on) reconnects to another replica.
    expect(await disconnected).toBe('transport close');
    // No new connections...
    while (await accepts(api.port)) await new Promise((resolve) => setTimeout(resolve, 50));
    // ...but the request in flight still completes, with the database and Redis still there.
    finish();
    const { status, body, connection } = await answered;
    expect(status).toBe(201);
    // Its client is told not to send anything more down that connection.
    expect(connection).toBe('close');
    agent.destroy();
    idleAgent.destroy();
    expect(JSON.parse(body)).toMatchObject({ id: expect.any(String) });
    expect(await api.exited).toBe(0);
  });
});
