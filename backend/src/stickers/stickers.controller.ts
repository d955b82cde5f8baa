import { Body, Controller, Get, Param, Patch, Post } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { StickerPackDto, StickerPackListDto } from '@mememint/contracts';

import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { uuidParam } from '../common/uuid-param.pipe.js';
import type { User } from '../users/entities/user.entity.js';
import {
  CreateStickerPackDto,
  StickerPackListResponseDto,
  StickerPackResponseDto,
  UpdateStickerPackDto,
} from './dto/sticker-pack.dto.js';
import { PACK_NOT_FOUND, StickersService } from './stickers.service.js';
import { RefuseBanned } from '../moderation/ban.guard.js';

@ApiTags('stickers')
@ApiBearerAuth()
@Controller('v1/stickers')
export class StickersController {
  constructor(private readonly stickers: StickersService) {}

  @Get('/')
  @ApiOkResponse({ type: StickerPackListResponseDto })
  list(@CurrentUser() user: User): Promise<StickerPackListDto> {
    return this.stickers.list(user.tgId);
  }

  /** Answers once Telegram made the set; `stickers:progress` reports on the socket meanwhile. */
  @Post('/')
  @RefuseBanned()
  @ApiCreatedResponse({ type: StickerPackResponseDto })
  @ApiBadRequestResponse({
    description:
      '"Select at least one sticker", not your memes, more than 120, "face" for a meme without its face mask',
  })
  @ApiBadGatewayResponse({ description: 'Telegram refused; no pack was made' })
  @ApiServiceUnavailableResponse({ description: 'Telegram unavailable; no pack was made' })
  create(@CurrentUser() user: User, @Body() body: CreateStickerPackDto): Promise<StickerPackDto> {
    return this.stickers.create(user.tgId, body);
  }

  @Patch(':id/')
  @ApiOkResponse({ type: StickerPackResponseDto })
  @ApiBadGatewayResponse({ description: 'Telegram refused part-way; `detail` says what was kept' })
  update(
    @CurrentUser() user: User,
    @Param('id', uuidParam(PACK_NOT_FOUND)) id: string,
    @Body() body: UpdateStickerPackDto,
  ): Promise<StickerPackDto> {
    return this.stickers.update(user.tgId, id, body);
  }
}
