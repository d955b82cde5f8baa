import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

import sharp from 'sharp';

import { makeScreenshotSheet } from './sheet/make-sheet.js';
import { ROUTE_SCREENS, SCREENS, THEMES } from './sheet/screens.js';
import { FRONTEND_DIR } from './stack.js';

/** `npm run screenshots -w frontend` as CI runs it: every route in both themes, and the two sheets. */
const out = mkdtempSync(join(tmpdir(), 'mm-screens-'));
after(() => rmSync(out, { recursive: true, force: true }));

describe('the screenshot sheet', () => {
  it('has a screen for every route of the router', () => {
    const router = readFileSync(join(FRONTEND_DIR, 'src', 'app', 'router.tsx'), 'utf8');
    const paths = [...router.matchAll(/<Route\s+path=(?:"([^"]+)"|\{(\w+)\})/g)].map(
      ([, text, name]) => text ?? name,
    );
    assert.ok(paths.length > 10, 'the routes are read from router.tsx');
    assert.deepEqual([...paths].sort(), Object.keys(ROUTE_SCREENS).sort());
    for (const screen of Object.values(ROUTE_SCREENS))
      if (screen !== null) assert.ok(SCREENS.includes(screen), `${screen} is on the sheet`);
  });

  it(
    'shoots every screen in the light and the dark theme and puts each theme on one sheet',
    { timeout: 600_000 },
    async () => {
      const shots = await makeScreenshotSheet(join(out, 'shots'), join(out, 'sheets'));
      const expected = THEMES.flatMap((theme) => SCREENS.map((screen) => `${theme}/${screen}`));
      assert.deepEqual([...shots.keys()].sort(), expected.sort());
      for (const [name, file] of shots) {
        const { width, height } = await sharp(file).metadata();
        assert.deepEqual({ name, width, height }, { name, width: 390, height: 844 });
      }
      // The two themes differ (the dark one is darker on average).
      const mean = async (theme: string) =>
        (await sharp(shots.get(`${theme}/main`)!).stats()).channels[0]!.mean;
      assert.ok((await mean('dark')) < (await mean('light')));
      for (const theme of THEMES) {
        const sheet = await sharp(join(out, 'sheets', `sheet-${theme}.webp`)).metadata();
        assert.equal(sheet.format, 'webp');
      }
    },
  );
});
