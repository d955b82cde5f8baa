import { ApiProperty } from '@nestjs/swagger';
import type { AirdropDto, TonProofPayloadDto } from '@mememint/contracts';

export class TonProofPayloadResponseDto implements TonProofPayloadDto {
  @ApiProperty({ description: 'Hex; the `tonProof` connect parameter. Bound to you, expires' })
  payload!: string;
}

export class AirdropResponseDto implements AirdropDto {
  @ApiProperty() hasTon!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'User-friendly, non-bounceable' })
  address!: string | null;
  @ApiProperty({ description: 'Your all-time earned coins' }) coins!: number;
  @ApiProperty({ description: 'All players’ all-time earned coins' }) totalCoins!: number;
  @ApiProperty({ minimum: 0, maximum: 1, description: 'coins / totalCoins' }) share!: number;
}
