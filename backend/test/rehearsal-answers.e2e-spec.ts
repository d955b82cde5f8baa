import { describe, expect, it } from '@jest/globals';

import { countAnswer, SWIPE_ANSWERS } from '../../scripts/rehearsal/answers.mjs';

/**
 * The scale-out rehearsal (scripts/rehearsal/clients.mjs) counts a swipe's 400/409/429 as an expected
 * refusal only on a retry of the same swipe (its first attempt may have gone through before its answer
 * was lost); on a first attempt each is a lost request, a failure of the run.
 */
describe('the rehearsal’s counting of a swipe’s answers', () => {
  it.each([400, 409, 429])('counts %i on a first attempt as lost', (status) => {
    expect(countAnswer(status, 1, SWIPE_ANSWERS)).toBe('lost');
  });

  it.each([400, 409, 429])('counts %i after a retry as an expected refusal', (status) => {
    expect(countAnswer(status, 2, SWIPE_ANSWERS)).toBe('refused');
    expect(countAnswer(status, 12, SWIPE_ANSWERS)).toBe('refused');
  });

  it('counts other refusals as lost on any attempt, and 2xx as served', () => {
    for (const attempt of [1, 2]) {
      expect(countAnswer(500, attempt, SWIPE_ANSWERS)).toBe('lost');
      expect(countAnswer(404, attempt, SWIPE_ANSWERS)).toBe('lost');
      expect(countAnswer(201, attempt, SWIPE_ANSWERS)).toBe('served');
    }
  });

  it('counts a status expected on any attempt (a generation’s 429) as a refusal at once', () => {
    expect(countAnswer(429, 1, { expected: [429] })).toBe('refused');
  });
});
