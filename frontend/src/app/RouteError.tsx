import { useTranslation } from 'react-i18next';
import { ReloadNotice } from '../ui/ReloadNotice';

/** Whatever a screen throws while rendering ends here instead of a blank app. */
export function RouteError() {
  const { t } = useTranslation();
  return <ReloadNotice message={t('errors.generic')} role="alert" />;
}
