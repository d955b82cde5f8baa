import type { StickerPackDto } from '@mememint/contracts';
import { useTranslation } from 'react-i18next';

import { openTelegram } from '../../telegram/sdk';
import { useStickerPacks } from './api/get-sticker-packs';
import { StickerPackEditor } from './StickerPackEditor';
import { useStickerPackForm } from './useStickerPackForm';
import './stickers.css';

/**
 * Sticker packs: pick memes, name the pack, follow the progress, add it to Telegram; the player's
 * packs below, each editable with the same picker.
 */
export function StickerPacks() {
  const { t } = useTranslation();
  const { form, dispatch, pending, progress, titleMissing, noneSelected, submit, toggle } =
    useStickerPackForm();
  const packs = useStickerPacks();
  return (
    <>
      {form.ready ? (
        <section className="section" data-testid="sticker-pack-ready">
          <h2>{t('stickers.created')}</h2>
          <p>
            {form.ready.title} · {t('stickers.count', { count: form.ready.stickers.length })}
          </p>
          <button type="button" className="button" onClick={() => openTelegram(form.ready!.link)}>
            {t('stickers.open')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => dispatch({ type: 'reset' })}
          >
            {t('stickers.another')}
          </button>
        </section>
      ) : (
        <StickerPackEditor
          form={form}
          dispatch={dispatch}
          pending={pending}
          progress={progress}
          titleMissing={titleMissing}
          noneSelected={noneSelected}
          onSubmit={submit}
          onToggle={toggle}
        />
      )}
      {packs.data && packs.data.items.length > 0 && (
        <PackList
          packs={packs.data.items}
          pending={pending}
          onEdit={(pack) => dispatch({ type: 'edit', pack })}
        />
      )}
    </>
  );
}

function PackList({
  packs,
  pending,
  onEdit,
}: {
  packs: StickerPackDto[];
  pending: boolean;
  onEdit: (pack: StickerPackDto) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="section">
      <h2>{t('stickers.yourPacks')}</h2>
      <ul className="sticker-packs">
        {packs.map((item) => (
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
              onClick={() => onEdit(item)}
              disabled={pending}
              aria-label={t('stickers.editPack', { title: item.title })}
            >
              {t('stickers.edit')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
