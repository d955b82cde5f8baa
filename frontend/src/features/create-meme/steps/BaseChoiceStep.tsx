import { useTranslation } from 'react-i18next';
import { haptic } from '../../../telegram/sdk';
import { Spinner } from '../../../ui/Spinner';
import { useUploadMeme } from '../../memes';
import { useTemplates } from '../api/get-templates';
import { PhotoPicker } from '../PhotoPicker';
import type { Target } from '../useCreateMemeFlow';

/** Step 2: what the face goes into — a template (with its caption) or the player's own photo. */
export function BaseChoiceStep({ onChosen }: { onChosen: (target: Target, caption: string) => void }) {
  const { t } = useTranslation();
  const templates = useTemplates();
  const uploadOwn = useUploadMeme({
    onSuccess: (meme) => onChosen({ memeId: meme.id, previewUrl: meme.thumbnailUrl }, ''),
  });

  return (
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
              onChosen(
                { templateId: template.id, previewUrl: template.thumbnailUrl },
                template.caption ?? '',
              );
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
  );
}
