import type { ReactNode } from 'react';

import './brand.css';

/** What an empty list shows: a drawing (an icon on the brand's soft disc), a line, what to do next. */
export function EmptyState({
  art,
  title,
  text,
  action,
  testId,
}: {
  art: ReactNode;
  title?: string;
  text: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="empty-state" data-testid={testId}>
      <span className="empty-state__art" aria-hidden>
        {art}
      </span>
      {title && <h3 className="empty-state__title">{title}</h3>}
      <p className="empty-state__text">{text}</p>
      {action}
    </div>
  );
}
