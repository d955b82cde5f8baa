import { useState } from 'react';

import { haptic } from '../../telegram/sdk';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

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
        <ConfirmDialog
          title={label}
          question={question}
          confirmLabel={confirm}
          danger
          testId={`${testId}-confirm`}
          busy={busy}
          onConfirm={() => onConfirm(close)}
          onClose={close}
        />
      )}
    </>
  );
}
