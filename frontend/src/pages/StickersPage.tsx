import type { StickerPackDto } from '@mememint/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMyMemesFirstPage } from '../features/memes';
import { useCreateStickerPack } from '../features/stickers';
import { haptic, openTelegram } from '../telegram/sdk';
import { Spinner } from '../ui/Spinner';
import { useBackButton } from '../ui/useBackButton';

/** Sticker packs: pick memes, name the pack (SEED-SPEC §5: a title and at least one sticker). */
export function StickersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useBackButton(() => void navigate('/main'));
  const [title, setTitle] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [pack, setPack] = useState<StickerPackDto | null>(null);

  const memes = useMyMemesFirstPage();
  const create = useCreateStickerPack({
    onSuccess: (created) => {
      haptic.success();
      setPack(created);
    },
  });

  const titleMissing = attempted && !title.trim();
  const noneSelected = attempted && selected.size === 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (!title.trim() || selected.size === 0) {
      haptic.error();
      return;
    }
    create.mutate({ title: title.trim(), memeIds: [...selected] });
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
        <section className="section">
          <h2>{t('stickers.created')}</h2>
          <p>{pack.title}</p>
          <button type="button" className="button" onClick={() => openTelegram(pack.link)}>
            {t('stickers.open')}
          </button>
        </section>
      ) : (
        <form className="section" onSubmit={submit} noValidate>
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
          <button type="submit" className="button" disabled={create.isPending}>
            {t('stickers.create')}
          </button>
        </form>
      )}
    </div>
  );
}
