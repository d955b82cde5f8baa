import { createSecretKey } from 'node:crypto';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app.config.js';
import { UsersModule } from '../users/users.module.js';
import { AccessTokenGuard } from './access-token.guard.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { DevAuthController } from './dev-auth.controller.js';
import { AuthSession } from './entities/auth-session.entity.js';
import { RefreshToken } from './entities/refresh-token.entity.js';
import { TokenService } from './token.service.js';

export interface AuthModuleOptions {
  /** Registers the development login route; never in production. */
  devLogin: boolean;
}

/**
 * Telegram login, token refresh, and the global access-token guard (routes opt out with @Public()).
 * TokenService.authenticate is exported for transports other than HTTP (the socket handshake).
 */
@Module({})
export class AuthModule {
  static register(options: AuthModuleOptions): DynamicModule {
    return {
      module: AuthModule,
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
      controllers: options.devLogin ? [AuthController, DevAuthController] : [AuthController],
      providers: [AuthService, TokenService, { provide: APP_GUARD, useClass: AccessTokenGuard }],
      exports: [TokenService],
    };
  }
}
