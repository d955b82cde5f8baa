import { NotFoundException, ParseUUIDPipe } from '@nestjs/common';

/** A path id that is not a UUID names nothing: the same 404 (with `detail`) as an unknown id. */
export function uuidParam(notFoundDetail: string): ParseUUIDPipe {
  return new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(notFoundDetail) });
}
