import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { AirdropDto, TonProofPayloadDto } from '@mememint/contracts';

import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import type { User } from '../users/entities/user.entity.js';
import { AddTonDto } from './dto/add-ton.dto.js';
import { AirdropResponseDto, TonProofPayloadResponseDto } from './dto/airdrop.dto.js';
import { WalletService } from './wallet.service.js';
import { RateLimit } from '../rate-limits/rate-limit.decorator.js';

@ApiTags('wallet')
@ApiBearerAuth()
@Controller('v1/users')
export class WalletController {
  constructor(private readonly wallet: WalletService) {}

  /** Request before opening the TON Connect modal; the wallet signs it into its `ton_proof`. */
  @Get('ton-proof/payload/')
  @ApiOkResponse({ type: TonProofPayloadResponseDto })
  payload(@CurrentUser() user: User): TonProofPayloadDto {
    return this.wallet.issuePayload(user.tgId);
  }

  @Post('add-ton/')
  @RateLimit('wallet')
  @HttpCode(200)
  @ApiOkResponse({ type: AirdropResponseDto, description: 'Linked (replacing your previous wallet)' })
  @ApiBadRequestResponse({ description: '`{detail, code}`: the proof check that failed (TON_PROOF_…)' })
  @ApiConflictResponse({ description: '`{detail, code: TON_WALLET_TAKEN}`: another player holds the wallet' })
  addTon(@CurrentUser() user: User, @Body() body: AddTonDto): Promise<AirdropDto> {
    return this.wallet.link(user.tgId, body);
  }

  @Get('airdrop/')
  @ApiOkResponse({ type: AirdropResponseDto })
  airdrop(@CurrentUser() user: User): Promise<AirdropDto> {
    return this.wallet.airdrop(user.tgId);
  }
}
