import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import request from 'supertest';

import { runAdminCli } from './helpers/admin-cli.js';
import { bearer, createTemplate, download, me, newPlayer, photo, type Player } from './helpers/memes.js';
import { loginAs, newTgId } from './helpers/telegram-login.js';
import type { TestApp } from './helpers/test-app.js';
import { adminAppWithWorker } from './helpers/worker-suites.js';

// Apps boot slowly on a shared machine, and some tests here start the admin CLI as its own process (Node and the TypeScript loader each time):
// seconds apiece on a busy box.
jest.setTimeout(180_000);

describe('memes, templates and media', () => {
  const suite = adminAppWithWorker();
  const { adminTgId } = suite;
  let t: TestApp;
  let admin: Player;
  beforeAll(() => {
    ({ t, admin } = suite);
  });

  describe('templates', () => {
    /** A tag's templates as a Russian and an English player see them: [id, field] in list order. */
    const seenInBothLanguages = async (tag: string, field: 'title' | 'caption') => {
      const list = async (token: string) =>
        (
          await request(t.server)
            .get(`/api/v1/memes/generations/templates/?tag=${tag}`)
            .set({ Authorization: `Bearer ${token}` })
            .expect(200)
        ).body.items.map((x: Record<string, string>) => [x.id, x[field]]);
      const russian = await loginAs(t.server, t.config, { id: newTgId(), language_code: 'ru' });
      const english = await newPlayer(t.server, t.config);
      return { ru: await list(russian.jwtToken), en: await list(english.token) };
    };

    it('admins add templates with a face; the list filters by tag and gender', async () => {
      const tag = `t${adminTgId}`;
      const woman = await createTemplate(t.server, admin, photo('portrait-07.jpg'), {
        title: 'Studio',
        caption: 'Top text\nBottom text',
        tags: `${tag}, Studio`,
        gender: 'female',
      });
      const size = await sharp(photo('portrait-07.jpg')).metadata();
      expect(woman).toMatchObject({
        title: 'Studio',
        caption: 'Top text\nBottom text',
        tags: [tag, 'studio'],
        gender: 'female',
        isPremium: false,
        width: size.width,
        height: size.height,
      });
      const man = await createTemplate(t.server, admin, photo('portrait-01.jpg'), {
        title: 'Glasses',
        tags: tag,
        gender: 'male',
        isPremium: 'true',
      });
      expect(man).toMatchObject({ isPremium: true, caption: null });
      expect((await download(t.server, man.imageUrl)).headers['content-type']).toBe('image/jpeg');

      const player = await newPlayer(t.server, t.config);
      const byTag = await request(t.server)
        .get(`/api/v1/memes/generations/templates/?tag=${tag}`)
        .set(bearer(player))
        .expect(200);
      expect(byTag.body.items.map((x: { id: string }) => x.id)).toEqual([man.id, woman.id]);
      const byGender = await request(t.server)
        .get(`/api/v1/memes/generations/templates/?tag=${tag}&gender=female`)
        .set(bearer(player))
        .expect(200);
      expect(byGender.body).toMatchObject({ total: 1, items: [{ id: woman.id }] });
      await request(t.server)
        .get('/api/v1/memes/generations/templates/?gender=robot')
        .set(bearer(player))
        .expect(400);
    });

    it('titles a template in the player’s language when it has a title in it, else in English', async () => {
      const tag = `l${adminTgId}`;
      const titled = await createTemplate(t.server, admin, photo('portrait-07.jpg'), {
        title: 'Curly classic',
        'titles[ru]': 'Кудрявая классика',
        tags: tag,
      });
      const englishOnly = await createTemplate(t.server, admin, photo('portrait-01.jpg'), {
        title: 'Glasses',
        tags: tag,
      });
      expect(await seenInBothLanguages(tag, 'title')).toEqual({
        ru: [
          [englishOnly.id, 'Glasses'],
          [titled.id, 'Кудрявая классика'],
        ],
        en: [
          [englishOnly.id, 'Glasses'],
          [titled.id, 'Curly classic'],
        ],
      });

      for (const [field, value] of [
        ['titles[de]', 'Lockig'],
        ['titles[ru]', ''],
        ['titles[ru]', 'x'.repeat(121)],
      ] as const) {
        const refused = await request(t.server)
          .post('/api/v1/memes/generations/templates/')
          .set(bearer(admin))
          .field('title', 'Refused')
          .field(field, value)
          .attach('image', photo('portrait-07.jpg'), 'template.jpg')
          .expect(400);
        expect(refused.body.detail).toContain('titles');
      }
    });

    it('captions a template in the player’s language when it has a caption in it, else in English', async () => {
      const tag = `c${adminTgId}`;
      const captioned = await createTemplate(t.server, admin, photo('portrait-07.jpg'), {
        title: 'Curly classic',
        caption: 'When the build is green',
        'captions[ru]': '  Когда сборка зелёная ',
        tags: tag,
      });
      const englishOnly = await createTemplate(t.server, admin, photo('portrait-01.jpg'), {
        title: 'Glasses',
        caption: 'Monday again',
        'captions[ru]': ' ',
        tags: tag,
      });
      expect(await seenInBothLanguages(tag, 'caption')).toEqual({
        ru: [
          [englishOnly.id, 'Monday again'],
          [captioned.id, 'Когда сборка зелёная'],
        ],
        en: [
          [englishOnly.id, 'Monday again'],
          [captioned.id, 'When the build is green'],
        ],
      });

      const refused = await request(t.server)
        .post('/api/v1/memes/generations/templates/')
        .set(bearer(admin))
        .field('title', 'Refused')
        .field('captions[de]', 'Wenn der Build grün ist')
        .attach('image', photo('portrait-07.jpg'), 'template.jpg')
        .expect(400);
      expect(refused.body.detail).toContain('captions');
    });

    it('`npm run admin -- grant <tgId>` makes an existing player an admin', async () => {
      const player = await newPlayer(t.server, t.config);
      const admin = (args: string[]) => runAdminCli(args, { DATABASE_URL: t.database.url });

      expect(await admin(['grant', String(player.tgId)])).toEqual({
        code: 0,
        output: `User ${player.tgId} is now an admin.\n`,
      });
      expect((await me(t.server, player)).isAdmin).toBe(true);
      await createTemplate(t.server, player, photo('portrait-01.jpg'), { title: 'By a new admin' });

      expect((await admin(['grant', String(newTgId())])).code).toBe(1);
      expect((await admin(['grant', 'someone'])).code).toBe(2);
    });

    it('refuses players who are not admins', async () => {
      const player = await newPlayer(t.server, t.config);
      await request(t.server)
        .post('/api/v1/memes/generations/templates/')
        .set(bearer(player))
        .field('title', 'Mine')
        .attach('image', photo('portrait-01.jpg'), 'a.jpg')
        .expect(403);
    });
  });
});
