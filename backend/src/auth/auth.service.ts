import { Injectable, UnauthorizedException } from '@nestjs/common';
import type { DevInitDataRequest, LoginResponse, RefreshResponse } from '@mememint/contracts';

import { AppConfig } from '../config/app.config.js';
import { UsersService } from '../users/users.service.js';
import { InitDataError, signInitData, validateInitData } from './telegram-init-data.js';
import { TokenService } from './token.service.js';

/** The made-up player of development login when the request names nobody. */
const DEV_USER = { tgId: 1000001, username: 'dev_player', firstName: 'Dev', languageCode: 'en' };

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly tokens: TokenService,
    private readonly config: AppConfig,
  ) {}

  /** Logs in with Telegram init data: validates it, creates or refreshes the user, opens a session. */
  async login(initData: string): Promise<LoginResponse> {
    let validated;
    try {
      validated = validateInitData(initData, {
        botToken: this.config.telegram.botToken,
        maxAgeSeconds: this.config.auth.authDateMaxAgeSeconds,
        futureSkewSeconds: this.config.auth.authDateFutureSkewSeconds,
      });
    } catch (error) {
      if (error instanceof InitDataError) throw new UnauthorizedException(error.message);
      throw error;
    }
    const {
      user: { id: tgId, ...profile },
      startParam,
    } = validated;
    const user = await this.users.signIn(
      { tgId, ...profile },
      { startParam, isConfigAdmin: this.config.auth.adminTgIds.includes(tgId) },
    );
    const pair = await this.tokens.startSession(user.tgId);
    return { jwtToken: pair.accessToken, refreshToken: pair.refreshToken };
  }

  async refresh(refreshToken: string): Promise<RefreshResponse> {
    const pair = await this.tokens.rotate(refreshToken);
    return { newJwtToken: pair.accessToken, newRefreshToken: pair.refreshToken };
  }

  /** Init data for a made-up user, signed like Telegram signs it (development only). */
  devInitData(request: DevInitDataRequest): string {
    const user = {
      id: request.tgId ?? DEV_USER.tgId,
      first_name: request.firstName ?? DEV_USER.firstName,
      username: request.username ?? DEV_USER.username,
      language_code: request.languageCode ?? DEV_USER.languageCode,
      allows_write_to_pm: true,
    };
    const fields: Record<string, string> = {
      auth_date: String(Math.floor(Date.now() / 1000)),
      user: JSON.stringify(user),
    };
    if (request.startParam !== undefined) fields.start_param = request.startParam;
    return signInitData(fields, this.config.telegram.botToken);
  }
}
