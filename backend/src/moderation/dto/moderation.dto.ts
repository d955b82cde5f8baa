import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  REPORT_REASONS,
  REPORT_STATUSES,
  type ReportReason,
  type ReportResultDto,
  type ReportStatus,
} from '@mememint/contracts';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

import { PageQueryDto } from '../../common/dto/page-query.dto.js';

/** `POST /v1/memes/{id}/report/` */
export class ReportRequestDto {
  @ApiProperty({ enum: REPORT_REASONS })
  @IsIn(REPORT_REASONS, { message: `reason must be one of ${REPORT_REASONS.join(', ')}` })
  reason!: ReportReason;
}

export class ReportResultResponseDto implements ReportResultDto {
  @ApiProperty() memeId!: string;
  @ApiProperty({ enum: REPORT_REASONS }) reason!: ReportReason;
  @ApiProperty({ description: 'Whether the meme is hidden now' }) hidden!: boolean;
}

/** `GET /v1/admin/reports/?status=open` */
export class ReportsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    enum: REPORT_STATUSES,
    description: 'Only reports of this status (all when absent)',
  })
  @IsOptional()
  @IsIn(REPORT_STATUSES)
  status?: ReportStatus;
}

/** An admin's hide, restore or unban: why, optionally. */
export class DecisionDto {
  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string;
}

/** `POST /v1/admin/users/{tgId}/ban/` */
export class BanRequestDto {
  @ApiProperty({ maxLength: 500 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  reason!: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 36500, description: 'Days from now; absent: until lifted' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(36500)
  days?: number;
}
