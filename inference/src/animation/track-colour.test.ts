import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { ChannelStats } from '../swap/color-transfer.js';
import { MEASURE_EVERY, TrackColour } from './track-colour.js';

const stats = (l: number): ChannelStats => ({ mean: [l, 10, 15], std: [8, 3, 3] });

describe("a track's colour statistics", () => {
  it('starts at the first measurement and then follows the measurements smoothly, measuring every few frames', () => {
    const track = new TrackColour(0.5);
    let measured = 0;
    const measure = (l: number) => () => {
      measured++;
      return stats(l);
    };
    track.frame(0);
    assert.deepEqual(track.targetSkin(measure(60)), stats(60));
    // The frames in between keep the value without measuring.
    for (let i = 1; i < MEASURE_EVERY; i++) {
      track.frame(i * 0.04);
      assert.deepEqual(track.targetSkin(measure(56)), stats(60));
    }
    assert.equal(measured, 1);
    // A frame whose skin measures 4 L* darker (noise) moves the track by a small step only.
    track.frame(MEASURE_EVERY * 0.04);
    const next = track.targetSkin(measure(56)).mean[0];
    assert.ok(next < 60 && next > 59, `moved to ${next}`);
    // A lasting change is followed within a couple of time constants.
    let l = next;
    for (let i = MEASURE_EVERY + 1; i <= 50; i++) {
      track.frame(i * 0.04);
      l = track.targetSkin(measure(56)).mean[0];
    }
    assert.ok(Math.abs(l - 56) < 0.1, `settled at ${l}`);
    assert.equal(measured, 1 + Math.floor(50 / MEASURE_EVERY));
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
    // Measured on every frame until it has an offset, then on every MEASURE_EVERY-th frame only.
    track.frame(0.04);
    assert.equal(track.light(measure(3)), 3);
    for (let i = 2; i < 2 + MEASURE_EVERY; i++) {
      track.frame(i * 0.04);
      const offset = track.light(measure(i === MEASURE_EVERY ? -3 : null))!;
      if (i < MEASURE_EVERY) assert.equal(offset, 3);
      else assert.ok(offset > 2 && offset < 3, `offset ${offset}`);
    }
    assert.equal(measured, 3);
  });

  it('decides a monochrome template for the track, not frame by frame', () => {
    const tone = { a: [0, 0] as const, b: [5, 0.1] as const };
    // The i-th run of MEASURE_EVERY frames, 1/25 s apart, measuring `measured` on its first.
    const measuredFrame = (track: TrackColour, i: number, measured: typeof tone | null) => {
      let answer = null;
      for (let j = i * MEASURE_EVERY; j < (i + 1) * MEASURE_EVERY; j++) {
        track.frame(j * 0.04);
        answer = track.tone(() => measured);
      }
      return answer;
    };
    const track = new TrackColour();
    assert.deepEqual(measuredFrame(track, 0, tone), tone);
    // One frame measured as coloured (noise) does not switch the tone off...
    assert.deepEqual(measuredFrame(track, 1, null), tone);
    // ...a template that turns coloured for good does.
    let last = measuredFrame(track, 2, null);
    for (let i = 3; last && i < 100; i++) last = measuredFrame(track, i, null);
    assert.equal(last, null);
    // A coloured track stays coloured through a frame that measures monochrome.
    const coloured = new TrackColour();
    assert.equal(measuredFrame(coloured, 0, null), null);
    assert.equal(measuredFrame(coloured, 1, tone), null);
  });
});
