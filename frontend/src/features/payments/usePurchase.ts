import type { PlanKind } from '@mememint/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useApiClient } from '../../lib/api-context';
import { useSocket } from '../../lib/realtime';
import { reportError } from '../../lib/services';
import { haptic, openInvoice as telegramInvoice, type InvoiceStatus } from '../../telegram/sdk';
import { toast } from '../../ui/toast';
import { celebrate } from '../moments';
import { sessionKeys } from '../session';
import { createOrder } from './api/create-order';
import { getLatestOrder } from './api/get-latest-order';
import { waitForOrderPaid } from './order-paid';

/** Where a purchase is: the order being made, Telegram's sheet open, the payment being confirmed. */
export type PurchaseStep = 'ordering' | 'paying' | 'confirming';

export interface Purchase {
  planId: number;
  step: PurchaseStep;
}

/** Telegram's payment sheet (the SDK's by default). */
export type OpenInvoice = (link: string) => Promise<InvoiceStatus>;

/**
 * Buying a plan: the order and its invoice link, Telegram's payment sheet, then the paid order
 * confirmed by `order:paid` (or the latest order, polled); the balances come with the socket's
 * `balance` and the user is reloaded for what it does not carry (a boost's end).
 */
export function usePurchase(kind: PlanKind, openInvoice: OpenInvoice = telegramInvoice) {
  const { t } = useTranslation();
  const client = useApiClient();
  const socket = useSocket();
  const queryClient = useQueryClient();
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const cancelWaits = useRef(new Set<() => void>());

  useEffect(() => {
    const waits = cancelWaits.current;
    return () => waits.forEach((cancel) => cancel());
  }, []);

  const buy = useCallback(
    async (planId: number) => {
      if (purchase) return;
      haptic.tap();
      setPurchase({ planId, step: 'ordering' });
      try {
        const order = await createOrder(client, kind, planId);
        // Listening before the sheet opens: the payment can land before the sheet closes.
        const wait = waitForOrderPaid(order.orderId, socket, () => getLatestOrder(client));
        cancelWaits.current.add(wait.cancel);
        setPurchase({ planId, step: 'paying' });
        const status = await openInvoice(order.link);
        if (status === 'cancelled' || status === 'failed') {
          wait.cancel();
          if (status === 'failed') {
            haptic.error();
            toast.error(t('payments.failed'));
          } else {
            toast.info(t('payments.cancelled'));
          }
          return;
        }
        const confirmed = (paid: boolean) => {
          cancelWaits.current.delete(wait.cancel);
          if (!paid) return;
          void queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
          // A boost starting is a moment of its own (which buzzes); other packs a toast.
          if (kind === 'boost')
            celebrate({ kind: 'boost', title: t('moments.boostTitle'), text: t('moments.boostText') });
          else haptic.success();
          toast.success(t('payments.paid'));
        };
        if (status === 'pending') {
          // Telegram is still processing: the balances update when it is done, the screen is free.
          toast.info(t('payments.pending'));
          void wait.paid.then(confirmed);
          return;
        }
        setPurchase({ planId, step: 'confirming' });
        const paid = await wait.paid;
        confirmed(paid);
        if (!paid) toast.info(t('payments.pending'));
      } catch (error) {
        reportError(error);
      } finally {
        setPurchase(null);
      }
    },
    [client, kind, openInvoice, purchase, queryClient, socket, t],
  );

  return { purchase, buy };
}
