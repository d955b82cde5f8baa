import { ErrorText, type MemeDto } from '@mememint/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../lib/api-errors';
import { useSocket } from '../../lib/realtime';
import { memeLink } from '../../lib/config';
import { haptic, saveFile, shareLink } from '../../telegram/sdk';
import { DownloadIcon, EditIcon, ShareIcon } from '../../ui/icons';
import { AnimatedMeme } from '../../ui/meme-video/AnimatedMeme';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { useUpdateMeme } from '../memes';
import { CardMarks, shareMessage } from '../trust';
import { CaptionField } from './CaptionField';
import './create-meme.css';

/**
 * While an animated meme's caption edit renders its video again: the render's progress (the server's
 * `meme:caption-progress`), 0 until the first report.
 */
function useCaptionProgress(memeId: string, active: boolean): number {
  const socket = useSocket();
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (!active) return;
    setProgress(0);
    const onProgress = (p: { memeId: string; progress: number }) =>
      p.memeId === memeId && setProgress((old) => Math.max(old, p.progress));
    socket?.on('meme:caption-progress', onProgress);
    return () => {
      socket?.off('meme:caption-progress', onProgress);
    };
  }, [socket, memeId, active]);
  return progress;
}

/**
 * A finished meme: one main action (publish to the feed, then share) and the secondary ones (share,
 * download, edit the caption). A new caption is drawn into the picture again by the server (an
 * animation's video is rendered again, its progress shown). The feed
 * takes only original captions, and the server decides: a template's own caption is the first
 * publisher's; a caption someone already published opens the editor with the reason.
 */
export function MemeResult({ meme: initial }: { meme: MemeDto }) {
  const { t } = useTranslation();
  const [meme, setMeme] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(initial.text ?? '');
  const [editorNote, setEditorNote] = useState<string | null>(null);

  const update = useUpdateMeme(meme.id, {
    onSuccess: (updated, body) => {
      haptic.success();
      setMeme(updated);
      if (body.text !== undefined) {
        setEditing(false);
        setEditorNote(null);
        toast.success(t('create.captionSaved'));
      }
    },
  });

  const openEditor = (note: string | null) => {
    setText(meme.text ?? '');
    setEditorNote(note);
    setEditing(true);
  };
  const onRefused = (error: Error) => {
    if (error instanceof ApiError && error.detail === ErrorText.originalText)
      openEditor(t('create.captionTaken'));
  };

  const publish = () => update.mutate({ isPublished: true }, { onError: onRefused });
  const applyCaption = () => update.mutate({ text: text.trim() }, { onError: onRefused });
  const share = () => shareLink(memeLink(meme.shareId), shareMessage(t));
  const captionPending = update.isPending && update.variables?.text !== undefined;
  const animated = meme.kind === 'animation';
  const rendered = useCaptionProgress(meme.id, captionPending && animated);
  const pendingLabel = animated ? t('create.rerendering', { progress: rendered }) : t('create.redrawing');

  return (
    <div className="meme-result">
      <div className="meme-result__frame">
        <img
          className="meme-result__image"
          src={meme.imageUrl}
          alt={meme.text ?? ''}
          width={meme.width}
          height={meme.height}
          data-testid="meme-result"
        />
        <AnimatedMeme meme={meme} />
        <CardMarks />
        {captionPending && (
          <div className="meme-result__busy">
            <Spinner label={pendingLabel} />
          </div>
        )}
      </div>

      {editing ? (
        <div className="caption-editor">
          <CaptionField value={text} onChange={setText} rows={2} autoFocus />
          {editorNote && <p className="warning-text">{editorNote}</p>}
          <div className="button-row">
            <button
              type="button"
              className="button button--secondary"
              disabled={update.isPending}
              onClick={() => {
                setEditing(false);
                setEditorNote(null);
              }}
            >
              {t('common.cancel')}
            </button>
            <button type="button" className="button" disabled={update.isPending} onClick={applyCaption}>
              {captionPending ? pendingLabel : t('create.applyCaption')}
            </button>
          </div>
        </div>
      ) : meme.isPublished ? (
        <>
          <p className="success-text">{t('create.published')}</p>
          <button type="button" className="button" onClick={share}>
            <ShareIcon size={20} /> {t('common.share')}
          </button>
        </>
      ) : (
        <button type="button" className="button button--accent" disabled={update.isPending} onClick={publish}>
          {t('create.publish')}
        </button>
      )}

      {!editing && (
        <div className="action-row">
          {!meme.isPublished && (
            <button type="button" className="action" onClick={share}>
              <ShareIcon size={22} />
              <span>{t('common.share')}</span>
            </button>
          )}
          <button
            type="button"
            className="action"
            onClick={() =>
              meme.videoUrl
                ? saveFile(meme.videoUrl, `meme-${meme.shareId}.mp4`)
                : saveFile(meme.imageUrl, `meme-${meme.shareId}.jpg`)
            }
          >
            <DownloadIcon size={22} />
            <span>{t('create.download')}</span>
          </button>
          <button type="button" className="action" onClick={() => openEditor(null)}>
            <EditIcon size={22} />
            <span>{t('create.editCaption')}</span>
          </button>
        </div>
      )}
    </div>
  );
}
