import { useTranslation } from 'react-i18next';

import { copyText } from '../../ui/clipboard';
import { useMyPromos } from './api/get-my-promos';

/** The influencer's codes with how many times each was used. */
export function PromoCodeList() {
  const { t } = useTranslation();
  const promos = useMyPromos();
  const codes = promos.data?.items ?? [];
  if (!codes.length) return null;
  return (
    <section className="promo-codes">
      <h3>{t('promo.myCodes')}</h3>
      <ul className="board__list" data-testid="my-promo-codes">
        {codes.map((code) => (
          <li key={code.id} className="board__row">
            <span className="board__name">
              <code>{code.id}</code>
              {code.description && <span className="squad__meta muted"> · {code.description}</span>}
            </span>
            <span className="muted">{t('promo.uses', { uses: code.uses, max: code.maxUses })}</span>
            <button
              type="button"
              className="button button--small button--secondary"
              onClick={() => void copyText(code.id, t('common.copied'))}
            >
              {t('common.copy')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
