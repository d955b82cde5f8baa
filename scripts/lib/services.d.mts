export function freePort(): Promise<number>;
export function postgresAnswers(url: string): Promise<boolean>;
export function redisAnswers(host: string, port: number): Promise<boolean>;
export function startEmbeddedPostgres(options: {
  dataDir: string;
  persistent: boolean;
  onLog?: (message: string) => void;
}): Promise<{ url: string; stop: () => Promise<void> }>;
export function ensureDatabase(adminUrl: string, name: string): Promise<void>;
export function withDatabase(url: string, name: string): string;
