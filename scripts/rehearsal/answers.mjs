// @ts-check
// How the rehearsal counts a request's final answer (clients.mjs): served, an expected refusal, or
// lost. Apart from the clients so that a test can check the rule without a built stack.

/**
 * A swipe's answers that are refusals only after a retry of the same swipe whose first attempt went
 * through: 409 (swiped before), 429 (the pace: the retry came too soon after it), 400 (its swipe spent
 * the bar). On a first attempt each is a failure: a player swiping every 1–2 s never meets them.
 */
export const SWIPE_ANSWERS = Object.freeze({ expectedAfterRetry: [400, 409, 429] });

/**
 * @typedef {object} ExpectedAnswers
 * @property {number[]} [expected] statuses that are answers, not failures, on any attempt
 * @property {number[]} [expectedAfterRetry] statuses that are answers only on a second or later attempt
 */

/**
 * What a final (not retried) answer counts as.
 * @param {number} status
 * @param {number} attempt 1 for the request's first attempt
 * @param {ExpectedAnswers} answers
 * @returns {'served' | 'refused' | 'lost'}
 */
export function countAnswer(status, attempt, { expected = [], expectedAfterRetry = [] }) {
  if (status < 400) return 'served';
  if (expected.includes(status)) return 'refused';
  return attempt > 1 && expectedAfterRetry.includes(status) ? 'refused' : 'lost';
}
