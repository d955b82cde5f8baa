import { useTranslation } from 'react-i18next';

import { useConnectionTrouble } from './connection';

/** One line under the top menu while the connection is in trouble, gone once it is back. */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const trouble = useConnectionTrouble();
  if (!trouble) return null;
  return (
    <div className="connection-banner" role="alert" data-testid="connection-banner">
      {trouble === 'offline' ? t('errors.badConnection') : t('errors.reconnecting')}
    </div>
  );
}
