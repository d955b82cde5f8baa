import { useTranslation } from 'react-i18next';

/** A whole-screen failure the app cannot recover from by itself: the message and a reload. */
export function ReloadNotice({ message, role }: { message: string; role?: 'alert' }) {
  const { t } = useTranslation();
  return (
    <div className="fullscreen-center notice" role={role}>
      <p>{message}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>
    </div>
  );
}
