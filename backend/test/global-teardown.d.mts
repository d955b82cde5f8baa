/** Stops the embedded PostgreSQL of global-setup.mjs, if it started one. */
export default function globalTeardown(): Promise<void>;
