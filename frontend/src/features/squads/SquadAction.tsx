import type { SquadMembershipDto } from '@mememint/contracts';
import { useTranslation } from 'react-i18next';

import { haptic } from '../../telegram/sdk';
import { useUser } from '../session';
import { useJoinSquad } from './api/join-squad';
import { useLeaveSquad } from './api/leave-squad';
import { inCooldown } from './cooldown';

/** Join, Switch or Leave for one squad, as the player's membership allows. */
export function SquadAction({ squadId, mine }: { squadId: number; mine: SquadMembershipDto | undefined }) {
  const { t } = useTranslation();
  const user = useUser();
  const join = useJoinSquad({ onSuccess: () => haptic.success() });
  const leave = useLeaveSquad({ onSuccess: () => haptic.success() });
  if (!mine) return null;
  if (mine.squadId === squadId) {
    // An influencer stays in their own squad.
    if (user.infl) return <span className="squad__mine">{t('squads.yours')}</span>;
    return (
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={leave.isPending}
        onClick={() => leave.mutate()}
      >
        {t('squads.leave')}
      </button>
    );
  }
  if (user.infl) return null;
  return (
    <button
      type="button"
      className="button button--small"
      disabled={join.isPending || inCooldown(mine.switchAvailableAt)}
      onClick={() => join.mutate(squadId)}
    >
      {mine.squadId === null ? t('squads.join') : t('squads.switch')}
    </button>
  );
}
