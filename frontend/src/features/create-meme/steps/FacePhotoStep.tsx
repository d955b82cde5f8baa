import { useTranslation } from 'react-i18next';
import { PhotoPicker } from '../PhotoPicker';

/** Step 1: a new face photo, or the one saved on the device. */
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
          <img className="face-preview" src={savedFaceUrl} alt="" />
          <button type="button" className="button" onClick={onUseSaved}>
            {t('create.usePrevious')}
          </button>
        </>
      )}
      <PhotoPicker onPicked={onPicked} />
    </section>
  );
}
