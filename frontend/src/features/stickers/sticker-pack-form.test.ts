import type { StickerPackDto } from '@mememint/contracts';
import { describe, expect, it } from 'vitest';

import {
  emptyStickerPackForm,
  missingFields,
  packChanges,
  stickerPackFormReducer as reduce,
  type StickerPackAction,
  type StickerPackForm,
} from './sticker-pack-form';

const pack: StickerPackDto = {
  id: 'p1',
  name: 'mine_p1_by_bot',
  title: 'Mine',
  link: 'https://t.me/addstickers/mine_p1_by_bot',
  stickers: [
    { memeId: 'a', fileId: 'f-a' },
    { memeId: 'b', fileId: 'f-b' },
  ],
};

const run = (...actions: StickerPackAction[]): StickerPackForm =>
  actions.reduce(reduce, emptyStickerPackForm);

describe('the sticker pack form', () => {
  it('toggles a meme in and out of the pick', () => {
    expect([...run({ type: 'toggle', memeId: 'a' }).selected]).toEqual(['a']);
    expect(run({ type: 'toggle', memeId: 'a' }, { type: 'toggle', memeId: 'a' }).selected.size).toBe(0);
  });

  it('names what is missing, for the player only after a first submit', () => {
    expect(missingFields(emptyStickerPackForm)).toEqual({ title: true, stickers: true });
    const filled = run({ type: 'title', title: '  Two  ' }, { type: 'toggle', memeId: 'a' });
    expect(missingFields(filled)).toEqual({ title: false, stickers: false });
    expect(missingFields(run({ type: 'title', title: '   ' }))).toEqual({ title: true, stickers: true });
    expect(emptyStickerPackForm.attempted).toBe(false);
    expect(run({ type: 'attempt' }).attempted).toBe(true);
  });

  it('editing starts from the pack as it is; the edit sends what was added and removed', () => {
    const editing = run({ type: 'style', style: 'face' }, { type: 'attempt' }, { type: 'edit', pack });
    expect(editing).toMatchObject({ title: 'Mine', editing: pack, attempted: false, style: 'full' });
    expect([...editing.selected]).toEqual(['a', 'b']);
    const changed = [
      { type: 'toggle', memeId: 'a' },
      { type: 'toggle', memeId: 'c' },
    ] as const;
    expect(packChanges(pack, changed.reduce(reduce, editing).selected)).toEqual({
      add: ['c'],
      remove: ['a'],
    });
  });

  it('a pack made or changed is shown ready and ends the edit; reset starts anew', () => {
    const done = run({ type: 'edit', pack }, { type: 'done', pack });
    expect(done.ready).toBe(pack);
    expect(done.editing).toBeNull();
    expect(reduce(done, { type: 'reset' })).toEqual(emptyStickerPackForm);
  });
});
