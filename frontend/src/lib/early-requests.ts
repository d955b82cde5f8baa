/**
 * Start-up's first API call, sent by index.html's inline script while the app's scripts are still on
 * the way (a phone on a slow network saves the whole download and evaluation): `POST /v1/auth/login/`
 * with Telegram's init data, else `GET /v1/auth/me/` with the token cookie; and /main's deck
 * (`GET /v1/swipes/?limit=20` with the token the login answered, or the cookie's), whose first card's
 * picture (its WEBP thumbnail, what the card shows first) the script fetches once the scripts are in. The API client takes such an answer, once, for the identical
 * request (method, path with its query, token and body); an early request the app does not make
 * (another identity was asked for) is simply never used.
 */
export interface EarlyRequest {
  method: string;
  /** As the API client names it, under /api: `/v1/auth/me/`. */
  path: string;
  /** The Bearer token it carried, if any. */
  token?: string;
  /** The JSON body it sent, if any. */
  body?: string;
  /** Status and text of the answer; null when it never arrived (the client then asks itself). */
  answer: Promise<EarlyAnswer | null>;
}

export interface EarlyAnswer {
  status: number;
  text: string;
}

declare global {
  interface Window {
    __mmEarly?: EarlyRequest[];
  }
}

/** The early answer to this exact request, handed out once. */
export function takeEarlyAnswer(
  method: string,
  path: string,
  token: string | undefined,
  body: string | undefined,
): Promise<EarlyAnswer | null> | undefined {
  const pending = typeof window === 'undefined' ? undefined : window.__mmEarly;
  if (!pending) return undefined;
  const index = pending.findIndex(
    (request) =>
      request.method === method && request.path === path && request.token === token && request.body === body,
  );
  if (index < 0) return undefined;
  return pending.splice(index, 1)[0]!.answer;
}

/**
 * Once signed in, start-up's own are spent (a later `/me` must see the server's current user):
 * `'sign-in'` drops those and keeps the first screen's deck for /main; no argument drops them all
 * (start-up leads elsewhere, or failed).
 */
export function dropEarlyRequests(which: 'sign-in' | 'all' = 'all'): void {
  if (typeof window === 'undefined' || !window.__mmEarly) return;
  if (which === 'all') delete window.__mmEarly;
  else window.__mmEarly = window.__mmEarly.filter((request) => !request.path.startsWith('/v1/auth/'));
}
