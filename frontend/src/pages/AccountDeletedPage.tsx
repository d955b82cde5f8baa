import { useTranslation } from 'react-i18next';

/** The goodbye after deleting the account: public (a sign-in here would start a new account). */
export function AccountDeletedPage() {
  const { t } = useTranslation();
  return (
    <div className="fullscreen-center notice" data-testid="account-deleted">
      <h1>{t('trust.accountDeletedTitle')}</h1>
      <p className="muted">{t('trust.accountDeletedText')}</p>
    </div>
  );
}
