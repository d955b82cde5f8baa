import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';

import { haptic } from '../telegram/sdk';
import { FeedIcon, InviteIcon, ProfileIcon, QuestsIcon, RatingIcon } from '../ui/icons';

/**
 * docs/SPEC.md §2: Profile, Rating, Feed (big, centre), Invite, Quests — in this order. `also`: pages
 * reached from a tab that keep it lit (a squad's page is opened from the rating).
 */
const LINKS = [
  { to: '/profile', label: 'nav.profile', Icon: ProfileIcon },
  { to: '/rating', label: 'nav.rating', Icon: RatingIcon, also: '/squads/' },
  { to: '/main', label: 'nav.feed', Icon: FeedIcon, main: true },
  { to: '/invite', label: 'nav.invite', Icon: InviteIcon },
  { to: '/quests', label: 'nav.quests', Icon: QuestsIcon },
] as const;

export function BottomNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav className="bottom-nav">
      {LINKS.map(({ to, label, Icon, ...rest }) => (
        <NavLink
          key={to}
          to={to}
          onClick={() => haptic.select()}
          className={({ isActive }) =>
            `bottom-nav__link${'main' in rest ? ' bottom-nav__link--main' : ''}${
              isActive || ('also' in rest && pathname.startsWith(rest.also)) ? ' is-active' : ''
            }`
          }
        >
          <span className="bottom-nav__icon">
            <Icon size={'main' in rest ? 28 : 22} />
          </span>
          <span className="bottom-nav__label">{t(label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
