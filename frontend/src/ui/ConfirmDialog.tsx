import { useTranslation } from 'react-i18next';

import { Dialog } from './Dialog';

/** The question before anything irreversible: Cancel, or the button that does it. */
export function ConfirmDialog({
  question,
  confirmLabel,
  title = confirmLabel,
  danger = false,
  testId = 'confirm',
  busy,
  onConfirm,
  onClose,
}: {
  question: string;
  /** The confirming button's text ("Delete", "Confirm"). */
  confirmLabel: string;
  title?: string;
  /** Destroys the player's own data: the button says so in red. */
  danger?: boolean;
  testId?: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog title={title} onClose={onClose}>
      <p className="confirm-dialog__question">{question}</p>
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className={danger ? 'button button--danger' : 'button'}
          disabled={busy}
          aria-busy={busy}
          onClick={onConfirm}
          data-testid={testId}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
