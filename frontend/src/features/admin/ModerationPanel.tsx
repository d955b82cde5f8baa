import type { MemeModerationDto, ReportedMemeDto } from '@mememint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useApiClient } from '../../lib/api-context';
import { LoadMore } from '../../ui/LoadMore';
import { QueryFallback } from '../../ui/QueryFallback';
import { toast } from '../../ui/toast';
import { adminApi, adminKeys } from './api';
import { DecisionButtons } from './DecisionButtons';
import { usePaged } from './paged';

const percent = (value: number) => `${Math.round(value * 100)}%`;

/** One meme waiting for a decision: its picture, why it waits, and the two decisions. */
function QueuedMeme({ item }: { item: ReportedMemeDto }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (decision: 'hide' | 'restore'): Promise<MemeModerationDto> =>
      adminApi.decide(client, item.memeId, decision),
    onSuccess: (_, decision) => {
      toast.success(t(`admin.moderation.${decision === 'hide' ? 'hidden' : 'restored'}`));
      void queryClient.invalidateQueries({ queryKey: adminKeys.all() });
    },
  });
  const nsfw = item.review?.nsfw;
  return (
    <li className="console-item" data-testid="moderation-row">
      <img className="console-item__thumb" src={item.imageUrl} alt="" loading="lazy" />
      <div className="console-item__main">
        <strong>{item.text ?? t('admin.moderation.noCaption')}</strong>
        <span className="console-hint">
          <Link to={`/admin/players/${item.ownerId}`}>{item.ownerId}</Link>
          {item.reports.length > 0 &&
            ` · ${t('admin.moderation.reports', { count: item.reports.length })}: ${[
              ...new Set(item.reports.map((report) => report.reason)),
            ].join(', ')}`}
        </span>
        {item.review && (
          <span className="console-badge console-badge--danger">
            {t('admin.moderation.inReview', {
              explicit: nsfw ? percent(nsfw.porn + nsfw.hentai) : '?',
              sexy: nsfw ? percent(nsfw.sexy) : '?',
            })}
          </span>
        )}
        {item.hiddenAt && <span className="console-badge">{t('admin.moderation.isHidden')}</span>}
      </div>
      <DecisionButtons
        small
        decide={decide}
        decisions={[
          { value: 'restore', label: t('admin.moderation.restore'), tone: 'secondary' },
          { value: 'hide', label: t('admin.moderation.hide'), tone: 'danger' },
        ]}
      />
    </li>
  );
}

/**
 * The moderation queue: reported memes and generated results held by NSFW screening, newest first.
 * Restore allows (shows it again; a held result may be published), hide keeps it out.
 */
export function ModerationPanel() {
  const { t } = useTranslation();
  const client = useApiClient();
  const { query, items } = usePaged(adminKeys.moderation(), (page) => adminApi.reports(client, page));
  if (query.isPending || query.isError) return <QueryFallback query={query} />;
  return (
    <div className="console-panel">
      {items.length === 0 ? (
        <p className="empty">{t('admin.moderation.empty')}</p>
      ) : (
        <ul className="console-list">
          {items.map((item) => (
            <QueuedMeme key={item.memeId} item={item} />
          ))}
        </ul>
      )}
      <LoadMore pages={query} />
    </div>
  );
}
