import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import type {
  DevInitDataRequest,
  DevInitDataResponse,
  DevTelegramResponse,
  LoginRequest,
  LoginResponse,
  RefreshRequest,
  RefreshResponse,
} from '@mememint/contracts';

export class LoginRequestDto implements LoginRequest {
  @ApiProperty({ description: 'The raw Telegram.WebApp.initData query string' })
  @MinLength(1)
  @MaxLength(8192)
  @IsString()
  initData!: string;
}

export class LoginResponseDto implements LoginResponse {
  @ApiProperty({ description: 'Access token (JWT), sent as `Authorization: Bearer …`' })
  jwtToken!: string;

  @ApiProperty({ description: 'Single-use refresh token' })
  refreshToken!: string;
}

export class RefreshRequestDto implements RefreshRequest {
  @ApiProperty()
  @MinLength(1)
  @MaxLength(256)
  @IsString()
  refreshToken!: string;
}

export class RefreshResponseDto implements RefreshResponse {
  @ApiProperty()
  newJwtToken!: string;

  @ApiProperty()
  newRefreshToken!: string;
}

export class DevInitDataRequestDto implements DevInitDataRequest {
  @ApiPropertyOptional({ description: 'Telegram id of the made-up user', example: 1000001 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  tgId?: number;

  @ApiPropertyOptional({ example: 'dev_player' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_]{1,32}$/)
  username?: string;

  @ApiPropertyOptional({ example: 'Dev' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  firstName?: string;

  @ApiPropertyOptional({ example: 'en' })
  @IsOptional()
  @Matches(/^[a-z]{2}(-[A-Za-z]{2})?$/)
  languageCode?: string;

  @ApiPropertyOptional({ example: 'ref_1000002' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/)
  startParam?: string;
}

export class DevInitDataResponseDto implements DevInitDataResponse {
  @ApiProperty({ description: 'Init data signed with the configured bot token' })
  initData!: string;
}

export class DevTelegramResponseDto implements DevTelegramResponse {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The fake Bot API the API calls (the development bot token), else null',
  })
  fakeBotApiUrl!: string | null;
}
