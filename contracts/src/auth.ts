/** `POST /api/v1/auth/login/`: the raw Telegram init data query string. */
export interface LoginRequest {
  initData: string;
}

export interface LoginResponse {
  jwtToken: string;
  refreshToken: string;
}

/** `POST /api/v1/auth/refresh-token/` */
export interface RefreshRequest {
  refreshToken: string;
}

export interface RefreshResponse {
  newJwtToken: string;
  newRefreshToken: string;
}

/** Development only (`DEV_LOGIN=1`, refused with a real bot token): init data for a made-up user. */
export interface DevInitDataRequest {
  tgId?: number;
  username?: string;
  firstName?: string;
  languageCode?: string;
  startParam?: string;
}

export interface DevInitDataResponse {
  initData: string;
}

/**
 * `GET /api/v1/auth/dev/telegram/` (development only): where the mock Telegram client plays the
 * user's side (`POST <fakeBotApiUrl>/__fake/pay/{slug}`); null when the bot talks to real Telegram.
 */
export interface DevTelegramResponse {
  fakeBotApiUrl: string | null;
}
