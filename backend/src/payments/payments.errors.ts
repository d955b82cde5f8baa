import type { OrderStatus } from '@mememint/contracts';

/** No order has this id (the `refund` command). */
export class OrderNotFoundError extends Error {
  constructor(readonly orderId: string) {
    super(`No order ${orderId}.`);
    this.name = 'OrderNotFoundError';
  }
}

/** Only a paid order can be refunded. */
export class OrderNotRefundableError extends Error {
  constructor(
    readonly orderId: string,
    readonly status: OrderStatus,
  ) {
    super(`Order ${orderId} is ${status}: only a paid order can be refunded.`);
    this.name = 'OrderNotRefundableError';
  }
}
