import type { ErrorBody } from '@mememint/contracts';

/** A non-2xx answer of the API, carrying the server's `{detail, hint, retryAfter}` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody> | null,
  ) {
    // Without a server detail the message stays empty, so the toast falls back to the generic text.
    super(body?.detail ?? '');
    this.name = 'ApiError';
  }

  get detail(): string | undefined {
    return this.body?.detail;
  }

  get hint(): string | undefined {
    return this.body?.hint;
  }
}

/** The request never got an answer (offline, DNS, connection reset, time-out). */
export class NetworkError extends Error {
  constructor(readonly offline: boolean) {
    super('Bad internet connection');
    this.name = 'NetworkError';
  }
}

/** The server answered 2xx with something the client cannot use (docs/SPEC.md §5). */
export class WrongResponseError extends Error {
  constructor() {
    super('Wrong response from server');
    this.name = 'WrongResponseError';
  }
}
