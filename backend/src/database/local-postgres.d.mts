export const APP_DATABASE: string;
export function localDataDir(env?: Readonly<Record<string, string | undefined>>): string;
export function freePort(): Promise<number>;
export function postgresAnswers(url: string): Promise<boolean>;
export function startEmbeddedPostgres(options: {
  dataDir: string;
  persistent: boolean;
  onLog?: (message: string) => void;
}): Promise<{ url: string; stop: () => Promise<void> }>;
export function ensureDatabase(adminUrl: string, name: string): Promise<void>;
export function withDatabase(url: string, name: string): string;
export function runningPostgres(dataDir: string): Promise<string | null>;
export interface LocalPostgres {
  /** The application database's URL. */
  url: string;
  /** Whether this call started the server (else it was running). */
  started: boolean;
  /** Stops the server if this call started it. */
  stop: () => Promise<void>;
}
interface LocalPostgresOptions {
  dataDir?: string;
  onLog?: (message: string) => void;
}
export function localPostgres(
  options: LocalPostgresOptions & { create: false },
): Promise<LocalPostgres | null>;
export function localPostgres(options?: LocalPostgresOptions & { create?: true }): Promise<LocalPostgres>;
