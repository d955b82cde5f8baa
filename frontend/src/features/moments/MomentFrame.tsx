import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

import { haptic } from '../../telegram/sdk';
import { useBackButton } from '../../ui/useBackButton';
import './moments.css';

/**
 * The full screen of a reward moment: a glow, the art, a title and what was won, then the actions.
 * Skippable: Telegram's Back button, Escape and the backdrop close it (`onSkip`). "Reduce motion"
 * stills the glow and the art (moments.css). One success haptic when it opens.
 */
export function MomentFrame({
  title,
  art,
  children,
  actions,
  onSkip,
  testId,
}: {
  title: string;
  art: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
  onSkip: () => void;
  testId?: string;
}) {
  const titleId = useId();
  const skip = useRef(onSkip);
  skip.current = onSkip;
  useBackButton(onSkip);
  useEffect(() => {
    haptic.success();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && skip.current();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return createPortal(
    <div className="moment" onClick={onSkip}>
      <div
        className="moment__card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        onClick={(e) => e.stopPropagation()}
      >
        <div className="moment__glow" aria-hidden />
        <div className="moment__art">{art}</div>
        <h2 id={titleId} className="moment__title">
          {title}
        </h2>
        {children}
        <div className="moment__actions">{actions}</div>
      </div>
    </div>,
    document.body,
  );
}
