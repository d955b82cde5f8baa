import type { IncomingMessage, ServerResponse } from 'node:http';

import type { Update } from '@grammyjs/types';

import { type ChatMemberStatus, MEMBER_STATUSES } from './chat-members.js';
import { send } from './http.js';
import { BotApiError, badRequest, chatId, int, optStr, readParams, str } from './params.js';
import type { Payer } from './payments.js';
import type { FakeBotApi } from './server.js';

/**
 * `/__fake/*`: what a test or the browser mock environment asks Telegram's side to do (the same as
 * the fake's own methods): read or clear the recorded calls, pay an invoice, set a chat member,
 * fail the next calls of a method, deliver an update, fetch a sticker file.
 */
export async function serveControl(
  api: FakeBotApi,
  req: IncomingMessage,
  url: URL,
  res: ServerResponse,
): Promise<void> {
  // The mini app's mock Telegram client (another origin) pays invoices here from the browser.
  res.setHeader('access-control-allow-origin', '*');
  if (req.method === 'OPTIONS') {
    res.writeHead(204, {
      'access-control-allow-methods': 'GET, POST, DELETE',
      'access-control-allow-headers': 'content-type',
      'access-control-max-age': '600',
    });
    res.end();
    return;
  }
  const route = `${req.method} ${url.pathname.replace(/\/$/, '')}`;
  if (route === 'GET /__fake/calls') {
    send(res, 200, { calls: api.recordedCalls(url.searchParams.get('method') ?? undefined) });
    return;
  }
  if (route === 'DELETE /__fake/calls') {
    api.clearCalls();
    send(res, 200, { ok: true });
    return;
  }
  const params = await readParams(req, url);
  const pay = /^POST \/__fake\/pay\/([A-Za-z0-9_-]+)$/.exec(route);
  if (pay) {
    const payer = (params.user ?? { id: int(params, 'userId') }) as Payer;
    if (!Number.isSafeInteger(payer.id)) throw badRequest('user.id is invalid');
    const result = await api.pay(pay[1]!, payer, {
      ...(params.totalAmount !== undefined ? { totalAmount: int(params, 'totalAmount') } : {}),
      ...(params.deliveries !== undefined ? { deliveries: int(params, 'deliveries') } : {}),
    });
    send(res, 200, result);
    return;
  }
  if (route === 'POST /__fake/chat-member') {
    const status = str(params, 'status') as ChatMemberStatus;
    if (!MEMBER_STATUSES.includes(status))
      throw badRequest(`status must be one of ${MEMBER_STATUSES.join(', ')}`);
    api.setChatMember(chatId(params, 'chatId'), int(params, 'userId'), status);
    send(res, 200, { ok: true });
    return;
  }
  if (route === 'POST /__fake/fail') {
    const errorCode = int(params, 'errorCode');
    api.failNext({
      method: str(params, 'method'),
      errorCode,
      description: optStr(params, 'description'),
      ...(params.retryAfter !== undefined ? { retryAfter: int(params, 'retryAfter') } : {}),
      ...(params.times !== undefined ? { times: int(params, 'times') } : {}),
    });
    send(res, 200, { ok: true });
    return;
  }
  if (route === 'POST /__fake/updates') {
    const update = params.update;
    if (typeof update !== 'object' || update === null) throw badRequest('update is empty');
    send(res, 200, { status: await api.deliver(update as Update) });
    return;
  }
  const file = /^GET \/__fake\/files\/([A-Za-z0-9_-]+)$/.exec(route);
  if (file) {
    const data = api.stickerFile(file[1]!);
    if (!data) throw new BotApiError(404, 'Not Found: file');
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': data.length });
    res.end(data);
    return;
  }
  throw new BotApiError(404, 'Not Found');
}
