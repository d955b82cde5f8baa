import { ApiProperty } from '@nestjs/swagger';
import type { BalanceDto } from '@mememint/contracts';

/** A player's balances with their version, as answers that changed them carry them. */
export class BalancesResponseDto implements BalanceDto {
  @ApiProperty() generationLimit!: number;
  @ApiProperty() memeCoins!: number;
  @ApiProperty() swipes!: number;
  @ApiProperty({
    description: 'The balances’ version: raised by every balance change; keep the highest seen',
  })
  balanceVersion!: number;
}
