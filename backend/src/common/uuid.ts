const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A UUID as `randomUUID()` writes it (lowercase hex): the ids of our rows, sessions and jobs. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
