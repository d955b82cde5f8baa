import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBackButton } from '../ui/useBackButton';

/** Sticker packs: the list and the pack maker arrive with the stickers API. */
export function StickersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useBackButton(() => void navigate('/main'));
  return (
    <div className="page">
      <h1>{t('stickers.title')}</h1>
      <p className="muted">{t('stickers.text')}</p>
      <p className="empty">{t('stickers.empty')}</p>
      <button type="button" className="button" disabled>
        {t('stickers.create')} · {t('common.comingSoon')}
      </button>
    </div>
  );
}
