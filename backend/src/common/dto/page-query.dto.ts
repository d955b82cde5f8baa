import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** The last page a list serves: offsets stay far inside PostgreSQL's bigint and cheap enough to scan. */
export const PAGE_MAX = 100_000;

/**
 * A query parameter that is a plain decimal integer (`12`) becomes that number; anything else
 * (`1e300`, `0x10`, ` 2`, a repeated parameter) stays as it came and fails `@IsInt()` with a 400.
 * `Number()` alone would read `1e300` as an integer far beyond what an offset can hold.
 */
export function QueryInteger(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^[0-9]{1,15}$/.test(value) ? Number(value) : value,
  );
}

/**
 * `?page=&pageSize=` of a paged list; pages count from 1. Decorators apply bottom-up: the type is
 * checked first, so `?page=abc` is named as not an integer rather than as out of range.
 */
export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: PAGE_MAX, default: 1 })
  @IsOptional()
  @Min(1)
  @Max(PAGE_MAX)
  @IsInt()
  @QueryInteger()
  page: number = 1;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Min(1)
  @Max(100)
  @IsInt()
  @QueryInteger()
  pageSize: number = 20;
}
