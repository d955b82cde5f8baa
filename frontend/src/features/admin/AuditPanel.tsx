import { useTranslation } from 'react-i18next';

import { useApiClient } from '../../lib/api-context';
import { LoadMore } from '../../ui/LoadMore';
import { QueryFallback } from '../../ui/QueryFallback';
import { adminApi, adminKeys } from './api';
import { usePaged } from './paged';

/** What admins, the CLI and moderation did, newest first. */
export function AuditPanel() {
  const { t, i18n } = useTranslation();
  const client = useApiClient();
  const { query, items } = usePaged(adminKeys.audit(), (page) => adminApi.audit(client, page));
  if (query.isPending || query.isError) return <QueryFallback query={query} />;
  return (
    <div className="console-panel">
      {items.length === 0 ? (
        <p className="empty">{t('admin.audit.empty')}</p>
      ) : (
        <ul className="console-list">
          {items.map((entry) => (
            <li key={entry.id} className="console-item console-item--column" data-testid="audit-row">
              <strong>
                {entry.action} · {entry.target}
              </strong>
              <span className="console-hint">
                {new Date(entry.createdAt).toLocaleString(i18n.language)} ·{' '}
                {t('admin.audit.by', { actor: entry.actor })}
                {entry.reason ? ` · ${entry.reason}` : ''}
              </span>
              {(entry.before !== null || entry.after !== null) && (
                <code className="console-code">
                  {JSON.stringify(entry.before)} → {JSON.stringify(entry.after)}
                </code>
              )}
            </li>
          ))}
        </ul>
      )}
      <LoadMore pages={query} />
    </div>
  );
}
