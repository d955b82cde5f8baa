// @ts-check
// Waiting for a started process to answer its health route: the launcher, the rehearsal and the
// frontend's e2e stack start the API as a child process and wait for it the same way.

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @typedef {object} HealthWait
 * @property {number} [timeoutMs] Gives up after this long (default: never).
 * @property {number} [intervalMs] Between tries (default 200 ms).
 * @property {() => string | undefined} [gone] Asked before each try: a reason (the process exited) ends
 *   the wait at once with that reason as the error.
 */

/**
 * Resolves once `url` answers 2xx; rejects when `gone()` gives a reason or after `timeoutMs`.
 * @param {string} url
 * @param {HealthWait} [options]
 * @returns {Promise<void>}
 */
export async function waitForHealth(url, { timeoutMs = Infinity, intervalMs = 200, gone } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = gone?.();
    if (reason) throw new Error(reason);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() >= deadline)
      throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`);
    await sleep(intervalMs);
  }
}
