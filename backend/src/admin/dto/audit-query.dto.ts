import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

import { PageQueryDto } from '../../common/dto/page-query.dto.js';

/** `GET /v1/admin/audit/?action=&page=&pageSize=` */
export class AuditQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Only this action (e.g. `meme.hide`)' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  @Matches(/^[a-z][a-z0-9.-]*$/, { message: 'action must be an action name such as meme.hide' })
  action?: string;
}
