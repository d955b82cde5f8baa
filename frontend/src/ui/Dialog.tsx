import { useEffect, useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

import { useBackButton } from './useBackButton';

/** The × of a dialog or sheet. */
export function CloseButton({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
      ×
    </button>
  );
}

/** What a dialog or a sheet shows: its title, its content, and what closes it. */
export interface OverlayProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** A bottom sheet on phones: a title, content, closes on the backdrop, × or Telegram's Back button. */
export function Dialog({ title, onClose, children }: OverlayProps) {
  const titleId = useId();
  useBackButton(onClose);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  // A portal: the sticky top menu that opens most dialogs is a stacking context of its own.
  return createPortal(
    <div className="dialog-backdrop" onClick={onClose}>
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(e) => e.stopPropagation()}
      >
        <div className="dialog__header">
          <h2 id={titleId}>{title}</h2>
          <CloseButton onClose={onClose} />
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
