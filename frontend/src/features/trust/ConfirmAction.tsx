import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { haptic } from '../../telegram/sdk';
import { Dialog } from '../../ui/Dialog';

/** A destructive action behind a confirmation: the button, then the question with Cancel / confirm. */
export function ConfirmAction({
  label,
  question,
  confirm,
  busy,
  onConfirm,
  testId,
}: {
  label: string;
  question: string;
  /** The confirming button's text ("Delete"). */
  confirm: string;
  busy: boolean;
  onConfirm: (close: () => void) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        className="button button--danger"
        data-testid={testId}
        onClick={() => {
          haptic.tap();
          setOpen(true);
        }}
      >
        {label}
      </button>
      {open && (
        <Dialog title={label} onClose={close}>
          <p>{question}</p>
          <div className="button-row">
            <button type="button" className="button button--secondary" onClick={close}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              aria-busy={busy}
              data-testid={`${testId}-confirm`}
              onClick={() => onConfirm(close)}
            >
              {confirm}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
