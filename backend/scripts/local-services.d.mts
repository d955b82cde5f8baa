export * from '../src/database/local-postgres.mjs';
export function redisAnswers(host: string, port: number): Promise<boolean>;
