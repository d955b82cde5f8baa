import type { AdminOrderDto } from '@mememint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useApiClient } from '../../lib/api-context';
import { LoadMore } from '../../ui/LoadMore';
import { StarIcon } from '../../ui/icons';
import { QueryFallback } from '../../ui/QueryFallback';
import { toast } from '../../ui/toast';
import { adminApi, adminKeys } from './api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { usePaged } from './paged';

function OrderRow({ order }: { order: AdminOrderDto }) {
  const { t, i18n } = useTranslation();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const name = order.username ? `@${order.username}` : String(order.userId);
  const refund = useMutation({
    mutationFn: () => adminApi.refund(client, order.id),
    onSuccess: () => {
      toast.success(t('admin.orders.refunded'));
      void queryClient.invalidateQueries({ queryKey: adminKeys.all() });
    },
    onSettled: () => setConfirming(false),
  });
  return (
    <li className="console-item" data-testid="order-row">
      <div className="console-item__main">
        <strong>
          {order.stars} <StarIcon /> · {order.kind}
        </strong>
        <span className="console-hint">
          <Link to={`/admin/players/${order.userId}`}>{name}</Link> ·{' '}
          {new Date(order.createdAt).toLocaleString(i18n.language)}
        </span>
        <span className={`console-badge console-badge--${order.status}`}>
          {t(`admin.orders.status.${order.status}`)}
        </span>
      </div>
      {order.status === 'paid' && (
        <button
          type="button"
          className="button button--small button--danger"
          onClick={() => setConfirming(true)}
        >
          {t('admin.orders.refund')}
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          confirmLabel={t('admin.confirm')}
          question={t('admin.orders.refundConfirm', { stars: order.stars, name })}
          busy={refund.isPending}
          onConfirm={() => refund.mutate()}
          onClose={() => setConfirming(false)}
        />
      )}
    </li>
  );
}

/** Recent Stars orders, newest first; a paid one refunds after a confirmation. */
export function OrdersPanel() {
  const { t } = useTranslation();
  const client = useApiClient();
  const { query, items } = usePaged(adminKeys.orders(), (page) => adminApi.orders(client, page));
  if (query.isPending || query.isError) return <QueryFallback query={query} />;
  return (
    <div className="console-panel">
      {items.length === 0 ? (
        <p className="empty">{t('admin.orders.empty')}</p>
      ) : (
        <ul className="console-list">
          {items.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </ul>
      )}
      <LoadMore pages={query} />
    </div>
  );
}
