import { QueryFailedError } from 'typeorm';

/** The query failed on this unique constraint (PostgreSQL 23505), e.g. a concurrent insert that won. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const driverError =
    error instanceof QueryFailedError ? (error.driverError as { code?: string; constraint?: string }) : null;
  return driverError?.code === '23505' && driverError.constraint === constraint;
}
