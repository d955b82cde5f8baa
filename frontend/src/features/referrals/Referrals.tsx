import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../ui/brand/EmptyState';
import { UsersIcon } from '../../ui/brand/game-icons';
import { StatGrid } from '../../ui/StatGrid';
import { useUser } from '../session';
import { useReferrals } from './api/get-referrals';
import { FriendList } from './FriendList';
import { InviteLink } from './InviteLink';
import { InviteReward } from './InviteReward';
import { useReferralMoments } from './useReferralMoments';
import { LoadMore } from '../../ui/LoadMore';
import { QueryFallback } from '../../ui/QueryFallback';

/** The invite page's body: the link from the API, what invites earned, and the friends. */
export function Referrals() {
  const { t } = useTranslation();
  const referrals = useReferrals();
  const { tgId } = useUser();
  useReferralMoments(tgId, referrals.data?.pages[0]);
  if (!referrals.data) return <QueryFallback query={referrals} />;
  const pages = referrals.data.pages;
  const first = pages[0];
  if (!first) return null;
  const friends = pages.flatMap((page) => page.items);
  return (
    <>
      {first.reward && <InviteReward reward={first.reward} />}
      <InviteLink link={first.link} />
      <StatGrid
        stats={[
          { label: t('invite.invited'), value: first.invitedCount, testId: 'stat-invited' },
          { label: t('invite.generated'), value: first.friendsGenerated },
          { label: t('invite.earned'), value: first.referalCoins },
        ]}
      />
      <section className="section">
        <h2>{t('invite.friends')}</h2>
        {friends.length ? (
          <FriendList friends={friends} />
        ) : (
          <EmptyState art={<UsersIcon size={34} />} text={t('invite.friendsEmpty')} />
        )}
        <LoadMore pages={referrals} />
      </section>
    </>
  );
}
