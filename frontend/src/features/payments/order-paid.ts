import type { OrderStateDto } from '@mememint/contracts';

import type { GameSocket } from '../../lib/socket';

/** How often the latest order is asked for while `order:paid` has not come (a dropped socket). */
export const ORDER_POLL_MS = 2000;

/**
 * Resolves true once the order is paid: `order:paid` on the socket, or the latest order's status
 * (asked every ORDER_POLL_MS), whichever says so first; false after `timeoutMs` or `cancel()`.
 */
export function waitForOrderPaid(
  orderId: string,
  socket: GameSocket | null,
  latestOrder: () => Promise<OrderStateDto>,
  timeoutMs = 90_000,
): { paid: Promise<boolean>; cancel: () => void } {
  let finish: (paid: boolean) => void = () => undefined;
  const paid = new Promise<boolean>((resolve) => {
    finish = resolve;
  });
  const onPaid = (payload: { orderId: string }) => {
    if (payload.orderId === orderId) finish(true);
  };
  socket?.on('order:paid', onPaid);
  const poll = setInterval(() => {
    latestOrder().then(
      (order) => order.orderId === orderId && order.status === 'paid' && finish(true),
      () => undefined,
    );
  }, ORDER_POLL_MS);
  const timeout = setTimeout(() => finish(false), timeoutMs);
  void paid.finally(() => {
    socket?.off('order:paid', onPaid);
    clearInterval(poll);
    clearTimeout(timeout);
  });
  return { paid, cancel: () => finish(false) };
}
