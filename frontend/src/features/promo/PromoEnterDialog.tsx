import { PROMO_CODE_MIN_LENGTH, type PromoApplyResponse } from '@mememint/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { haptic } from '../../telegram/sdk';
import { Dialog } from '../../ui/Dialog';
import { useApplyPromo } from './api/apply-promo';
import './promo.css';

/**
 * docs/SPEC.md §4–§5 promo entry: Apply is disabled while empty; after the first attempt a code shorter
 * than 6 characters shows the rule and makes no call; success shows the grant and adds the credits.
 */
export function PromoEnterDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [granted, setGranted] = useState<PromoApplyResponse | null>(null);

  const apply = useApplyPromo({
    onSuccess: (answer) => {
      haptic.success();
      setGranted(answer);
    },
  });

  const trimmed = code.trim();
  const tooShort = attempted && trimmed.length < PROMO_CODE_MIN_LENGTH;

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (trimmed.length < PROMO_CODE_MIN_LENGTH) {
      haptic.error();
      return;
    }
    apply.mutate(trimmed);
  }

  if (granted) {
    return (
      <Dialog title={t('promo.successTitle')} onClose={onClose}>
        <p className="promo-granted">{t('promo.granted', { count: granted.generationLimit })}</p>
        {granted.promoDescription && <p className="muted">{granted.promoDescription}</p>}
        <button type="button" className="button" onClick={onClose}>
          {t('common.done')}
        </button>
      </Dialog>
    );
  }

  return (
    <Dialog title={t('promo.enterTitle')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">{t('promo.codeLabel')}</span>
          <input
            className={`input${tooShort ? ' input--invalid' : ''}`}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder={t('promo.codePlaceholder')}
            autoCapitalize="characters"
            autoComplete="off"
            autoFocus
            aria-invalid={tooShort}
          />
          {tooShort && (
            <span className="field__error" role="alert">
              {t('errors.promoTooShort')}
            </span>
          )}
        </label>
        <button type="submit" className="button" disabled={code.length === 0 || apply.isPending}>
          {t('promo.apply')}
        </button>
      </form>
    </Dialog>
  );
}
