import type { SquadMembershipDto } from '@mememint/contracts';
import { useTranslation } from 'react-i18next';

import { inCooldown } from './cooldown';

/** "You can join another squad after …" while the switch cooldown runs. */
export function CooldownNote({ mine }: { mine: SquadMembershipDto | undefined }) {
  const { t, i18n } = useTranslation();
  if (!mine?.switchAvailableAt || !inCooldown(mine.switchAvailableAt)) return null;
  const time = new Date(mine.switchAvailableAt).toLocaleString(i18n.language, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <p className="muted" data-testid="squad-cooldown">
      {t('squads.cooldown', { time })}
    </p>
  );
}
