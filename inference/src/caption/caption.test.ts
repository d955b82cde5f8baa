import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { RgbImage } from '../types.js';
import { drawCaption, splitCaption } from './caption.js';

function grey(width: number, height: number): RgbImage {
  return { data: new Uint8Array(width * height * 3).fill(128), width, height };
}

/** Rows whose pixels differ from the plain grey background. */
function inkedRows(image: RgbImage): number[] {
  const rows: number[] = [];
  for (let y = 0; y < image.height; y++) {
    const row = image.data.subarray(y * image.width * 3, (y + 1) * image.width * 3);
    if (row.some((value) => value !== 128)) rows.push(y);
  }
  return rows;
}

function count(image: RgbImage, predicate: (r: number, g: number, b: number) => boolean): number {
  let n = 0;
  for (let i = 0; i < image.data.length; i += 3)
    if (predicate(image.data[i], image.data[i + 1], image.data[i + 2])) n++;
  return n;
}

describe('splitCaption', () => {
  it('puts a single line at the bottom and splits several at the first newline', () => {
    assert.deepEqual(splitCaption('  hello  '), { top: '', bottom: 'hello' });
    assert.deepEqual(splitCaption('top\nbottom\nmore'), { top: 'top', bottom: 'bottom more' });
    assert.deepEqual(splitCaption('\n\n'), { top: '', bottom: '' });
  });
});

describe('drawCaption', () => {
  it('draws a single line at the bottom only, white with a black outline', async () => {
    const image = grey(600, 400);
    await drawCaption(image, 'when the build is green');
    const rows = inkedRows(image);
    assert.ok(rows.length > 0);
    assert.ok(rows[0] > 400 * 0.7, `text starts at row ${rows[0]}`);
    assert.ok(count(image, (r, g, b) => r > 250 && g > 250 && b > 250) > 500, 'white letters');
    assert.ok(count(image, (r, g, b) => r < 5 && g < 5 && b < 5) > 500, 'black outline');
  });

  it('draws top and bottom text, both inside the image width', async () => {
    const image = grey(500, 500);
    await drawCaption(
      image,
      'top text\na much longer bottom line that has to wrap or shrink to fit the width',
    );
    const rows = inkedRows(image);
    assert.ok(rows[0] < 500 * 0.25 && rows[rows.length - 1] > 500 * 0.75);
    for (const x of [0, 1, 498, 499]) {
      for (let y = 0; y < 500; y++)
        assert.equal(image.data[(y * 500 + x) * 3], 128, `margin pixel ${x},${y}`);
    }
  });

  it('renders Cyrillic in Oswald: Cyrillic letters shaped like Latin ones draw identically', async () => {
    const render = async (text: string) => {
      const image = grey(400, 300);
      await drawCaption(image, text);
      return Buffer.from(image.data);
    };
    // Had the font no Cyrillic, Pango would fall back to another font or draw missing-glyph boxes.
    // Oswald draws В, Е, О, С, Т exactly like B, E, O, C, T (some other look-alikes differ slightly).
    for (const [cyrillic, latin] of [
      ['\u0412', 'B'],
      ['\u0415', 'E'],
      ['\u041e', 'O'],
      ['\u0421', 'C'],
      ['\u0422', 'T'],
    ]) {
      const drawn = await render(cyrillic.repeat(3));
      assert.ok(drawn.equals(await render(latin.repeat(3))), `${cyrillic} differs from ${latin}`);
      assert.ok(!drawn.equals(await render('ZZZ')));
    }
  });
});
