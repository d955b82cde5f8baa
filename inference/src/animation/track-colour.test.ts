import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { ChannelStats } from '../swap/color-transfer.js';
import { LIGHT_EVERY, TrackColour } from './track-colour.js';

const stats = (l: number): ChannelStats => ({ mean: [l, 10, 15], std: [8, 3, 3] });

describe("a track's colour statistics", () => {
  it('starts at the first measurement and then follows the measurements smoothly', () => {
    const track = new TrackColour(0.5);
    track.frame(0);
    assert.deepEqual(track.targetSkin(stats(60)), stats(60));
    // A frame whose skin measures 4 L* darker (noise) moves the track by a small step only, 1/25 s on.
    track.frame(0.04);
    const next = track.targetSkin(stats(56)).mean[0];
    assert.ok(next < 60 && next > 59.5, `moved to ${next}`);
    // A lasting change is followed within a couple of time constants.
    let l = next;
    for (let i = 2; i <= 50; i++) {
      track.frame(i * 0.04);
      l = track.targetSkin(stats(56)).mean[0];
    }
    assert.ok(Math.abs(l - 56) < 0.1, `settled at ${l}`);
  });

  it('keeps its light offset through frames where nothing could be measured', () => {
    const track = new TrackColour();
    let measured = 0;
    const measure = (value: number | null) => () => {
      measured++;
      return value;
    };
    track.frame(0);
    assert.equal(track.light(measure(null)), null);
    // Measured on every frame until it has an offset, then on every LIGHT_EVERY-th frame only.
    track.frame(0.04);
    assert.equal(track.light(measure(3)), 3);
    for (let i = 2; i < 2 + LIGHT_EVERY; i++) {
      track.frame(i * 0.04);
      const offset = track.light(measure(i === LIGHT_EVERY ? -3 : null))!;
      if (i < LIGHT_EVERY) assert.equal(offset, 3);
      else assert.ok(offset > 2 && offset < 3, `offset ${offset}`);
    }
    assert.equal(measured, 3);
  });

  it('decides a monochrome template for the track, not frame by frame', () => {
    const tone = { a: [0, 0] as const, b: [5, 0.1] as const };
    const track = new TrackColour();
    track.frame(0);
    assert.deepEqual(track.tone(tone), tone);
    // One frame measured as coloured (noise) does not switch the tone off...
    track.frame(0.04);
    assert.deepEqual(track.tone(null), tone);
    // ...a template that turns coloured for good does.
    let last = track.tone(null);
    for (let i = 2; last && i < 100; i++) {
      track.frame(i * 0.04);
      last = track.tone(null);
    }
    assert.equal(last, null);
    // A coloured track stays coloured through a frame that measures monochrome.
    const coloured = new TrackColour();
    coloured.frame(0);
    assert.equal(coloured.tone(null), null);
    coloured.frame(0.04);
    assert.equal(coloured.tone(tone), null);
  });
});
