import { STICKER_STYLES, type StickerPackProgress } from '@mememint/contracts';
import type { Dispatch, FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useMyMemesFirstPage } from '../memes';
import { haptic } from '../../telegram/sdk';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import type { StickerPackAction, StickerPackForm } from './sticker-pack-form';
import { QueryFallback } from '../../ui/QueryFallback';
import { MemePicture } from '../../ui/MemePicture';
import { EmptyState } from '../../ui/brand/EmptyState';
import { ImageIcon } from '../../ui/brand/game-icons';

interface Props {
  form: StickerPackForm;
  dispatch: Dispatch<StickerPackAction>;
  pending: boolean;
  progress: StickerPackProgress | null;
  titleMissing: boolean;
  noneSelected: boolean;
  onSubmit: () => void;
  onToggle: (memeId: string) => void;
}

/** A new pack or one being edited (docs/SPEC.md §5: a title and at least one sticker), then its progress. */
export function StickerPackEditor({
  form,
  dispatch,
  pending,
  progress,
  titleMissing,
  noneSelected,
  onSubmit,
  onToggle,
}: Props) {
  const { t } = useTranslation();
  const memes = useMyMemesFirstPage();
  const { editing, selected } = form;
  // No memes yet, nothing to make stickers of: the empty state above the button says why it is off.
  const noMemes = memes.data?.items.length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="section" onSubmit={submit} noValidate>
      {editing && <h2>{t('stickers.editing', { title: editing.title })}</h2>}
      <label className="field">
        <span className="field__label">{t('stickers.packTitle')}</span>
        <input
          className={`input${titleMissing ? ' input--invalid' : ''}`}
          value={form.title}
          maxLength={64}
          placeholder={t('stickers.packTitlePlaceholder')}
          onChange={(e) => dispatch({ type: 'title', title: e.target.value })}
          aria-invalid={titleMissing}
        />
        {titleMissing && (
          <span className="field__error" role="alert">
            {t('errors.fieldRequired')}
          </span>
        )}
      </label>
      {/* A pack keeps the style it was made with: added memes follow it. */}
      {!editing && (
        <fieldset className="field" disabled={pending}>
          <legend className="field__label">{t('stickers.style')}</legend>
          <ChoiceGroup
            kind="radio"
            options={STICKER_STYLES}
            value={form.style}
            onChange={(style) => {
              haptic.select();
              dispatch({ type: 'style', style });
            }}
            label={(option) => t(`stickers.styles.${option}`)}
            className="chips"
            itemClassName="chip"
          />
          <span className="muted">{t(`stickers.styleHints.${form.style}`)}</span>
        </fieldset>
      )}
      <h2>{t('stickers.choose')}</h2>
      {!memes.data && <QueryFallback query={memes} />}
      {noMemes && <EmptyState art={<ImageIcon size={34} />} text={t('stickers.noMemes')} />}
      <div className="meme-grid">
        {memes.data?.items.map((meme, index) => (
          <button
            key={meme.id}
            type="button"
            className={`meme-tile meme-tile--pick${selected.has(meme.id) ? ' is-selected' : ''}`}
            aria-pressed={selected.has(meme.id)}
            disabled={pending}
            onClick={() => onToggle(meme.id)}
          >
            <MemePicture
              className="meme-tile__picture"
              src={meme.thumbnailUrl}
              alt={meme.text || t('common.memeNumber', { number: index + 1 })}
              loading="lazy"
            />
          </button>
        ))}
      </div>
      {noneSelected && (
        <p className="field__error" role="alert">
          {t('errors.selectSticker')}
        </p>
      )}
      {selected.size > 0 && <p className="muted">{t('stickers.selected', { count: selected.size })}</p>}
      {pending && <PackProgress progress={progress} total={selected.size} />}
      <button type="submit" className="button" disabled={pending || noMemes}>
        {editing ? t('stickers.save') : t('stickers.create')}
      </button>
      {editing && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => dispatch({ type: 'reset' })}
          disabled={pending}
        >
          {t('stickers.cancel')}
        </button>
      )}
    </form>
  );
}

/** The stickers made so far (`stickers:progress`), out of the memes picked until the first report. */
function PackProgress({ progress, total }: { progress: StickerPackProgress | null; total: number }) {
  const { t } = useTranslation();
  const done = progress?.done ?? 0;
  const of = progress?.total ?? total;
  return (
    <div role="status" data-testid="sticker-progress">
      <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={of} aria-valuenow={done}>
        <div
          className="progress__fill"
          style={{ width: `${progress ? (100 * progress.done) / Math.max(1, progress.total) : 0}%` }}
        />
      </div>
      <p className="progress__value">{t('stickers.progress', { done, total: of })}</p>
    </div>
  );
}
