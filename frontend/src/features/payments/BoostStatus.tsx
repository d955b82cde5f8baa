import { isBoostActive } from '@mememint/contracts';
import { useTranslation } from 'react-i18next';

import { StarIcon } from '../../ui/icons';
import { useUser } from '../session';
import './payments.css';

/** "Your boost active until {date}" (docs/SPEC.md §2) while the player is premium. */
export function BoostStatus() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  if (!isBoostActive(user.boostEnds)) return null;
  const date = new Date(user.boostEnds!).toLocaleDateString(i18n.language);
  return (
    <p className="boost-status" data-testid="boost-status">
      <StarIcon size={16} /> {t('menu.boostUntil', { date })}
    </p>
  );
}
