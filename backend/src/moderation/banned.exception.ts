import { ForbiddenException } from '@nestjs/common';
import { ErrorCode, type ErrorBody, ErrorText } from '@mememint/contracts';

/** 403 `{detail, code: "BANNED", until}`: what a banned player hears on every write of the game. */
export class BannedException extends ForbiddenException {
  constructor(until: Date | null) {
    const body: ErrorBody = {
      detail: ErrorText.banned,
      code: ErrorCode.banned,
      until: until?.toISOString() ?? null,
    };
    super(body);
  }
}
