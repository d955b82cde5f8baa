// @ts-check
// The inference worker's health port under the launcher: two `npm start` stacks on one machine must
// not both ask for the default 3001 (the second worker exited, and the launcher stopped its stack).
import { freePort } from '../../backend/scripts/local-services.mjs';

/**
 * INFERENCE_HEALTH_PORT when it is set (a deployment's probe expects it there), else a free port.
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<string>}
 */
export async function workerHealthPort(env) {
  const set = env.INFERENCE_HEALTH_PORT;
  if (set !== undefined && set !== '') return set;
  return String(await freePort());
}
