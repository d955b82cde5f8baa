import type { ValueTransformer } from 'typeorm';

/**
 * PostgreSQL `bigint` arrives as a string; Telegram ids fit in 53 bits, so the app keeps them as numbers.
 */
export const bigintNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
