import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, Length } from 'class-validator';
import {
  SQUAD_TITLE_MAX_LENGTH,
  type SquadMembershipDto,
  type SquadTitleDto,
  type SquadUpdateRequest,
} from '@mememint/contracts';

/** `PATCH /api/v1/squads/mine/` */
export class UpdateSquadDto implements SquadUpdateRequest {
  @ApiProperty({ minLength: 1, maxLength: SQUAD_TITLE_MAX_LENGTH })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @Length(1, SQUAD_TITLE_MAX_LENGTH)
  title!: string;
}

export class SquadTitleResponseDto implements SquadTitleDto {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
}

export class SquadMembershipResponseDto implements SquadMembershipDto {
  @ApiProperty({ type: Number, nullable: true, description: 'The player’s squad; null outside one' })
  squadId!: number | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When joining another squad is allowed again; null: now',
  })
  switchAvailableAt!: string | null;
}
