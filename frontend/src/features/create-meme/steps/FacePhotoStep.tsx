import { useTranslation } from 'react-i18next';
import { PhotoPicker } from '../PhotoPicker';

/**
 * Step 1: a new face photo, or the one saved on the device (uploaded once, then reused). A photo with
 * several people works, with the largest face: said up front.
 */
export function FacePhotoStep({
  savedFaceUrl,
  onPicked,
  onUseSaved,
}: {
  savedFaceUrl: string | null;
  onPicked: (photo: Blob) => void;
  onUseSaved: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="create__step">
      <h2>{t('create.stepPhoto')}</h2>
      <p className="muted">{t('create.stepPhotoText')}</p>
      {savedFaceUrl && (
        <>
          <img className="face-preview" src={savedFaceUrl} alt={t('create.currentPhoto')} />
          <button type="button" className="button" onClick={onUseSaved}>
            {t('create.usePrevious')}
          </button>
        </>
      )}
      <PhotoPicker onPicked={onPicked} />
      <p className="muted small-text">{t('create.largestFaceHint')}</p>
    </section>
  );
}
