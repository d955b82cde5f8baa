import { describe, expect, it } from '@jest/globals';

import { InitDataError, signInitData, validateInitData } from './telegram-init-data.js';

// The sample from Telegram Mini Apps' documentation: real init data and the token that signed it.
const SAMPLE_TOKEN = '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8';
const SAMPLE =
  'query_id=AAHdF6IQAAAAAN0XohDhrOrc' +
  '&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%7D' +
  '&auth_date=1662771648&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2';
const SAMPLE_TIME = new Date(1662771648 * 1000 + 60_000);
const options = { botToken: SAMPLE_TOKEN, maxAgeSeconds: 86_400, futureSkewSeconds: 30, now: SAMPLE_TIME };

function problemOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof InitDataError) return error.problem;
    throw error;
  }
  return 'accepted';
}

describe('Telegram init data', () => {
  it('accepts data signed by Telegram and reads the user', () => {
    const data = validateInitData(SAMPLE, options);
    expect(data.user).toEqual({
      id: 279058397,
      isBot: false,
      firstName: 'Vladislav',
      lastName: 'Kibenko',
      username: 'vdkfrost',
      languageCode: 'ru',
      isPremium: true,
      photoUrl: null,
    });
    expect(data.authDate.toISOString()).toBe('2022-09-10T01:00:48.000Z');
  });

  it('signs exactly as Telegram does', () => {
    const fields = Object.fromEntries(new URLSearchParams(SAMPLE));
    const signed = new URLSearchParams(signInitData(fields, SAMPLE_TOKEN));
    expect(signed.get('hash')).toBe('c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2');
  });

  it('includes the third-party signature field in the checked string', () => {
    const fields = { ...Object.fromEntries(new URLSearchParams(SAMPLE)), signature: 'c2lnbmF0dXJl' };
    const signed = signInitData(fields, SAMPLE_TOKEN);
    expect(problemOf(() => validateInitData(signed, options))).toBe('accepted');
    expect(problemOf(() => validateInitData(signed.replace('c2lnbmF0dXJl', 'c2lnbmF0dXJm'), options))).toBe(
      'signature',
    );
  });

  it('refuses a changed field, a changed hash and another bot token', () => {
    expect(problemOf(() => validateInitData(SAMPLE.replace('AAHdF6IQ', 'AAHdF6IR'), options))).toBe(
      'signature',
    );
    expect(problemOf(() => validateInitData(SAMPLE.replace(/hash=c5/, 'hash=c6'), options))).toBe(
      'signature',
    );
    expect(problemOf(() => validateInitData(SAMPLE, { ...options, botToken: '1:other' }))).toBe('signature');
  });

  it('refuses stale and future auth dates', () => {
    const later = new Date(SAMPLE_TIME.getTime() + 86_400_000);
    expect(problemOf(() => validateInitData(SAMPLE, { ...options, now: later }))).toBe('stale');
    const earlier = new Date(1662771648 * 1000 - 31_000);
    expect(problemOf(() => validateInitData(SAMPLE, { ...options, now: earlier }))).toBe('future');
    const withinSkew = new Date(1662771648 * 1000 - 29_000);
    expect(problemOf(() => validateInitData(SAMPLE, { ...options, now: withinSkew }))).toBe('accepted');
  });

  it('refuses malformed data before checking anything else', () => {
    const sign = (fields: Record<string, string>) => signInitData(fields, SAMPLE_TOKEN);
    const authDate = '1662771648';
    expect(problemOf(() => validateInitData('', options))).toBe('malformed');
    expect(problemOf(() => validateInitData('hash=abc&auth_date=1', options))).toBe('malformed');
    expect(problemOf(() => validateInitData(SAMPLE.replace(/&auth_date=\d+/, ''), options))).toBe(
      'malformed',
    );
    expect(problemOf(() => validateInitData(`${SAMPLE}&user=x`, options))).toBe('malformed');
    expect(problemOf(() => validateInitData(sign({ auth_date: authDate }), options))).toBe('malformed');
    expect(problemOf(() => validateInitData(sign({ auth_date: authDate, user: '{' }), options))).toBe(
      'malformed',
    );
    expect(problemOf(() => validateInitData(sign({ auth_date: authDate, user: '{"id":-5}' }), options))).toBe(
      'malformed',
    );
    expect(problemOf(() => validateInitData(sign({ auth_date: 'soon', user: '{"id":5}' }), options))).toBe(
      'malformed',
    );
  });
});
