import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Who a template is for (gender, premium), in both the upload and the edit form. */
export function TemplateAudience({
  gender,
  isPremium,
  onChange,
}: {
  gender: string;
  isPremium: boolean;
  onChange: (name: 'gender' | 'isPremium') => (value: string | boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label>
        {t('admin.templates.gender')}
        <select value={gender} onChange={(e) => onChange('gender')(e.target.value)}>
          <option value="">{t('admin.templates.anyGender')}</option>
          <option value="male">{t('profile.male')}</option>
          <option value="female">{t('profile.female')}</option>
          <option value="transgender">{t('profile.transgender')}</option>
        </select>
      </label>
      <label className="console-check">
        <input
          type="checkbox"
          checked={isPremium}
          onChange={(e) => onChange('isPremium')(e.target.checked)}
        />
        {t('admin.templates.premium')}
      </label>
    </>
  );
}

/** A template's captions, English and Russian, in both the upload and the edit form. */
export function TemplateCaptions({
  caption,
  captionRu,
  onChange,
  problem = () => null,
}: {
  caption: string;
  captionRu: string;
  onChange: (name: 'caption' | 'captionRu') => (value: string) => void;
  /** What is wrong with a field, shown under it (the edit form's checks). */
  problem?: (name: 'caption' | 'captionRu') => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label>
        {t('admin.templates.caption')}
        <textarea rows={2} value={caption} onChange={(e) => onChange('caption')(e.target.value)} />
      </label>
      {problem('caption')}
      <label>
        {t('admin.templates.captionRu')}
        <textarea rows={2} value={captionRu} onChange={(e) => onChange('captionRu')(e.target.value)} />
      </label>
      {problem('captionRu')}
    </>
  );
}
