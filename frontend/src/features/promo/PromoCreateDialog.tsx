import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { haptic } from '../../telegram/sdk';
import { copyText } from '../../ui/clipboard';
import { Dialog } from '../../ui/Dialog';
import { useCreatePromo } from './api/create-promo';
import { PromoCodeList } from './PromoCodeList';

/** docs/SPEC.md §4 promo creation (influencers): optional description → the code with a copy button. */
export function PromoCreateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [description, setDescription] = useState('');
  const [code, setCode] = useState<string | null>(null);

  const create = useCreatePromo({
    onSuccess: (id) => {
      haptic.success();
      setCode(id);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(description.trim());
  }

  if (code) {
    return (
      <Dialog title={t('promo.createdTitle')} onClose={onClose}>
        <div className="code-box">
          <code data-testid="promo-code">{code}</code>
          <button
            type="button"
            className="button button--small"
            onClick={() => void copyText(code, t('common.copied'))}
          >
            {t('common.copy')}
          </button>
        </div>
        <p className="muted">{t('promo.createdHint')}</p>
        <PromoCodeList />
      </Dialog>
    );
  }

  return (
    <Dialog title={t('promo.createTitle')} onClose={onClose}>
      <form onSubmit={submit}>
        <label className="field">
          <span className="field__label">{t('promo.descriptionLabel')}</span>
          <textarea
            className="input"
            rows={3}
            value={description}
            maxLength={200}
            onChange={(e) => setDescription(e.target.value)}
            placeholder={t('promo.descriptionPlaceholder')}
          />
        </label>
        <button type="submit" className="button" disabled={create.isPending}>
          {t('promo.create')}
        </button>
      </form>
      <PromoCodeList />
    </Dialog>
  );
}
