import { NotFoundException, type PipeTransform } from '@nestjs/common';

const MAX_INT4 = 2 ** 31 - 1;

/** A path id of a serial (integer) key; anything else names nothing: 404 like an unknown id. */
export function intIdParam(notFoundDetail: string): PipeTransform<string, number> {
  return {
    transform(value: string): number {
      const id = Number(value);
      if (!/^[1-9][0-9]{0,9}$/.test(value) || id > MAX_INT4) throw new NotFoundException(notFoundDetail);
      return id;
    },
  };
}
