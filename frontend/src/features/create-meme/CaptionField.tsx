import { MEME_TEXT_MAX_LENGTH } from '@mememint/contracts';
import { useTranslation } from 'react-i18next';

/** The caption's text field: top and bottom line, as long as a meme caption may be. */
export function CaptionField({
  value,
  onChange,
  rows = 3,
  autoFocus,
}: {
  value: string;
  onChange: (caption: string) => void;
  rows?: number;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <label className="field">
      <span className="field__label">{t('create.captionLabel')}</span>
      <textarea
        className="input"
        rows={rows}
        maxLength={MEME_TEXT_MAX_LENGTH}
        value={value}
        placeholder={t('create.captionPlaceholder')}
        onChange={(e) => onChange(e.target.value)}
        autoFocus={autoFocus}
      />
    </label>
  );
}
