import { useState, type ReactNode, type SyntheticEvent } from 'react';

import { haptic } from '../../telegram/sdk';

const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * A small button over a meme card that opens a dialog (the AI mark, Report). Neither its taps nor its
 * dialog's (a portal, whose React events still bubble to the card) reach the card: no swipe, no vote.
 */
export function CardOverlayButton({
  className,
  label,
  testId,
  children,
  dialog,
}: {
  className: string;
  /** The accessible name, when the visible text says less. */
  label?: string;
  testId?: string;
  children: ReactNode;
  dialog: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <span className="card-overlay" onClick={stop} onPointerDown={stop}>
      <button
        type="button"
        className={className}
        aria-label={label}
        data-testid={testId}
        onClick={() => {
          haptic.tap();
          setOpen(true);
        }}
      >
        {children}
      </button>
      {open && dialog(() => setOpen(false))}
    </span>
  );
}
