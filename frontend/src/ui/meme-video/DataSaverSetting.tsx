import { useTranslation } from 'react-i18next';

import { setDataSaver, useDataSaver } from '../../lib/data-saver';
import { haptic } from '../../telegram/sdk';

/** Profile's data saver: animations stay on their poster until tapped (kept on this device). */
export function DataSaverSetting() {
  const { t } = useTranslation();
  const on = useDataSaver();
  return (
    <label className="setting-switch">
      <span className="setting-switch__text">
        <span>{t('profile.dataSaver')}</span>
        <span className="muted">{t('profile.dataSaverText')}</span>
      </span>
      <input
        type="checkbox"
        role="switch"
        className="switch"
        checked={on}
        onChange={(event) => {
          haptic.select();
          setDataSaver(event.target.checked);
        }}
      />
    </label>
  );
}
