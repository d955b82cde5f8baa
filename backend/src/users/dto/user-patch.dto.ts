import { ApiProperty } from '@nestjs/swagger';
import { IsIn, ValidateIf } from 'class-validator';
import { ErrorCode, type Gender, GENDERS, type UserPatch } from '@mememint/contracts';

/** `PATCH /v1/users/me/`: the gender said on Profile; null takes it back. */
export class UserPatchDto implements UserPatch {
  @ApiProperty({ enum: GENDERS, nullable: true, description: 'Templates of this gender come first' })
  @ValidateIf((_, value) => value !== null)
  @IsIn(GENDERS, {
    message: `gender must be one of ${GENDERS.join(', ')} or null`,
    context: { code: ErrorCode.invalidGender },
  })
  gender!: Gender | null;
}
