import { STICKER_STYLES, type StickerPackDto, type StickerStyle } from '@mememint/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMyMemesFirstPage } from '../features/memes';
import {
  useCreateStickerPack,
  useStickerPacks,
  useStickerProgress,
  useUpdateStickerPack,
} from '../features/stickers';
import { haptic, openTelegram } from '../telegram/sdk';
import { ChoiceGroup } from '../ui/ChoiceGroup';
import { Spinner } from '../ui/Spinner';
import { useBackButton } from '../ui/useBackButton';

/**
 * Sticker packs: pick memes, name the pack (docs/SPEC.md §5: a title and at least one sticker), follow
 * the progress, add it to Telegram; the player's packs below, each editable with the same picker.
 */
export function StickersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useBackButton(() => void navigate('/main'));
  const [title, setTitle] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [style, setStyle] = useState<StickerStyle>('full');
  const [attempted, setAttempted] = useState(false);
  const [pack, setPack] = useState<StickerPackDto | null>(null);
  const [editing, setEditing] = useState<StickerPackDto | null>(null);

  const memes = useMyMemesFirstPage();
  const packs = useStickerPacks();
  const done = (result: StickerPackDto) => {
    haptic.success();
    setPack(result);
    setEditing(null);
  };
  const create = useCreateStickerPack({ onSuccess: done });
  const update = useUpdateStickerPack({ onSuccess: done });
  const pending = create.isPending || update.isPending;
  const progress = useStickerProgress(pending);

  const titleMissing = attempted && !title.trim();
  const noneSelected = attempted && selected.size === 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (!title.trim() || selected.size === 0) {
      haptic.error();
      return;
    }
    if (!editing) {
      create.mutate({ title: title.trim(), memeIds: [...selected], style });
      return;
    }
    const before = new Set(editing.stickers.map((sticker) => sticker.memeId));
    update.mutate({
      id: editing.id,
      title: title.trim(),
      add: [...selected].filter((id) => !before.has(id)),
      remove: [...before].filter((id) => !selected.has(id)),
    });
  }

  function startEdit(target: StickerPackDto) {
    setPack(null);
    setEditing(target);
    setTitle(target.title);
    setSelected(new Set(target.stickers.map((sticker) => sticker.memeId)));
    setAttempted(false);
  }

  function startNew() {
    setPack(null);
    setEditing(null);
    setTitle('');
    setSelected(new Set());
    setStyle('full');
    setAttempted(false);
  }

  function toggle(id: string) {
    haptic.select();
    setSelected((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  return (
    <div className="page">
      <h1>{t('stickers.title')}</h1>
      <p className="muted">{t('stickers.text')}</p>
      {pack ? (
        <section className="section" data-testid="sticker-pack-ready">
          <h2>{t('stickers.created')}</h2>
          <p>
            {pack.title} · {t('stickers.count', { count: pack.stickers.length })}
          </p>
          <button type="button" className="button" onClick={() => openTelegram(pack.link)}>
            {t('stickers.open')}
          </button>
          <button type="button" className="button button--secondary" onClick={startNew}>
            {t('stickers.another')}
          </button>
        </section>
      ) : (
        <form className="section" onSubmit={submit} noValidate>
          {editing && <h2>{t('stickers.editing', { title: editing.title })}</h2>}
          <label className="field">
            <span className="field__label">{t('stickers.packTitle')}</span>
            <input
              className={`input${titleMissing ? ' input--invalid' : ''}`}
              value={title}
              maxLength={64}
              placeholder={t('stickers.packTitlePlaceholder')}
              onChange={(e) => setTitle(e.target.value)}
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
                value={style}
                onChange={(next) => {
                  haptic.select();
                  setStyle(next);
                }}
                label={(option) => t(`stickers.styles.${option}`)}
                className="chips"
                itemClassName="chip"
              />
              <span className="muted">{t(`stickers.styleHints.${style}`)}</span>
            </fieldset>
          )}
          <h2>{t('stickers.choose')}</h2>
          {memes.isPending && <Spinner />}
          {memes.data?.items.length === 0 && <p className="empty">{t('stickers.noMemes')}</p>}
          <div className="meme-grid">
            {memes.data?.items.map((meme, index) => (
              <button
                key={meme.id}
                type="button"
                className={`meme-tile meme-tile--pick${selected.has(meme.id) ? ' is-selected' : ''}`}
                aria-pressed={selected.has(meme.id)}
                disabled={pending}
                onClick={() => toggle(meme.id)}
              >
                <img
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
          {pending && (
            <div role="status" data-testid="sticker-progress">
              <div
                className="progress"
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={progress?.total ?? selected.size}
                aria-valuenow={progress?.done ?? 0}
              >
                <div
                  className="progress__fill"
                  style={{ width: `${progress ? (100 * progress.done) / Math.max(1, progress.total) : 0}%` }}
                />
              </div>
              <p className="progress__value">
                {t('stickers.progress', {
                  done: progress?.done ?? 0,
                  total: progress?.total ?? selected.size,
                })}
              </p>
            </div>
          )}
          <button type="submit" className="button" disabled={pending}>
            {editing ? t('stickers.save') : t('stickers.create')}
          </button>
          {editing && (
            <button type="button" className="button button--secondary" onClick={startNew} disabled={pending}>
              {t('stickers.cancel')}
            </button>
          )}
        </form>
      )}
      {packs.data && packs.data.items.length > 0 && (
        <section className="section">
          <h2>{t('stickers.yourPacks')}</h2>
          <ul className="sticker-packs">
            {packs.data.items.map((item) => (
              <li key={item.id} className="sticker-packs__item">
                <span>
                  {item.title} · {t('stickers.count', { count: item.stickers.length })}
                </span>
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => openTelegram(item.link)}
                  aria-label={t('stickers.openPack', { title: item.title })}
                >
                  {t('stickers.open')}
                </button>
                <button
                  type="button"
                  className="button button--small button--secondary"
                  onClick={() => startEdit(item)}
                  disabled={pending}
                  aria-label={t('stickers.editPack', { title: item.title })}
                >
                  {t('stickers.edit')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
