/** Finds (or starts) the PostgreSQL server of the e2e tests and sets MM_TEST_ADMIN_URL. */
export default function globalSetup(): Promise<void>;
