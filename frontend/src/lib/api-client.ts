import {
  ErrorCode,
  ErrorText,
  type ErrorBody,
  type LoginRequest,
  type LoginResponse,
  type RefreshRequest,
  type RefreshResponse,
} from '@mememint/contracts';

import { ApiError, NetworkError, WrongResponseError } from './api-errors';
import { takeEarlyAnswer, type EarlyAnswer } from './early-requests';
import type { TokenStore, Tokens } from './tokens';

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON body, or a FormData sent as multipart. */
  body?: unknown;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** Where `/v1/...` paths live: `/api` in the app, an absolute URL in tests. */
  baseUrl: string;
  tokens: TokenStore;
  /** Called once the refresh failed: the caller clears user data and goes to the root. */
  onLogout: () => void;
  /** Called on a 403 BANNED (any write of a banned player), with when the ban ends. */
  onBanned?: (until: string | null) => void;
}

/** Statuses that mean "your access token is stale" (docs/SPEC.md §4, Token refresh). */
function needsRefresh(status: number, body: Partial<ErrorBody> | null): boolean {
  return status === 401 || (status === 403 && body?.detail === ErrorText.refreshTokens);
}

/**
 * The one HTTP client of the app: Bearer header, `{detail}` errors, and the token refresh flow —
 * a single refresh in flight that every failed request waits for, then one retry each. A refused
 * refresh logs in again from the launch's Telegram init data when there is some; only when that
 * fails too is the user logged out.
 */
export class ApiClient {
  private refreshing: Promise<void> | null = null;
  /** This launch's Telegram init data (none when the app was reopened from the cookies alone). */
  private initData: string | undefined;

  constructor(private readonly options: ApiClientOptions) {}

  get isLoggedIn(): boolean {
    return Boolean(this.options.tokens.get().authToken);
  }

  get authToken(): string | undefined {
    return this.options.tokens.get().authToken;
  }

  /** Stores the tokens of a login answer; both must be there (docs/SPEC.md §5). */
  acceptLogin(response: Partial<LoginResponse> | null): void {
    if (!response?.jwtToken || !response.refreshToken) throw new WrongResponseError();
    this.options.tokens.set({ authToken: response.jwtToken, refreshToken: response.refreshToken });
  }

  /** Keeps the launch's init data: a refused refresh logs in again from it (issue 22, defect 5). */
  keepInitData(initData: string | undefined): void {
    this.initData = initData;
  }

  hasBothTokens(): boolean {
    const { authToken, refreshToken } = this.options.tokens.get();
    return Boolean(authToken && refreshToken);
  }

  logout(): void {
    this.options.tokens.clear();
    this.options.onLogout();
  }

  get<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.request<T>('GET', path, options);
  }

  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('POST', path, { ...options, body });
  }

  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('PUT', path, { ...options, body });
  }

  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('PATCH', path, { ...options, body });
  }

  delete<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.request<T>('DELETE', path, options);
  }

  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    try {
      return await this.send<T>(method, path, options);
    } catch (error) {
      if (!(error instanceof ApiError) || !needsRefresh(error.status, error.body) || !this.isLoggedIn) {
        throw error;
      }
      if (!(await this.renewAuth(this.authToken))) throw error;
      return this.send<T>(method, path, options);
    }
  }

  /**
   * Renews the tokens after `staleToken` was refused (an HTTP call, or the socket's handshake); false,
   * with the user logged out, when the server refused the refresh and the login from init data (or
   * there was none). The player stays on the screen they were on. A refresh that got no answer
   * (offline, cut off by leaving the page) says nothing about the session: it rejects with the
   * NetworkError and the tokens stay, so the next call tries again.
   */
  async renewAuth(staleToken: string | undefined): Promise<boolean> {
    try {
      await this.refresh(staleToken);
      return true;
    } catch (error) {
      if (error instanceof NetworkError) throw error;
      // Parallel waiters all land here; only the first one has tokens left to clear.
      if (this.isLoggedIn) this.logout();
      return false;
    }
  }

  /**
   * Exchanges the refresh token once for every request that failed with the same stale token:
   * a request that fails after another one already refreshed just retries with the new token.
   * A refused exchange logs in from the init data instead, when the launch had some.
   */
  private refresh(staleToken: string | undefined): Promise<void> {
    if (this.refreshing) return this.refreshing;
    if (staleToken !== this.authToken) return Promise.resolve();
    const refreshToken = this.options.tokens.get().refreshToken;
    this.refreshing = this.exchangeRefreshToken(refreshToken)
      .catch((error: unknown) => {
        if (error instanceof NetworkError || !this.initData) throw error;
        return this.loginFromInitData(this.initData);
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  private async exchangeRefreshToken(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) throw new WrongResponseError();
    const body: RefreshRequest = { refreshToken };
    const answer = await this.send<Partial<RefreshResponse>>('POST', '/v1/auth/refresh-token/', {
      body,
      anonymous: true,
    });
    if (!answer?.newJwtToken || !answer.newRefreshToken) throw new WrongResponseError();
    const tokens: Tokens = { authToken: answer.newJwtToken, refreshToken: answer.newRefreshToken };
    this.options.tokens.set(tokens);
  }

  /** POST /v1/auth/login/ from the launch's init data (as start-up's sign-in does). */
  private async loginFromInitData(initData: string): Promise<void> {
    const body: LoginRequest = { initData };
    this.acceptLogin(
      await this.send<Partial<LoginResponse>>('POST', '/v1/auth/login/', { body, anonymous: true }),
    );
  }

  private async send<T>(
    method: string,
    path: string,
    options: RequestOptions & { anonymous?: boolean },
  ): Promise<T> {
    const url = new URL(this.options.baseUrl + path, globalThis.location?.href);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = options.anonymous ? undefined : this.authToken;
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    let json: string | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = json = JSON.stringify(options.body);
    }
    const signals = [options.signal, options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined];
    const active = signals.filter((s): s is AbortSignal => s !== undefined);

    // Start-up's first call may have been sent by index.html already (lib/early-requests).
    const early =
      body instanceof FormData ? undefined : takeEarlyAnswer(method, path + url.search, token, json);
    const { status, text } =
      (early && (await early)) ||
      (await this.exchange(url, { method, headers, body }, options.signal, active));
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
    }
    if (status < 200 || status > 299) {
      const errorBody =
        parsed && typeof parsed === 'object' && 'detail' in parsed ? (parsed as Partial<ErrorBody>) : null;
      if (status === 403 && errorBody?.code === ErrorCode.banned)
        this.options.onBanned?.(errorBody.until ?? null);
      throw new ApiError(status, errorBody);
    }
    return parsed as T;
  }

  private async exchange(
    url: URL,
    init: { method: string; headers: Record<string, string>; body: BodyInit | undefined },
    callerSignal: AbortSignal | undefined,
    signals: AbortSignal[],
  ): Promise<EarlyAnswer> {
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        credentials: 'include',
        signal: signals.length ? AbortSignal.any(signals) : undefined,
      });
    } catch (error) {
      if (callerSignal?.aborted) throw error;
      throw new NetworkError(typeof navigator !== 'undefined' && navigator.onLine === false);
    }
    return { status: response.status, text: await response.text() };
  }
}
