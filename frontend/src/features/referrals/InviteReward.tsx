import { useTranslation } from 'react-i18next';

import { MintCoin } from '../../ui/brand/brand-art';
import { TicketIcon } from '../../ui/brand/game-icons';
import { formatNumber } from '../balance';
import './referrals.css';

/** Two friends and a coin between them: the invite page's drawing (ours, inline). */
function FriendsArt() {
  return (
    <svg className="invite-art" width="132" height="84" viewBox="0 0 132 84" aria-hidden>
      <circle cx="36" cy="30" r="14" fill="var(--brand)" />
      <path d="M12 78c0-15 11-24 24-24s24 9 24 24z" fill="var(--brand)" />
      <circle cx="96" cy="30" r="14" fill="var(--brand-2)" />
      <path d="M72 78c0-15 11-24 24-24s24 9 24 24z" fill="var(--brand-2)" />
      <path d="M50 22q16-16 32 0" fill="none" stroke="var(--hint)" strokeWidth="2" strokeDasharray="3 4" />
      <circle cx="66" cy="52" r="11" fill="#f0a500" />
      <circle cx="66" cy="51" r="9.5" fill="#ffd84a" />
      <path d="M62 55v-7l4 4 4-4v7" fill="none" stroke="#8a5600" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** What a friend brings the player (GAME.md: when the friend's first meme succeeds), drawn. */
export function InviteReward({ reward }: { reward: { coins: number; credits: number } }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="section invite-reward" data-testid="invite-reward">
      <FriendsArt />
      <div className="invite-reward__text">
        <p className="invite-reward__lead">{t('invite.brings')}</p>
        <p className="invite-reward__chips">
          <span className="reward-chip">
            <MintCoin size={16} /> {t('moments.gain.coins', { count: reward.coins })}
          </span>
          {reward.credits > 0 && (
            <span className="reward-chip">
              <TicketIcon size={16} /> {t('moments.gain.credits', { count: reward.credits })}
            </span>
          )}
        </p>
        <p className="muted invite-reward__note">
          {t('invite.boosted', { coins: formatNumber(reward.coins * 4, i18n.language) })}
        </p>
      </div>
    </section>
  );
}
