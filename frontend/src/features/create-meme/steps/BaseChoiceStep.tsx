import { isBoostActive, type TemplateDto } from '@mememint/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { haptic } from '../../../telegram/sdk';
import { Dialog } from '../../../ui/Dialog';
import { LockIcon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { useApiClient } from '../../../lib/api-context';
import { uploadMeme } from '../../memes';
import { BoostPlanOffers } from '../../payments';
import { useUser } from '../../session';
import { getMemeFaces } from '../api/get-meme-faces';
import { useTemplates } from '../api/get-templates';
import { PhotoPicker } from '../PhotoPicker';
import type { Target } from '../useCreateMemeFlow';
import { QueryFallback } from '../../../ui/QueryFallback';

/**
 * Step 2: what the face goes into — a template (its caption offered as a suggestion) or the player's
 * own photo. A premium template shows its lock up front and leads to the boost plans.
 */
export function BaseChoiceStep({
  onChosen,
  onSeePlans,
}: {
  onChosen: (target: Target) => void;
  onSeePlans: () => void;
}) {
  const { t } = useTranslation();
  const templates = useTemplates();
  const boosted = isBoostActive(useUser().boostEnds);
  const [locked, setLocked] = useState<TemplateDto | null>(null);
  const client = useApiClient();
  // The own photo is uploaded, then its faces are asked for (analysed once): with several, the player
  // picks. Without an answer the largest face is used, as before.
  const uploadOwn = useMutation({
    mutationFn: async (photo: Blob): Promise<Target> => {
      const meme = await uploadMeme(client, photo);
      const found = await getMemeFaces(client, meme.id).catch(() => null);
      return {
        memeId: meme.id,
        previewUrl: meme.thumbnailUrl,
        ...(found ? { faces: found.faces, width: found.width, height: found.height } : {}),
      };
    },
    onSuccess: onChosen,
  });

  return (
    <section className="create__step">
      <h2>{t('create.stepTarget')}</h2>
      <h3>{t('create.templates')}</h3>
      {!templates.data && <QueryFallback query={templates} />}
      {templates.data?.length === 0 && <p className="empty">{t('create.templatesEmpty')}</p>}
      <div className="template-grid">
        {templates.data?.map((template) => {
          const isLocked = template.isPremium && !boosted;
          return (
            <button
              type="button"
              key={template.id}
              className={`template${isLocked ? ' template--locked' : ''}`}
              onClick={() => {
                haptic.select();
                if (isLocked) setLocked(template);
                else
                  onChosen({
                    templateId: template.id,
                    previewUrl: template.thumbnailUrl,
                    suggestedCaption: template.caption,
                    faces: template.faces,
                    defaultFace: template.defaultFace,
                    width: template.width,
                    height: template.height,
                    animated: template.kind === 'animation',
                  });
              }}
            >
              {/* The title is written under the picture: read once, not twice. */}
              <img src={template.thumbnailUrl} alt="" loading="lazy" />
              {isLocked ? (
                <span className="template__badge template__badge--locked">
                  <LockIcon size={12} /> {t('create.boostBadge')}
                </span>
              ) : (
                template.isPremium && <span className="template__badge">{t('create.premiumTemplate')}</span>
              )}
              {template.kind === 'animation' && (
                <span className="template__badge template__badge--animation" data-testid="animated-template">
                  {t('animation.badge')}
                  {template.durationMs !== null &&
                    ` ${t('animation.seconds', { seconds: (template.durationMs / 1000).toFixed(1) })}`}
                </span>
              )}
              <span className="template__title">{template.title}</span>
            </button>
          );
        })}
      </div>
      <h3>{t('create.ownPhoto')}</h3>
      <p className="muted">{t('create.ownPhotoText')}</p>
      {uploadOwn.isPending ? (
        <Spinner label={t('create.uploading')} />
      ) : (
        <PhotoPicker onPicked={(photo) => uploadOwn.mutate(photo)} />
      )}
      {locked && (
        <Dialog title={t('create.lockedTitle')} onClose={() => setLocked(null)}>
          <div className="locked-template">
            <img src={locked.thumbnailUrl} alt="" />
            <p>{t('create.lockedText', { title: locked.title })}</p>
          </div>
          <BoostPlanOffers />
          <button type="button" className="button" onClick={onSeePlans}>
            {t('create.seeBoostPlans')}
          </button>
        </Dialog>
      )}
    </section>
  );
}
