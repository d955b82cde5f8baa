import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { AI_LABEL_TEXT } from '@mememint/contracts';

import { shot } from '../browser.js';
import { ADMIN_TG_ID } from '../stack.js';
import { seedMemes } from '../seed.js';
import { api, app, newTgId, openNewPlayer, skipOnboarding, tokenOf, useApp } from './helpers.js';

useApp();

/** A player's token through the development login, as their phone would get one. */
async function tokenFor(tgId: number): Promise<string> {
  const { initData } = await api<{ initData: string }>('/v1/auth/dev/init-data/', {
    method: 'POST',
    body: JSON.stringify({ tgId }),
  });
  const login = await api<{ jwtToken: string }>('/v1/auth/login/', {
    method: 'POST',
    body: JSON.stringify({ initData }),
  });
  return login.jwtToken;
}

const adminToken = () => tokenFor(ADMIN_TG_ID);

/** A published meme (seeded as a finished generation) by a player of its own, so every deck has one. */
async function publishedMeme(): Promise<{ id: string; shareId: string; text: string }> {
  const author = newTgId();
  const token = await tokenFor(author);
  await seedMemes(app.stack, author, token, 1);
  const [meme] = (await api<{ items: { id: string; shareId: string }[] }>('/v1/memes/', { token })).items;
  const text = `Trust e2e ${meme!.shareId}`;
  await api(`/v1/memes/${meme!.id}/`, { method: 'PATCH', token, body: JSON.stringify({ text }) });
  return { ...meme!, text };
}

describe('trust and safety in the mini app', () => {
  it('the AI mark on a deck card says what it means; the share page carries it and the AI text', async () => {
    const meme = await publishedMeme();
    const { context, page } = await openNewPlayer();
    await skipOnboarding(page);
    const card = page.getByTestId('swipe-card');
    await card.getByTestId('ai-mark').click();
    const meaning = page.getByRole('dialog', { name: 'Made with AI' });
    await meaning.getByText(AI_LABEL_TEXT.en).waitFor();
    await shot(page, '40-ai-mark');
    await meaning.getByRole('button', { name: 'Close' }).click();
    // The tap did not swipe the card away.
    await card.waitFor();

    await page.goto(`/i/${meme.shareId}`);
    await page.getByRole('img', { name: meme.text }).waitFor();
    await page.getByTestId('ai-label').getByText(AI_LABEL_TEXT.en).waitFor();
    await page.getByTestId('ai-mark').waitFor();
    await context.close();
  });

  it('a player reports the top card with a reason; the moderators see the report', async () => {
    await publishedMeme();
    const { context, page, tgId } = await openNewPlayer();
    await skipOnboarding(page);
    await page.getByTestId('swipe-card').getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this meme' });
    await dialog.getByRole('radio', { name: "Someone's face used without permission" }).click();
    const sent = page.waitForResponse(
      (res) => res.url().endsWith('/report/') && res.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Send the report' }).click();
    const answer = await sent;
    assert.equal(answer.status(), 201);
    const { memeId } = (await answer.json()) as { memeId: string };
    await page.getByText('Thank you: the meme is reported').waitFor();

    const reports = await api<{
      items: { memeId: string; reports: { reporterId: number; reason: string }[] }[];
    }>('/v1/admin/reports/?status=open&pageSize=100', { token: await adminToken() });
    const reported = reports.items.find((item) => item.memeId === memeId);
    assert.ok(reported, 'the meme is in the moderation queue');
    assert.ok(reported.reports.some((r) => r.reporterId === tgId && r.reason === 'impersonation'));
    await context.close();
  });

  it('a banned player who swipes gets the banned screen with its end; signing in still works', async () => {
    await publishedMeme();
    const { context, page, tgId } = await openNewPlayer();
    await skipOnboarding(page);
    await page.getByTestId('swipe-card').waitFor();
    await api(`/v1/admin/users/${tgId}/ban/`, {
      method: 'POST',
      token: await adminToken(),
      body: JSON.stringify({ reason: 'e2e: spam', days: 2 }),
    });
    await page.getByRole('button', { name: 'Like' }).click();
    const banned = page.getByTestId('banned-screen');
    await banned.getByText('Your account is banned').waitFor();
    await banned.getByText(/^Until /).waitFor();
    await banned.getByRole('button', { name: 'Delete my account' }).waitFor();
    await shot(page, '41-banned');
    // Login and /me stay open to them.
    await page.reload();
    const me = await api<{ tgId: number }>('/v1/auth/me/', { token: await tokenOf(context) });
    assert.equal(me.tgId, tgId);
    await context.close();
  });

  it('a player deletes their account from Profile after the confirmation; the old token is dead', async () => {
    const { context, page } = await openNewPlayer();
    await skipOnboarding(page);
    const token = await tokenOf(context);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete my account' });
    await confirm.getByText('Delete your account for good?').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL('**/account-deleted');
    await page.getByText('Your account is deleted').waitFor();
    const res = await fetch(`${new URL(page.url()).origin}/api/v1/auth/me/`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    assert.equal(res.status, 401);
    await context.close();
  });
});
