import { useTranslation } from 'react-i18next';

import { appLink } from '../lib/config';
import { QrCode } from '../ui/QrCode';
import './NotSupportedPage.css';

/** Outside the phone apps (desktop, web): the way to the phone — a QR code to scan and the t.me link. */
export function NotSupportedPage() {
  const { t } = useTranslation();
  const link = appLink();
  return (
    <div className="fullscreen-center notice" data-testid="not-supported">
      <h1>{t('notSupported.title')}</h1>
      <p className="muted">{t('notSupported.text')}</p>
      <div className="qr-frame">
        <QrCode value={link} label={t('notSupported.qrLabel')} />
      </div>
      <p className="muted">{t('notSupported.scan')}</p>
      <a className="app-link" href={link} data-testid="app-link">
        {link.replace(/^https:\/\//, '')}
      </a>
    </div>
  );
}
