import { createSecretKey } from 'node:crypto';

import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';

import { AppConfig } from '../config/app.config.js';
import { UsersModule } from '../users/users.module.js';
import { AccessTokenGuard } from './access-token.guard.js';
import { AuthController } from './auth.controller.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { AuthSession } from './entities/auth-session.entity.js';
import { RefreshToken } from './entities/refresh-token.entity.js';
import { SessionAuthenticator } from './session-authenticator.js';
import { TokenService } from './token.service.js';

/**
 * Telegram login, token refresh, and the global access-token guard (routes opt out with @Public()).
 * SessionAuthenticator is exported for transports other than HTTP (the socket handshake).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([AuthSession, RefreshToken]),
    UsersModule,
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        // A KeyObject: given a string, jsonwebtoken first tries it as a public key on every verify.
        secret: createSecretKey(Buffer.from(config.auth.jwtSecret)),
        signOptions: { algorithm: 'HS256' },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [
    AuthRepository,
    AuthService,
    TokenService,
    { provide: SessionAuthenticator, useExisting: TokenService },
    { provide: APP_GUARD, useClass: AccessTokenGuard },
  ],
  exports: [AuthService, SessionAuthenticator],
})
export class AuthModule {}
