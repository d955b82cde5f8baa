import { useTranslation } from 'react-i18next';

import { Referrals } from '../features/referrals';

/** Invite friends: the ref link (from the API), copy and share, what invites earned, and the friends. */
export function InvitePage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t('invite.title')}</h1>
      <p className="muted">{t('invite.text')}</p>
      <Referrals />
    </div>
  );
}
