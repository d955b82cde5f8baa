import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsDefined,
  IsInt,
  IsObject,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import type { AddTonRequest } from '@mememint/contracts';

/*
 * Shapes and sizes only: what each value means (network, domain, state init, signature) is the
 * proof verifier's to judge, so its failures carry the `code` of the check that failed.
 */

export class TonAccountDto {
  @ApiProperty({ example: '0:83df…', description: 'Raw address `<workchain>:<hex>`' })
  @IsString()
  @MaxLength(100)
  address!: string;

  @ApiProperty({ example: '-239', description: 'Network global id: -239 mainnet, -3 testnet' })
  @IsString()
  @MaxLength(8)
  chain!: string;

  @ApiProperty({ description: 'Hex Ed25519 public key, without 0x' })
  @Matches(/^[0-9a-fA-F]{64}$/, { message: 'account.publicKey must be 64 hex characters' })
  publicKey!: string;

  @ApiProperty({ description: 'Base64 BOC of the wallet state init' })
  @IsString()
  @MaxLength(8192)
  walletStateInit!: string;
}

export class TonProofDomainDto {
  @ApiProperty()
  @IsInt()
  @Min(0)
  @Max(1024)
  lengthBytes!: number;

  @ApiProperty({ example: 'mememint.app' })
  @IsString()
  @MaxLength(253)
  value!: string;
}

export class TonProofDto {
  @ApiProperty({
    oneOf: [{ type: 'integer' }, { type: 'string', pattern: '^[0-9]+$' }],
    description: 'Unix seconds of the signing, a number or a decimal string',
  })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value,
  )
  @IsInt({ message: 'proof.timestamp must be unix seconds (a number or a decimal string)' })
  @Min(0)
  timestamp!: number;

  @ApiProperty({ type: TonProofDomainDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => TonProofDomainDto)
  domain!: TonProofDomainDto;

  @ApiProperty({ description: 'The payload from `GET /v1/users/ton-proof/payload/`' })
  @IsString()
  @MaxLength(512)
  payload!: string;

  @ApiProperty({ description: 'Base64 Ed25519 signature' })
  @IsString()
  @MaxLength(200)
  signature!: string;
}

/** `POST /api/v1/users/add-ton/`: `wallet.account` and the `ton_proof` reply, as TON Connect gives them. */
export class AddTonDto implements AddTonRequest {
  @ApiProperty({ type: TonAccountDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => TonAccountDto)
  account!: TonAccountDto;

  @ApiProperty({ type: TonProofDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => TonProofDto)
  proof!: TonProofDto;
}
