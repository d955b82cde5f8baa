import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import sharp from 'sharp';

import { launchBrowser } from '../browser.js';
import { FRONTEND_DIR, startStack } from '../stack.js';
import {
  likesCounted,
  SCREENS,
  seedWorld,
  SHEET_STACK_ENV,
  THEMES,
  walkScreens,
  type Theme,
} from './screens.js';

/** Where `npm run screenshots -w frontend` puts the sheets frontend/README.md shows (committed). */
export const SHEET_DIR = join(FRONTEND_DIR, 'docs', 'screens');
const COLUMNS = 7;
const TILE = { width: 195, height: 422 };
const LABEL = 26;
const GAP = 12;

/** One theme's screens side by side at half size, each under its name: a WEBP of a few hundred KB. */
async function composeSheet(theme: Theme, shots: Map<string, string>, file: string): Promise<void> {
  const rows = Math.ceil(SCREENS.length / COLUMNS);
  const width = COLUMNS * (TILE.width + GAP) + GAP;
  const height = rows * (TILE.height + LABEL + GAP) + GAP;
  const tiles = await Promise.all(
    SCREENS.map(async (screen, i) => {
      const left = GAP + (i % COLUMNS) * (TILE.width + GAP);
      const top = GAP + Math.floor(i / COLUMNS) * (TILE.height + LABEL + GAP);
      const label = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE.width}" height="${LABEL}">` +
          `<text x="0" y="18" font-family="sans-serif" font-size="15" font-weight="700" ` +
          `fill="${theme === 'dark' ? '#f5f5f5' : '#111111'}">${screen}</text></svg>`,
      );
      const image = await sharp(shots.get(screen)!).resize(TILE.width, TILE.height).toBuffer();
      return [
        { input: label, left, top },
        { input: image, left, top: top + LABEL },
      ];
    }),
  );
  await sharp({
    create: { width, height, channels: 3, background: theme === 'dark' ? '#0e1621' : '#e9e9ee' },
  })
    .composite(tiles.flat())
    .webp({ quality: 72, effort: 5 })
    .toFile(file);
}

/**
 * The screenshot sheet (issue 27), deterministic (two runs give the same PNGs): a fresh stack with
 * seeded players and memes (fixed ids, a deck ranked without randomness, nothing on screen that moves
 * with the server's clock), one phone per theme (390×844, reduced motion, frozen clock, animations off)
 * through every screen; a PNG per screen and theme in
 * `shotDir`, a WEBP sheet per theme in `sheetDir`. Returns the PNGs by `<theme>/<screen>`.
 */
export async function makeScreenshotSheet(
  shotDir: string,
  sheetDir = SHEET_DIR,
): Promise<Map<string, string>> {
  const stack = await startStack(SHEET_STACK_ENV);
  // Every repaint rasters whole tiles: a partial raster of just the changed rows (a counter's text,
  // a dismissed tip) drew the shadows and the round edges it crossed a level or two apart from a
  // full one, so the pixels depended on what changed before the shot.
  const browser = await launchBrowser(['--disable-partial-raster']);
  const all = new Map<string, string>();
  try {
    const shareId = await seedWorld(stack);
    mkdirSync(sheetDir, { recursive: true });
    for (const theme of THEMES) {
      const shots = new Map<string, string>();
      mkdirSync(join(shotDir, theme), { recursive: true });
      // The first theme's player liked memes: counted before the next deck is dealt.
      await likesCounted(stack);
      await walkScreens(browser, stack, theme, shareId, async (page, screen) => {
        const path = join(shotDir, theme, `${screen}.png`);
        await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
        shots.set(screen, path);
        all.set(`${theme}/${screen}`, path);
      });
      await composeSheet(theme, shots, join(sheetDir, `sheet-${theme}.webp`));
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
  return all;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const shotDir = join(FRONTEND_DIR, 'e2e', 'output', 'screens');
  const shots = await makeScreenshotSheet(shotDir);
  console.log(`${shots.size} screens in ${shotDir}; sheets in ${SHEET_DIR}`);
}
