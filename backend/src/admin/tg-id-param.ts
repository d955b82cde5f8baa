import { NotFoundException } from '@nestjs/common';
import { ErrorText } from '@mememint/contracts';

/** A Telegram id in a path: a positive safe integer; anything else names nobody (404). */
export function tgIdParam(value: string): number {
  const id = Number(value);
  if (!/^[1-9][0-9]{0,15}$/.test(value) || !Number.isSafeInteger(id))
    throw new NotFoundException(ErrorText.userNotFound);
  return id;
}
