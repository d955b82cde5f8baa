import type { MemeDto } from '@mememint/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memeLink } from '../../lib/config';
import { haptic, saveFile, shareLink } from '../../telegram/sdk';
import { toast } from '../../ui/toast';
import { useUpdateMeme } from '../memes';

/** A finished meme with share, save, publish-to-feed and caption edit. */
export function MemeResult({ meme: initial }: { meme: MemeDto }) {
  const { t } = useTranslation();
  const [meme, setMeme] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(initial.text ?? '');

  const update = useUpdateMeme(meme.id, {
    onSuccess: (updated, body) => {
      haptic.success();
      setMeme(updated);
      if (body.text !== undefined) {
        setEditing(false);
        toast.success(t('create.captionSaved'));
      }
    },
  });

  return (
    <div className="meme-result">
      <img
        className="meme-result__image"
        src={meme.imageUrl}
        alt={meme.text ?? ''}
        data-testid="meme-result"
      />
      {editing && (
        <div className="field">
          <textarea
            className="input"
            rows={2}
            maxLength={200}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-label={t('create.captionLabel')}
          />
          <button
            type="button"
            className="button button--small"
            disabled={update.isPending}
            onClick={() => update.mutate({ text: text.trim() })}
          >
            {t('create.saveCaption')}
          </button>
        </div>
      )}
      <div className="meme-result__actions">
        <button
          type="button"
          className="button"
          onClick={() => shareLink(memeLink(meme.shareId), t('create.shareText'))}
        >
          {t('common.share')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => saveFile(meme.imageUrl, `meme-${meme.shareId}.jpg`)}
        >
          {t('common.save')}
        </button>
        {!editing && (
          <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
            {t('create.editCaption')}
          </button>
        )}
        {meme.isPublished ? (
          <p className="success-text">{t('create.published')}</p>
        ) : (
          <button
            type="button"
            className="button button--accent"
            disabled={update.isPending}
            onClick={() => update.mutate({ isPublished: true })}
          >
            {t('create.publish')}
          </button>
        )}
      </div>
    </div>
  );
}
