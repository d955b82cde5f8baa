import { Body, Controller, Get, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { BoostPlanDto, CreditPackDto, InvoiceDto, PlanListDto, SwipePackDto } from '@mememint/contracts';

import { AdminGuard } from '../auth/admin.guard.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { intIdParam } from '../common/int-id-param.pipe.js';
import { User } from '../users/entities/user.entity.js';
import {
  AdminPlanResponseDto,
  BoostPlanListDto,
  CreatePlanDto,
  CreditPackListDto,
  InvoiceResponseDto,
  SwipePackListDto,
  TariffQueryDto,
  UpdatePlanDto,
  toAdminPlanDto,
  toBoostPlanDto,
  toCreditPackDto,
  toSwipePackDto,
} from './dto/plan.dto.js';
import { PaymentsService } from './payments.service.js';
import { PlansService } from './plans.service.js';
import { RateLimit } from '../rate-limits/rate-limit.decorator.js';
import { RefuseBanned } from '../moderation/ban.guard.js';

const planId = intIdParam('Plan not found');
const INVOICE_DOC = {
  type: InvoiceResponseDto,
  description: 'A pending order and its Telegram Stars invoice link (open it with the SDK)',
};
const TELEGRAM_DOWN_DOC = { description: 'Telegram did not make the invoice; nothing was stored' };

/** The plans on sale (docs/SPEC.md §7 "Payments"), each `…/{id}/` opening an order to pay. */
@ApiTags('payments')
@ApiBearerAuth()
@Controller('v1')
export class PlansController {
  constructor(
    private readonly plans: PlansService,
    private readonly payments: PaymentsService,
  ) {}

  @Get('tariff/')
  @ApiOkResponse({ type: CreditPackListDto, description: 'Credit packs' })
  async creditPacks(
    @CurrentUser() user: User,
    @Query() _query: TariffQueryDto,
  ): Promise<PlanListDto<CreditPackDto>> {
    const plans = await this.plans.listOnSale('credit_pack');
    return { items: plans.map((plan) => toCreditPackDto(plan, user.languageCode)) };
  }

  @Get('tariff/:id/')
  @RefuseBanned()
  @RateLimit('payments')
  @ApiOkResponse(INVOICE_DOC)
  @ApiServiceUnavailableResponse(TELEGRAM_DOWN_DOC)
  buyCreditPack(@CurrentUser() user: User, @Param('id', planId) id: number): Promise<InvoiceDto> {
    return this.payments.createOrder(user, 'credit_pack', id);
  }

  @Get('boost/')
  @ApiOkResponse({ type: BoostPlanListDto, description: 'Premium boosts' })
  async boosts(@CurrentUser() user: User): Promise<PlanListDto<BoostPlanDto>> {
    const plans = await this.plans.listOnSale('boost');
    return { items: plans.map((plan) => toBoostPlanDto(plan, user.languageCode)) };
  }

  @Get('boost/:id/')
  @RefuseBanned()
  @RateLimit('payments')
  @ApiOkResponse(INVOICE_DOC)
  @ApiServiceUnavailableResponse(TELEGRAM_DOWN_DOC)
  buyBoost(@CurrentUser() user: User, @Param('id', planId) id: number): Promise<InvoiceDto> {
    return this.payments.createOrder(user, 'boost', id);
  }

  @Get('meme_tariff/')
  @ApiOkResponse({ type: SwipePackListDto, description: 'Swipe packs' })
  async swipePacks(@CurrentUser() user: User): Promise<PlanListDto<SwipePackDto>> {
    const plans = await this.plans.listOnSale('swipe_pack');
    return { items: plans.map((plan) => toSwipePackDto(plan, user.languageCode)) };
  }

  @Get('meme_tariff/:id/')
  @RefuseBanned()
  @RateLimit('payments')
  @ApiOkResponse(INVOICE_DOC)
  @ApiServiceUnavailableResponse(TELEGRAM_DOWN_DOC)
  buySwipePack(@CurrentUser() user: User, @Param('id', planId) id: number): Promise<InvoiceDto> {
    return this.payments.createOrder(user, 'swipe_pack', id);
  }

  @Get('plans/')
  @UseGuards(AdminGuard)
  @ApiOkResponse({ type: [AdminPlanResponseDto], description: 'Admins only: every plan, retired ones too' })
  async allPlans(): Promise<AdminPlanResponseDto[]> {
    return (await this.plans.listAll()).map(toAdminPlanDto);
  }

  @Post('plans/')
  @UseGuards(AdminGuard)
  @ApiCreatedResponse({ type: AdminPlanResponseDto, description: 'Admins only' })
  async createPlan(@Body() body: CreatePlanDto): Promise<AdminPlanResponseDto> {
    return toAdminPlanDto(await this.plans.create(body));
  }

  @Patch('plans/:id/')
  @UseGuards(AdminGuard)
  @ApiOkResponse({ type: AdminPlanResponseDto, description: 'Admins only; pending orders keep their terms' })
  async updatePlan(
    @Param('id', planId) id: number,
    @Body() body: UpdatePlanDto,
  ): Promise<AdminPlanResponseDto> {
    return toAdminPlanDto(await this.plans.update(id, body));
  }
}
