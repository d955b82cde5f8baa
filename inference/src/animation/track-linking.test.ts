import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { linkFragments, type TrackFragment } from './track-linking.js';

/** A descriptor-like vector for person `p` (faceres values ≥ 0), a little different per sample. */
function look(person: number, sample: number): Float32Array {
  return Float32Array.from({ length: 1024 }, (_, i) =>
    Math.max(0, Math.sin(i * (person + 1) * 0.37) + 0.01 * Math.sin(i * 3.1 + sample)),
  );
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function fragment(person: number, from: number, to: number, width = 200): TrackFragment {
  return { frames: range(from, to), descriptors: [look(person, from)], width };
}

describe('linking track fragments', () => {
  it('joins the fragments of one person that never share a frame (two faces crossing)', () => {
    const groups = linkFragments(
      [fragment(0, 0, 50), fragment(1, 0, 179), fragment(0, 130, 179), fragment(0, 52, 55)],
      30,
    );
    // The 4-frame piece is joined too: it is the same person and fits between the others.
    assert.deepEqual(groups, [[0, 2, 3], [1]]);
  });

  it('keeps people apart, and fragments that overlap in time or differ much in size', () => {
    assert.deepEqual(linkFragments([fragment(0, 0, 40), fragment(1, 60, 100)], 25), [[0], [1]]);
    assert.deepEqual(linkFragments([fragment(0, 0, 40), fragment(0, 30, 100)], 25), [[0], [1]]);
    assert.deepEqual(linkFragments([fragment(0, 0, 40, 100), fragment(0, 60, 100, 300)], 25), [[0], [1]]);
  });

  it('drops what stays shorter than the minimum length', () => {
    assert.deepEqual(linkFragments([fragment(0, 0, 100), fragment(1, 20, 24)], 25), [[0]]);
  });
});
