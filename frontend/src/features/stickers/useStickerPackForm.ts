import type { StickerPackDto } from '@mememint/contracts';
import { useReducer } from 'react';

import { haptic } from '../../telegram/sdk';
import { useCreateStickerPack } from './api/create-sticker-pack';
import { useUpdateStickerPack } from './api/update-sticker-pack';
import {
  emptyStickerPackForm,
  missingFields,
  packChanges,
  stickerPackFormReducer,
} from './sticker-pack-form';
import { useStickerProgress } from './useStickerProgress';

/** The sticker pack form's state and what the player does with it: pick, name, send, edit, start anew. */
export function useStickerPackForm() {
  const [form, dispatch] = useReducer(stickerPackFormReducer, emptyStickerPackForm);
  const done = (pack: StickerPackDto) => {
    haptic.success();
    dispatch({ type: 'done', pack });
  };
  const create = useCreateStickerPack({ onSuccess: done });
  const update = useUpdateStickerPack({ onSuccess: done });
  const pending = create.isPending || update.isPending;
  const progress = useStickerProgress(pending);
  const missing = missingFields(form);

  function submit() {
    dispatch({ type: 'attempt' });
    if (missing.title || missing.stickers) {
      haptic.error();
      return;
    }
    const title = form.title.trim();
    if (form.editing)
      update.mutate({ id: form.editing.id, title, ...packChanges(form.editing, form.selected) });
    else create.mutate({ title, memeIds: [...form.selected], style: form.style });
  }

  return {
    form,
    dispatch,
    pending,
    progress,
    /** Named once a submit was tried. */
    titleMissing: form.attempted && missing.title,
    noneSelected: form.attempted && missing.stickers,
    submit,
    toggle(memeId: string) {
      haptic.select();
      dispatch({ type: 'toggle', memeId });
    },
  };
}
