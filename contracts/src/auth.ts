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

/** Development only (absent when NODE_ENV=production): init data signed for a made-up user. */
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
