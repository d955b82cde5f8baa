import {
  Body,
  ConflictException,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  Post,
  Query,
} from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  type AdminFeedDayDto,
  type AdminFiguresDto,
  type AdminOrderDto,
  type AdminRefundResultDto,
  ErrorCode,
  type Page,
} from '@mememint/contracts';

import { isUtcDay } from '../common/clock.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { PageQueryDto } from '../common/dto/page-query.dto.js';
import type { SettlementOutcome } from '../feed/settlement.service.js';
import { OrderNotFoundError, OrderNotRefundableError } from '../payments/payments.errors.js';
import {
  BotApiError,
  BotApiUnavailableError,
  TelegramUnavailableException,
} from '../telegram/bot-api.errors.js';
import type { User } from '../users/entities/user.entity.js';
import { AdminOnly } from './admin-only.decorator.js';
import { FiguresQueryDto, ReasonDto, SettleRequestDto } from './dto/admin-console.dto.js';
import { FiguresService } from './figures/figures.service.js';
import { AdminFeedService, AlreadySettledError, DayNotEndedError } from './game/admin-feed.service.js';
import { AdminOrdersService } from './orders/admin-orders.service.js';

/** A day in a path: `YYYY-MM-DD`; anything else is no contest day (404). */
function dayParam(value: string): string {
  if (!isUtcDay(value)) throw new NotFoundException('No such day: write it as YYYY-MM-DD');
  return value;
}

/** Orders, the meme of the day and the figures: how the game runs. */
@ApiTags('admin')
@AdminOnly()
@Controller('v1/admin')
export class AdminGameController {
  constructor(
    private readonly orders: AdminOrdersService,
    private readonly feed: AdminFeedService,
    private readonly figures: FiguresService,
  ) {}

  @Get('orders/')
  @ApiOkResponse({ description: 'Stars orders, newest first, with their state' })
  listOrders(@Query() query: PageQueryDto): Promise<Page<AdminOrderDto>> {
    return this.orders.page(query.page, query.pageSize);
  }

  /** As `admin refund`: Telegram refunds the Stars, then the order's grants are taken back. */
  @Post('orders/:id/refund/')
  @HttpCode(HttpStatus.OK)
  @ApiConflictResponse({ description: 'Not a paid order (code ORDER_NOT_REFUNDABLE), or Telegram refused' })
  async refund(
    @CurrentUser() admin: User,
    @Param('id') id: string,
    @Body() body: ReasonDto,
  ): Promise<AdminRefundResultDto> {
    try {
      return await this.orders.refund(String(admin.tgId), id, body.reason ?? null);
    } catch (error) {
      if (error instanceof OrderNotFoundError) throw new NotFoundException('Order not found');
      if (error instanceof OrderNotRefundableError)
        throw new ConflictException({ detail: error.message, code: ErrorCode.orderNotRefundable });
      if (error instanceof BotApiError)
        throw new ConflictException({
          detail: `Telegram refused: ${error.description}`,
          code: ErrorCode.telegramRefused,
        });
      if (error instanceof BotApiUnavailableError) throw new TelegramUnavailableException();
      throw error;
    }
  }

  @Get('feed/:date/')
  @ApiOkResponse({ description: 'The day’s contest: settled or not, its votes, its leading memes' })
  day(@Param('date') date: string): Promise<AdminFeedDayDto> {
    return this.feed.day(dayParam(date));
  }

  /** As `admin settle`: once per day; today only with `force`. */
  @Post('feed/:date/settle/')
  @HttpCode(HttpStatus.OK)
  @ApiConflictResponse({ description: 'Settled before (ALREADY_SETTLED) or not ended (DAY_NOT_ENDED)' })
  async settle(
    @CurrentUser() admin: User,
    @Param('date') date: string,
    @Body() body: SettleRequestDto,
  ): Promise<SettlementOutcome> {
    const day = dayParam(date);
    try {
      const outcome = await this.feed.settle(
        String(admin.tgId),
        day,
        body.force ?? false,
        body.reason ?? null,
      );
      if (!outcome.settled) throw new AlreadySettledError(day);
      return outcome;
    } catch (error) {
      if (error instanceof DayNotEndedError)
        throw new ConflictException({
          detail: `${day} has not ended yet (UTC)`,
          code: ErrorCode.dayNotEnded,
        });
      throw error;
    }
  }

  @Get('figures/')
  @ApiOkResponse({ description: 'Per UTC day, oldest first, and the live queue counts' })
  getFigures(@Query() query: FiguresQueryDto): Promise<AdminFiguresDto> {
    return this.figures.get(query.days);
  }
}
