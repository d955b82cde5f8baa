import type { MemeDto } from '@mememint/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/ApiContext';
import { translateServerText } from '../../api/describe-error';
import { haptic } from '../../telegram/sdk';
import { Spinner } from '../../ui/Spinner';
import { useBackButton } from '../../ui/useBackButton';
import { isLimitReached } from '../balance/format';
import { useSession } from '../session/SessionProvider';
import { ME_KEY } from '../session/user-cache';
import { MY_MEMES_KEY, TEMPLATES_KEY } from './keys';
import { MemeResult } from './MemeResult';
import { PhotoPicker } from './PhotoPicker';
import { loadFacePhoto, loadFacePhotoUrl, saveFacePhoto } from './photo';
import { useGeneration } from './useGeneration';

/** What the face goes into, with a picture of it for the caption step. */
type Target = ({ templateId: string } | { memeId: string }) & { previewUrl: string };
type Step = 'photo' | 'target' | 'caption' | 'progress';

/** The main action: face photo → template or own photo → caption → live progress → result. */
export function CreateMeme({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const { socket, user } = useSession();
  const [step, setStep] = useState<Step>('photo');
  const [face, setFace] = useState<Blob | null>(null);
  const [faceUrl, setFaceUrl] = useState<string | null>(() => loadFacePhotoUrl());
  const [target, setTarget] = useState<Target | null>(null);
  const [caption, setCaption] = useState('');
  const [generationId, setGenerationId] = useState<string | null>(null);
  const generation = useGeneration(generationId, api, socket);

  const back = () => {
    if (step === 'target') setStep('photo');
    else if (step === 'caption') setStep('target');
    else onClose();
  };
  useBackButton(back);

  useEffect(() => {
    if (generation.meme) {
      haptic.success();
      void queryClient.invalidateQueries({ queryKey: MY_MEMES_KEY });
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
    } else if (generation.error !== undefined) {
      haptic.error(); // the failed step below says why
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
    }
  }, [generation.meme, generation.error, queryClient]);

  const templates = useQuery({
    queryKey: TEMPLATES_KEY,
    queryFn: async () => (await api.templates()).items,
    enabled: step === 'target',
    staleTime: 5 * 60_000,
  });

  const uploadOwn = useMutation({
    mutationFn: (photo: Blob) => api.uploadMeme(photo),
    onSuccess: (meme) => {
      setTarget({ memeId: meme.id, previewUrl: meme.thumbnailUrl });
      setCaption('');
      setStep('caption');
    },
  });

  const start = useMutation({
    mutationFn: async () => {
      const photo = face ?? (await loadFacePhoto()) ?? undefined;
      const text = caption.trim() || undefined;
      const into =
        target && ('templateId' in target ? { templateId: target.templateId } : { memeId: target.memeId });
      return api.startGeneration({ photo, text, ...into });
    },
    onSuccess: (created) => {
      haptic.tap();
      void queryClient.invalidateQueries({ queryKey: ME_KEY }); // the credit it cost
      setGenerationId(created.id);
      setStep('progress');
    },
  });

  async function pickFace(photo: Blob) {
    setFace(photo);
    await saveFacePhoto(photo);
    setFaceUrl(loadFacePhotoUrl() ?? URL.createObjectURL(photo));
    setStep('target');
  }

  const limitReached = user ? isLimitReached(user.generationLimit) : false;

  return (
    <div className="create" role="dialog" aria-label={t('create.title')}>
      <div className="create__header">
        <h1>{t('create.title')}</h1>
        <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
          ×
        </button>
      </div>

      {step === 'photo' && (
        <section className="create__step">
          <h2>{t('create.stepPhoto')}</h2>
          <p className="muted">{t('create.stepPhotoText')}</p>
          {faceUrl && (
            <>
              <img className="face-preview" src={faceUrl} alt="" />
              <button type="button" className="button" onClick={() => setStep('target')}>
                {t('create.usePrevious')}
              </button>
            </>
          )}
          <PhotoPicker onPicked={(photo) => void pickFace(photo)} />
        </section>
      )}

      {step === 'target' && (
        <section className="create__step">
          <h2>{t('create.stepTarget')}</h2>
          <h3>{t('create.templates')}</h3>
          {templates.isPending && <Spinner />}
          {templates.data?.length === 0 && <p className="empty">{t('create.templatesEmpty')}</p>}
          <div className="template-grid">
            {templates.data?.map((template) => (
              <button
                type="button"
                key={template.id}
                className="template"
                onClick={() => {
                  haptic.select();
                  setTarget({ templateId: template.id, previewUrl: template.thumbnailUrl });
                  setCaption(template.caption ?? '');
                  setStep('caption');
                }}
              >
                {/* The title is written under the picture: read once, not twice. */}
                <img src={template.thumbnailUrl} alt="" loading="lazy" />
                {template.isPremium && <span className="template__badge">{t('create.premiumTemplate')}</span>}
                <span className="template__title">{template.title}</span>
              </button>
            ))}
          </div>
          <h3>{t('create.ownPhoto')}</h3>
          <p className="muted">{t('create.ownPhotoText')}</p>
          {uploadOwn.isPending ? (
            <Spinner label={t('create.uploading')} />
          ) : (
            <PhotoPicker onPicked={(photo) => uploadOwn.mutate(photo)} />
          )}
        </section>
      )}

      {step === 'caption' && (
        <section className="create__step">
          <h2>{t('create.stepCaption')}</h2>
          <div className="chosen" aria-hidden>
            {faceUrl && <img className="chosen__face" src={faceUrl} alt="" />}
            <span className="chosen__arrow">→</span>
            {target && <img className="chosen__target" src={target.previewUrl} alt="" />}
          </div>
          <label className="field">
            <span className="field__label">{t('create.captionLabel')}</span>
            <textarea
              className="input"
              rows={3}
              maxLength={200}
              value={caption}
              placeholder={t('create.captionPlaceholder')}
              onChange={(e) => setCaption(e.target.value)}
            />
          </label>
          {limitReached && <p className="muted">{t('main.noCredits')}</p>}
          <button type="button" className="button" disabled={start.isPending} onClick={() => start.mutate()}>
            {start.isPending ? t('create.starting') : t('create.start')}
          </button>
        </section>
      )}

      {step === 'progress' && !generation.meme && generation.error === undefined && (
        <section className="create__step create__progress" aria-live="polite">
          <h2>{t('create.progressTitle')}</h2>
          <Spinner />
          <p className="stage" data-testid="generation-stage">
            {t(`create.stage.${generation.stage}`)}
          </p>
          <div
            className="progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={generation.progress}
          >
            <div className="progress__fill" style={{ width: `${generation.progress}%` }} />
          </div>
          <p className="progress__value" data-testid="generation-progress">
            {Math.round(generation.progress)}%
          </p>
        </section>
      )}

      {step === 'progress' && generation.error !== undefined && (
        <section className="create__step">
          <h2>{t('create.failedTitle')}</h2>
          <p className="error-text">{translateServerText(generation.error || t('errors.generic'), t)}</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              setGenerationId(null);
              setStep('photo');
            }}
          >
            {t('common.retry')}
          </button>
        </section>
      )}

      {step === 'progress' && generation.meme && (
        <ResultStep
          meme={generation.meme}
          onAnother={() => {
            setGenerationId(null);
            setStep('target');
          }}
        />
      )}
    </div>
  );
}

function ResultStep({ meme, onAnother }: { meme: MemeDto; onAnother: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="create__step">
      <h2>{t('create.resultTitle')}</h2>
      <MemeResult key={meme.id} meme={meme} />
      <button type="button" className="button button--secondary" onClick={onAnother}>
        {t('create.another')}
      </button>
    </section>
  );
}
