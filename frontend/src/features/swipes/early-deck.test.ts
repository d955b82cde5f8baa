import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import { DECK_SIZE } from './api/get-deck';

describe('the deck index.html asks for before the scripts (lib/early-requests)', () => {
  it('is the request the deck query makes, so the app takes its answer', () => {
    const html = readFileSync(resolve(__dirname, '../../../index.html'), 'utf8');
    expect(html).toContain(`early('GET', '/v1/swipes/?limit=${DECK_SIZE}', token)`);
  });

  it("fetches the first card's WEBP thumbnail, the picture the card shows first (SwipeCard)", () => {
    const html = readFileSync(resolve(__dirname, '../../../index.html'), 'utf8');
    expect(html).toContain('new Image().src = first.thumbnailUrl');
  });
});
