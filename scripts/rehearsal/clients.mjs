// @ts-check
// The rehearsal's players: HTTP calls that retry as the mini app's network layer would, a socket per
// player, and what a player does (sign in, generate and publish, swipe), counted in `stats`.
import { signInitData } from '../lib/production-api.mjs';
import { countAnswer, SWIPE_ANSWERS } from './answers.mjs';
import { giveUp, io, sleep } from './common.mjs';

/** What the clients saw, for the report. */
export const stats = {
  requests: 0,
  /** Requests that needed more than one attempt and then succeeded. */
  retried: 0,
  retries: 0,
  /** Final answers that were not what a working system gives, by `route status`. @type {Map<string, number>} */
  lost: new Map(),
  /** Expected refusals (the swipe pace, a meme swiped before on a retry), by `route status`. @type {Map<string, number>} */
  refused: new Map(),
  /** Answered 2xx/3xx, by route. @type {Map<string, number>} */
  served: new Map(),
  /** @type {Set<string>} */
  generationsAccepted: new Set(),
  /** @type {Set<string>} */
  doneEvents: new Set(),
  /** @type {Set<string>} */
  failedEvents: new Set(),
  socketReconnects: 0,
  polled: 0,
  /** Access tokens renewed with the refresh token after a 401 (as the mini app does). */
  refreshes: 0,
  /** Requests under way now (for the stragglers' report), by a request number. @type {Map<number, { route: string, attempt: number, since: number }>} */
  inFlight: new Map(),
  /** Requests still unanswered when the run gave up on its players, by `route`. @type {Map<string, number>} */
  abandoned: new Map(),
};
let requestNumber = 0;
/**
 * @param {Map<string, number>} map
 * @param {string} key
 */
const bump = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
const RETRYABLE = new Set([502, 503, 504]);

/**
 * @typedef {object} CallOptions
 * @property {string | (() => string | undefined)} [token] the access token (a getter: read at each attempt)
 * @property {() => Promise<boolean>} [refresh] renews the access token after a 401 (once per request),
 *   answering whether it did; the request is then tried again
 * @property {unknown} [body] Sent as JSON.
 * @property {() => FormData} [form] A fresh form per attempt.
 * @property {number[]} [expected] Statuses that are answers, not failures.
 * @property {number[]} [expectedAfterRetry] Statuses that are answers only when this request was tried
 *   again (its first attempt may have gone through before its answer was lost), failures otherwise.
 */

/**
 * One request as a client with retries: connection errors and 502/503/504 are tried again (with
 * backoff, up to 12 times); `expected` lists further statuses that are answers, not failures.
 * @param {string} base
 * @param {string} route the label it is counted under
 * @param {string} method
 * @param {string} urlPath
 * @param {CallOptions} [options]
 * @returns {Promise<{ status: number, body: any, attempts: number }>}
 */
export async function call(base, route, method, urlPath, options = {}) {
  stats.requests++;
  const number = ++requestNumber;
  try {
    return await attempts(base, route, method, urlPath, number, options);
  } finally {
    stats.inFlight.delete(number);
  }
}

/**
 * @param {string} base
 * @param {string} route
 * @param {string} method
 * @param {string} urlPath
 * @param {number} number
 * @param {CallOptions} options
 * @returns {Promise<{ status: number, body: any, attempts: number }>}
 */
async function attempts(
  base,
  route,
  method,
  urlPath,
  number,
  { token, refresh, body, form, expected = [], expectedAfterRetry = [] },
) {
  let last = '';
  let refreshed = false;
  for (let attempt = 1; attempt <= 12; attempt++) {
    if (giveUp.signal.aborted) {
      bump(stats.abandoned, route);
      return { status: 0, body: null, attempts: attempt - 1 };
    }
    stats.inFlight.set(number, { route, attempt, since: Date.now() });
    const bearer = typeof token === 'function' ? token() : token;
    try {
      const res = await fetch(`${base}${urlPath}`, {
        method,
        headers: {
          ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : form?.(),
        signal: AbortSignal.any([AbortSignal.timeout(180_000), giveUp.signal]),
      });
      const text = await res.text();
      if (res.status === 401 && refresh && !refreshed) {
        // The access token expired (15 minutes: a long run outlives it): renewed, then tried again.
        refreshed = true;
        if (await refresh()) continue;
      }
      if (RETRYABLE.has(res.status)) {
        last = `${res.status}`;
      } else {
        if (attempt > 1) {
          stats.retried++;
          stats.retries += attempt - 1;
        }
        const counted = countAnswer(res.status, attempt, { expected, expectedAfterRetry });
        if (counted === 'served') bump(stats.served, route);
        else if (counted === 'refused') bump(stats.refused, `${route} ${res.status}`);
        else bump(stats.lost, `${route} ${res.status} ${text.slice(0, 120)}`);
        return { status: res.status, body: text ? JSON.parse(text) : null, attempts: attempt };
      }
    } catch (error) {
      const failure = /** @type {Error & { cause?: { code?: string } }} */ (error);
      last = failure.cause?.code ?? failure.name ?? 'error';
    }
    await sleep(Math.min(2000, 100 * 2 ** attempt) * (0.5 + Math.random()));
  }
  if (giveUp.signal.aborted) {
    bump(stats.abandoned, route);
    return { status: 0, body: null, attempts: 12 };
  }
  bump(stats.lost, `${route} gave up after 12 attempts (${last})`);
  return { status: 0, body: null, attempts: 12 };
}

/** @typedef {{ outcome: 'done' | 'failed', memeId?: string }} Outcome */

/** One player of the rehearsal, against the proxy in front of the replicas. */
export class Player {
  /**
   * @param {string} base the proxy's URL
   * @param {number} tgId
   * @param {string} botToken the token the player's init data is signed with (as Telegram signs it)
   */
  constructor(base, tgId, botToken) {
    this.base = base;
    this.tgId = tgId;
    this.botToken = botToken;
    /** Generations waiting for their socket event. @type {Map<string, (outcome: Outcome) => void>} */
    this.waiters = new Map();
    /** @type {string | undefined} */
    this.token = undefined;
    /** @type {string | undefined} */
    this.refreshToken = undefined;
    /** @type {Promise<boolean> | null} */
    this.refreshing = null;
    /** The id of the last socket event received, sent on reconnection for what was missed. @type {string | undefined} */
    this.lastEventId = undefined;
    /** @type {import('socket.io-client').Socket | undefined} */
    this.socket = undefined;
    /** Whether the player's face photo was sent with a generation already. */
    this.hasFace = false;
  }

  async login() {
    const initData = signInitData(
      { id: this.tgId, first_name: `Player ${this.tgId % 1000}`, language_code: 'en' },
      this.botToken,
    );
    const res = await call(this.base, 'login', 'POST', '/api/v1/auth/login/', { body: { initData } });
    if (res.status !== 200) throw new Error(`login answered ${res.status}`);
    this.token = res.body.jwtToken;
    this.refreshToken = res.body.refreshToken;
  }

  /**
   * A new token pair for the refresh token (one renewal at a time per player), as the mini app renews
   * an expired access token; answers whether it got one.
   * @returns {Promise<boolean>}
   */
  refresh() {
    this.refreshing ??= call(this.base, 'refresh', 'POST', '/api/v1/auth/refresh-token/', {
      body: { refreshToken: this.refreshToken },
    })
      .then((res) => {
        if (res.status !== 200) return false;
        stats.refreshes++;
        this.token = res.body.newJwtToken;
        this.refreshToken = res.body.newRefreshToken;
        return true;
      })
      .finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  /**
   * A request as this player: its current access token, renewed once on a 401.
   * @param {string} route
   * @param {string} method
   * @param {string} urlPath
   * @param {CallOptions} [options]
   */
  request(route, method, urlPath, options = {}) {
    return call(this.base, route, method, urlPath, {
      ...options,
      token: () => this.token,
      refresh: () => this.refresh(),
    });
  }

  /** @returns {Promise<void>} */
  connectSocket() {
    const socket = io(this.base, {
      path: '/socket.io',
      transports: ['websocket'],
      // Read at each (re)connection: the current token (renewed when it expired) and the last event's id,
      // so the server sends what the socket missed.
      auth: (callback) => callback({ token: this.token, lastEventId: this.lastEventId }),
      reconnectionDelay: 200,
      reconnectionDelayMax: 2000,
    });
    this.socket = socket;
    socket.io.on('reconnect', () => stats.socketReconnects++);
    socket.onAny((...args) => {
      const meta = args.at(-1);
      if (meta && typeof meta.eventId === 'string') this.lastEventId = meta.eventId;
    });
    // The server closes a socket when its access token expires; the app renews the token and connects
    // again (Socket.IO does not reconnect by itself after a server's disconnect).
    socket.on('disconnect', (reason) => {
      if (reason !== 'io server disconnect' || giveUp.signal.aborted) return;
      void this.refresh().then(() => {
        stats.socketReconnects++;
        socket.connect();
      });
    });
    /** @param {Outcome['outcome']} outcome */
    const settle = (outcome) => (/** @type {{ id: string, meme?: { id: string } }} */ payload) => {
      (outcome === 'done' ? stats.doneEvents : stats.failedEvents).add(payload.id);
      this.waiters.get(payload.id)?.({ outcome, memeId: payload.meme?.id });
    };
    socket.on('generation:done', settle('done'));
    socket.on('generation:failed', settle('failed'));
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  }

  /**
   * The generation's outcome: from the socket, else (as the app does) by polling its status.
   * @param {string} generationId
   * @returns {Promise<Outcome>}
   */
  async outcome(generationId) {
    /** @type {Promise<Outcome>} */
    const fromSocket = new Promise((resolve) => this.waiters.set(generationId, resolve));
    try {
      for (;;) {
        const outcome = await Promise.race([fromSocket, sleep(15_000).then(() => null)]);
        if (outcome) return outcome;
        if (giveUp.signal.aborted) {
          bump(stats.abandoned, 'generation outcome');
          return { outcome: 'failed' };
        }
        stats.polled++;
        const res = await this.request(
          'generation status',
          'GET',
          `/api/v1/memes/generations/${generationId}/status`,
          {},
        );
        if (res.body?.status === 'done' || res.body?.status === 'failed')
          return { outcome: res.body.status, memeId: res.body.meme?.id };
      }
    } finally {
      this.waiters.delete(generationId);
    }
  }

  /**
   * Generations one after another until `end` (or `count` of them), each result published to the feed
   * (where the other players swipe it).
   * @param {number} end a `Date.now()` time
   * @param {string} templateId
   * @param {Buffer} face the player's face photo (JPEG)
   * @param {number} [count]
   */
  async generateUntil(end, templateId, face, count = Infinity) {
    let first = !this.hasFace;
    // A face photo needs the player's consent to the face-photo note first (issue 25).
    if (first) {
      const consent = await this.request('consent', 'POST', '/api/v1/users/face/consent/', {});
      if (consent.status !== 200) throw new Error(`face consent answered ${consent.status}`);
    }
    for (let made = 0; Date.now() < end && made < count; made++) {
      const withFace = first;
      const res = await this.request('generation', 'POST', '/api/v1/memes/generations/', {
        expected: [429],
        form: () => {
          const form = new FormData();
          form.set('templateId', templateId);
          if (withFace) form.set('photo', new Blob([face], { type: 'image/jpeg' }), 'face.jpg');
          return form;
        },
      });
      if (res.status === 201) {
        first = false;
        this.hasFace = true;
        stats.generationsAccepted.add(res.body.id);
        const { outcome, memeId } = await this.outcome(res.body.id);
        if (outcome === 'done' && memeId)
          await this.request('publish', 'PATCH', `/api/v1/memes/${memeId}`, {
            body: { isPublished: true },
          });
      } else {
        await sleep(1000);
      }
    }
  }

  /** @param {number} end a `Date.now()` time */
  async swipeUntil(end) {
    while (Date.now() < end) {
      const deck = await this.request('swipe deck', 'GET', '/api/v1/swipes/?limit=10', {});
      const items = deck.body?.items ?? [];
      if (!items.length) {
        await sleep(2000);
        continue;
      }
      for (const meme of items) {
        if (Date.now() >= end) return;
        await sleep(1000 + Math.random() * 1000);
        await this.request('swipe', 'POST', `/api/v1/swipes/${meme.id}/`, {
          body: { like: Math.random() < 0.6 },
          ...SWIPE_ANSWERS,
        });
      }
    }
  }
}
