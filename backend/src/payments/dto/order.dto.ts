import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  type DailyBonusDto,
  ORDER_STATUSES,
  type OrderGrants,
  type OrderStateDto,
  type OrderStatus,
  PLAN_KINDS,
  type PlanKind,
} from '@mememint/contracts';

import type { Order } from '../entities/order.entity.js';

export class OrderGrantsDto implements OrderGrants {
  @ApiPropertyOptional() credits?: number;
  @ApiPropertyOptional() swipes?: number;
  @ApiPropertyOptional() boostDays?: number;
  @ApiPropertyOptional() dailyCredits?: number;
}

export class OrderStateResponseDto implements OrderStateDto {
  @ApiProperty({ format: 'uuid' }) orderId!: string;
  @ApiProperty({ enum: ORDER_STATUSES }) status!: OrderStatus;
  @ApiProperty({ enum: PLAN_KINDS }) kind!: PlanKind;
  @ApiProperty({ type: OrderGrantsDto }) grants!: OrderGrants;
}

export function toOrderStateDto(order: Order): OrderStateDto {
  return { orderId: order.id, status: order.status, kind: order.kind, grants: order.grants };
}

export class DailyBonusResponseDto implements DailyBonusDto {
  @ApiProperty({ example: '2026-11-23', description: 'The UTC day' }) day!: string;
  @ApiProperty({ description: 'Bonus credits granted that day (0: none)' }) credits!: number;
}
