import { Body, Controller, Get, Param, Patch, Post, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { QuestCheckDto, QuestListDto } from '@mememint/contracts';

import { AdminGuard } from '../auth/admin.guard.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { intIdParam } from '../common/int-id-param.pipe.js';
import { User } from '../users/entities/user.entity.js';
import {
  AdminQuestResponseDto,
  CreateQuestDto,
  QuestCheckResponseDto,
  QuestListResponseDto,
  UpdateQuestDto,
  toAdminQuestDto,
  toQuestDto,
} from './dto/quest.dto.js';
import { QuestsService } from './quests.service.js';

const questId = intIdParam('Task not found');

/** Quests ("tasks" in docs/SPEC.md §7). */
@ApiTags('quests')
@ApiBearerAuth()
@Controller('v1/tasks')
export class QuestsController {
  constructor(private readonly quests: QuestsService) {}

  @Get()
  @ApiOkResponse({ type: QuestListResponseDto, description: 'Texts in the player’s language' })
  async list(@CurrentUser() user: User): Promise<QuestListDto> {
    const quests = await this.quests.list(user.tgId);
    return {
      items: quests.map(({ quest, done }) =>
        toQuestDto(quest, done, this.quests.linkOf(quest), user.languageCode),
      ),
    };
  }

  @Get('check-task/:id/')
  @ApiOkResponse({ type: QuestCheckResponseDto })
  @ApiNotFoundResponse({ description: 'No such active quest' })
  @ApiServiceUnavailableResponse({ description: 'Telegram could not be asked; nothing was granted' })
  check(@CurrentUser() user: User, @Param('id', questId) id: number): Promise<QuestCheckDto> {
    return this.quests.check(user, id);
  }

  @Post()
  @UseGuards(AdminGuard)
  @ApiCreatedResponse({ type: AdminQuestResponseDto, description: 'Admins only' })
  async create(@Body() body: CreateQuestDto): Promise<AdminQuestResponseDto> {
    return toAdminQuestDto(await this.quests.create(body));
  }

  @Patch(':id/')
  @UseGuards(AdminGuard)
  @ApiOkResponse({ type: AdminQuestResponseDto, description: 'Admins only' })
  async update(
    @Param('id', questId) id: number,
    @Body() body: UpdateQuestDto,
  ): Promise<AdminQuestResponseDto> {
    return toAdminQuestDto(await this.quests.update(id, body));
  }
}
