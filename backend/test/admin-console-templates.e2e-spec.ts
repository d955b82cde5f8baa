import { describe, expect, it, jest } from '@jest/globals';
import type { AdminTemplateDto, Page, TemplateDto } from '@mememint/contracts';
import request from 'supertest';

import { addDays, utcDay } from '../src/common/clock.js';
import { adminConsoleSuite, ZERO_UUID } from './helpers/admin-console.js';
import type { TelegramTestApp } from './helpers/fake-telegram.js';
import { seedMemes } from './helpers/feed.js';
import { bearer, newPlayer, photo, type Player, seedTemplate } from './helpers/memes.js';

jest.setTimeout(240_000);

describe('the admin API (the operator console)', () => {
  let t: TelegramTestApp;
  let admin: Player;
  let player: Player;
  const { adminTgId, as, audit } = adminConsoleSuite((up) => ({ t, admin, player } = up));

  it('refuses every admin route to a player (403 {detail}) and serves it to an admin', async () => {
    const template = await seedTemplate(t.app, photo('portrait-01.jpg'), { title: 'Route check' });
    const someone = await newPlayer(t.server, t.config);
    const yesterday = addDays(utcDay(new Date()), -1);
    const routes: [method: 'get' | 'post' | 'patch' | 'delete', path: string, body?: object][] = [
      ['get', 'templates/'],
      ['get', `templates/${template.id}/`],
      ['patch', `templates/${template.id}/`, { title: 'Renamed' }],
      ['post', `templates/${template.id}/disable/`],
      ['post', `templates/${template.id}/enable/`],
      ['delete', `templates/${template.id}/`],
      ['get', 'users/?q='],
      ['get', `users/${someone.tgId}/`],
      ['get', `users/${someone.tgId}/ledger/`],
      [
        'post',
        `users/${someone.tgId}/grants/`,
        { kind: 'coins', amount: 5, reason: 'route', key: 'route-1' },
      ],
      ['post', `users/${someone.tgId}/influencer/`, { on: true }],
      ['post', `users/${someone.tgId}/admin/`, { on: false }],
      ['get', 'orders/'],
      ['get', `feed/${yesterday}/`],
      ['post', `feed/${yesterday}/settle/`, {}],
      ['get', 'figures/?days=7'],
      ['get', 'audit/'],
    ];
    for (const [method, path, body] of routes) {
      const refused = await (method === 'get' || method === 'delete'
        ? as(player)[method](path)
        : as(player)[method](path, body ?? {}));
      expect([path, refused.status, refused.body]).toEqual([path, 403, { detail: expect.any(String) }]);
    }
    for (const [method, path, body] of routes) {
      const served = await (method === 'get' || method === 'delete'
        ? as(admin)[method](path)
        : as(admin)[method](path, body ?? {}));
      expect([path, served.status]).toEqual([path, expect.any(Number)]);
      expect(served.status).toBeGreaterThanOrEqual(200);
      expect(served.status).toBeLessThan(300);
    }
  });

  describe('templates', () => {
    const listed = async (who: Player) =>
      (
        (
          await request(t.server)
            .get('/api/v1/memes/generations/templates/?pageSize=100')
            .set(bearer(who))
            .expect(200)
        ).body as Page<TemplateDto>
      ).items.map((item) => item.id);

    it('stores an upload disabled with its faces; enabling lists it to players, disabling takes it off', async () => {
      const upload = await request(t.server)
        .post('/api/v1/memes/generations/templates/')
        .set(bearer(admin))
        .field('title', 'Team')
        .attach('image', photo('group-06.jpg'), 'template.jpg')
        .expect(201);
      const id = (upload.body as TemplateDto).id;
      expect((upload.body as TemplateDto).faces.length).toBeGreaterThan(1);
      expect(await listed(player)).not.toContain(id);

      const page = (await as(admin).get('templates/?pageSize=100').expect(200))
        .body as Page<AdminTemplateDto>;
      expect(page.items.find((item) => item.id === id)).toMatchObject({
        enabled: false,
        faces: (upload.body as TemplateDto).faces,
        generations: 0,
        memes: 0,
      });

      expect((await as(admin).post(`templates/${id}/enable/`).expect(200)).body).toMatchObject({
        enabled: true,
      });
      expect(await listed(player)).toContain(id);
      const edited = await as(admin)
        .patch(`templates/${id}/`, {
          title: 'Squad',
          titles: { ru: 'Отряд' },
          caption: 'Us on Friday',
          captions: { ru: 'Мы в пятницу' },
          tags: ['group'],
          isPremium: true,
        })
        .expect(200);
      expect(edited.body).toMatchObject({
        title: 'Squad',
        titles: { ru: 'Отряд' },
        caption: 'Us on Friday',
        captions: { ru: 'Мы в пятницу' },
        tags: ['group'],
        isPremium: true,
      });
      // A blank Russian caption removes it (Russian players get the English one then).
      const cleared = await as(admin)
        .patch(`templates/${id}/`, { captions: { ru: ' ' } })
        .expect(200);
      expect(cleared.body).toMatchObject({ caption: 'Us on Friday', captions: {} });
      await as(admin).patch(`templates/${id}/`, { gender: 'robot' }).expect(400);

      await as(admin).post(`templates/${id}/disable/`).expect(200);
      expect(await listed(player)).not.toContain(id);
      const actions = (await audit('template.disable')).filter((entry) => entry.target === id);
      expect(actions).toEqual([
        expect.objectContaining({
          actor: String(adminTgId),
          before: expect.objectContaining({ enabled: true }),
          after: expect.objectContaining({ enabled: false }),
        }),
      ]);
    });

    it('deletes only an unused template (409 otherwise) and answers 404 for an unknown one', async () => {
      const used = await seedTemplate(t.app, photo('portrait-01.jpg'), { title: 'Used' });
      const [meme] = await seedMemes(t, player, 1, { publish: false });
      await t.dataSource.query('UPDATE memes SET template_id = $1 WHERE id = $2', [used.id, meme!.id]);
      const refused = await as(admin).delete(`templates/${used.id}/`).expect(409);
      expect(refused.body).toEqual({ detail: expect.any(String), code: 'TEMPLATE_IN_USE' });
      expect((await as(admin).get(`templates/${used.id}/`).expect(200)).body).toMatchObject({ memes: 1 });

      const unused = await seedTemplate(t.app, photo('portrait-01.jpg'), { title: 'Unused' });
      await as(admin).delete(`templates/${unused.id}/`).expect(204);
      await as(admin).get(`templates/${unused.id}/`).expect(404);
      await as(admin).delete(`templates/${ZERO_UUID}/`).expect(404);
      await as(admin).post('templates/not-a-uuid/enable/').expect(404);
    });
  });
});
