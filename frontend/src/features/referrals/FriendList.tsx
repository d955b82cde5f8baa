import type { ReferralFriendDto } from '@mememint/contracts';
import { useTranslation } from 'react-i18next';

import { MiniAvatar, playerName } from '../rating';

/** Friends who came through the link, newest first, with whether their first meme (the reward) came. */
export function FriendList({ friends }: { friends: ReferralFriendDto[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="board__list" data-testid="friend-list">
      {friends.map((friend) => (
        <li key={friend.tgId} className="board__row">
          <MiniAvatar name={playerName(friend)} photoUrl={friend.photoUrl} />
          <span className="board__name">
            {playerName(friend)}
            <span className="squad__meta muted">
              {' '}
              · {new Date(friend.joinedAt).toLocaleDateString(i18n.language)}
            </span>
          </span>
          <span className={friend.generated ? 'squad__mine' : 'muted'}>
            {friend.generated ? t('invite.friendGenerated') : t('invite.friendWaiting')}
          </span>
        </li>
      ))}
    </ul>
  );
}
