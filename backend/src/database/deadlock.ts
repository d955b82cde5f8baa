import { QueryFailedError } from 'typeorm';

/**
 * PostgreSQL chose this statement as a deadlock's victim (40P01): it was rolled back whole, and
 * running it again is safe when it was its own transaction.
 */
export function isDeadlock(error: unknown): boolean {
  const driverError = error instanceof QueryFailedError ? error.driverError : error;
  return (driverError as { code?: unknown } | null)?.code === '40P01';
}
