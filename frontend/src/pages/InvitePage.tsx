import { useTranslation } from 'react-i18next';
import { useUser } from '../features/session';
import { inviteLink } from '../lib/config';
import { shareLink } from '../telegram/sdk';
import { StatGrid } from '../ui/StatGrid';
import { copyText } from '../ui/clipboard';

/** Invite friends: the ref link (GAME.md), copy and share, and what invites earned so far. */
export function InvitePage() {
  const { t } = useTranslation();
  const user = useUser();
  const link = inviteLink(user.tgId);
  return (
    <div className="page">
      <h1>{t('invite.title')}</h1>
      <p className="muted">{t('invite.text')}</p>
      <section className="section">
        <h2>{t('invite.link')}</h2>
        <div className="code-box">
          <code className="code-box__link" data-testid="invite-link">
            {link}
          </code>
        </div>
        <div className="button-row">
          <button type="button" className="button" onClick={() => shareLink(link, t('invite.shareText'))}>
            {t('common.share')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void copyText(link, t('common.copied'))}
          >
            {t('common.copy')}
          </button>
        </div>
      </section>
      <StatGrid
        stats={[
          { label: t('invite.invited'), value: user.invitedCount },
          { label: t('invite.generated'), value: user.friendsGenerated },
          { label: t('invite.earned'), value: user.referalCoins },
        ]}
      />
      {user.invitedCount === 0 && <p className="empty">{t('invite.friendsEmpty')}</p>}
    </div>
  );
}
