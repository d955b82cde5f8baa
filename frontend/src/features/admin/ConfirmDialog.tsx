import { useTranslation } from 'react-i18next';

import { Dialog } from '../../ui/Dialog';

/** The question before anything irreversible (a grant, a refund, a settlement, a deletion). */
export function ConfirmDialog({
  question,
  busy,
  onConfirm,
  onClose,
}: {
  question: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('admin.confirm')} onClose={onClose}>
      <p className="console-confirm__question">{question}</p>
      <div className="console-row">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('admin.cancel')}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          aria-busy={busy}
          onClick={onConfirm}
          data-testid="confirm"
        >
          {t('admin.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
