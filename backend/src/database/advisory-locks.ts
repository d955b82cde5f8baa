/**
 * PostgreSQL advisory lock keys of the app, in one place so no two uses collide. Each is the
 * two-integer form `(namespace, key)`.
 */
export const AdvisoryLocks = {
  /** One like batch at a time across replicas (two at once could deadlock on shared memes/authors). */
  likesFlush: [0x6d6d6c6b, 0] as const,
  /** One process at a time makes the ledger's monthly partitions (LedgerPartitionsService). */
  ledgerPartitions: [0x6d6d6c70, 0] as const,
  /**
   * A contest day (key: days since 1970-01-01): votes take it shared, its settlement exclusive, so no
   * vote lands in a day while it is settled.
   */
  contestDay: (day: string) => [0x6d6d6664, Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000)] as const,
};
