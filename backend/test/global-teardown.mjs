// Stops the embedded PostgreSQL of global-setup.mjs, if it started one.
export default async function globalTeardown() {
  await globalThis.mmEmbeddedPostgres?.stop();
}
