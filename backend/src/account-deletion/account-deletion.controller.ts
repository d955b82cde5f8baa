import { Controller, Delete, HttpCode, HttpStatus } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiTags } from '@nestjs/swagger';

import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import type { User } from '../users/entities/user.entity.js';
import { AccountDeletionService } from './account-deletion.service.js';

@ApiTags('users')
@ApiBearerAuth()
@Controller('v1/users')
export class AccountDeletionController {
  constructor(private readonly accounts: AccountDeletionService) {}

  /** Deletes the account (open to a banned player too); the same Telegram id may sign up again. */
  @Delete('me/')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'The account, its memes, files and sessions are gone' })
  async delete(@CurrentUser() user: User): Promise<void> {
    await this.accounts.deleteAccount(user.tgId);
  }
}
