import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { DailyBonusDto, OrderStateDto } from '@mememint/contracts';

import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { User } from '../users/entities/user.entity.js';
import { DailyBonusResponseDto, OrderStateResponseDto, toOrderStateDto } from './dto/order.dto.js';
import { PaymentsService } from './payments.service.js';

@ApiTags('payments')
@ApiBearerAuth()
@Controller('v1/payment')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  /** The polling fallback of `order:paid`: the player's latest order. */
  @Get('success/')
  @ApiOkResponse({ type: OrderStateResponseDto })
  @ApiNotFoundResponse({ description: 'The player has no order' })
  async latest(@CurrentUser() user: User): Promise<OrderStateDto> {
    return toOrderStateDto(await this.payments.latestOrder(user.tgId));
  }

  /** Today's boost bonus: granted by this very request when it is the day's first. */
  @Get('daily-bonus/')
  @ApiOkResponse({ type: DailyBonusResponseDto })
  dailyBonus(@CurrentUser() user: User): Promise<DailyBonusDto> {
    return this.payments.dailyBonusOfToday(user.tgId);
  }
}
