import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { StickerPacks } from '../features/stickers';
import { useBackButton } from '../ui/useBackButton';

/** /stickers (docs/SPEC.md §5): the player's sticker packs, made from their memes. */
export function StickersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useBackButton(() => void navigate('/main'));
  return (
    <div className="page">
      <h1>{t('stickers.title')}</h1>
      <p className="muted">{t('stickers.text')}</p>
      <StickerPacks />
    </div>
  );
}
