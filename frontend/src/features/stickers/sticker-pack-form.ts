import type { StickerPackDto, StickerStyle } from '@mememint/contracts';

/**
 * The sticker pack form as a pure reducer: a new pack or one being edited, the memes picked, and the
 * pack just made (then the form gives way to its link). Validation shows only after a first submit.
 */
export interface StickerPackForm {
  title: string;
  selected: ReadonlySet<string>;
  style: StickerStyle;
  /** A submit was tried: missing fields are named from now on. */
  attempted: boolean;
  /** The pack being changed, or null for a new one. */
  editing: StickerPackDto | null;
  /** The pack the last submit made or changed, shown with its link. */
  ready: StickerPackDto | null;
}

export type StickerPackAction =
  | { type: 'title'; title: string }
  | { type: 'toggle'; memeId: string }
  | { type: 'style'; style: StickerStyle }
  | { type: 'attempt' }
  | { type: 'edit'; pack: StickerPackDto }
  | { type: 'done'; pack: StickerPackDto }
  | { type: 'reset' };

export const emptyStickerPackForm: StickerPackForm = {
  title: '',
  selected: new Set(),
  style: 'full',
  attempted: false,
  editing: null,
  ready: null,
};

export function stickerPackFormReducer(state: StickerPackForm, action: StickerPackAction): StickerPackForm {
  switch (action.type) {
    case 'title':
      return { ...state, title: action.title };
    case 'toggle': {
      const selected = new Set(state.selected);
      if (!selected.delete(action.memeId)) selected.add(action.memeId);
      return { ...state, selected };
    }
    case 'style':
      return { ...state, style: action.style };
    case 'attempt':
      return { ...state, attempted: true };
    case 'edit':
      return {
        ...emptyStickerPackForm,
        editing: action.pack,
        title: action.pack.title,
        selected: new Set(action.pack.stickers.map((sticker) => sticker.memeId)),
      };
    case 'done':
      return { ...state, ready: action.pack, editing: null };
    case 'reset':
      return emptyStickerPackForm;
  }
}

/** What the form lacks to be sent (both false once it can go). */
export function missingFields(state: StickerPackForm): { title: boolean; stickers: boolean } {
  return { title: !state.title.trim(), stickers: state.selected.size === 0 };
}

/** An edit as the API takes it: the memes added and removed against the pack as it was. */
export function packChanges(
  pack: StickerPackDto,
  selected: ReadonlySet<string>,
): { add: string[]; remove: string[] } {
  const before = new Set(pack.stickers.map((sticker) => sticker.memeId));
  return {
    add: [...selected].filter((id) => !before.has(id)),
    remove: [...before].filter((id) => !selected.has(id)),
  };
}
