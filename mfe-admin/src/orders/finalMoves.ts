import { formatMoney, orderNumber, type StaffOrder, type OrderStatus, type PaymentStatus } from '@pharmacy/contracts';

/** What staff are asked before a move that cannot be undone, in words saying what it does. */
export interface FinalMoveWarning {
  title: string;
  description: string;
  confirmLabel: string;
}

const units = (order: StaffOrder) => {
  const n = order.items.reduce((sum, i) => sum + i.quantity, 0);
  return `${n} held ${n === 1 ? 'unit goes' : 'units go'} back to stock`;
};

/**
 * The confirmation a final status move needs (docs/product.md#admin-panel), or null for a move that can be followed
 * by others: failing a payment or rejecting an order closes it, and recording a refund tells the shopper.
 */
export function finalMoveWarning(order: StaffOrder, field: 'orderStatus' | 'paymentStatus', next: OrderStatus | PaymentStatus): FinalMoveWarning | null {
  const ref = orderNumber(order._id);
  const total = formatMoney(order.totalAmount, order.currency);
  const unpaid = order.paymentStatus === 'pending';
  if (field === 'paymentStatus' && next === 'failed') {
    return {
      title: 'Mark the payment failed?',
      description: `This rejects order ${ref}: the shopper can no longer pay for it and its ${units(order)}. This cannot be undone.`,
      confirmLabel: 'Mark failed and reject',
    };
  }
  if (field === 'orderStatus' && next === 'rejected') {
    return {
      title: `Reject order ${ref}?`,
      description: unpaid
        ? `Its payment is marked failed, the shopper can no longer pay for it and its ${units(order)}. This cannot be undone.`
        : `The order stops here and the shopper is emailed that it was cancelled. The payment of ${total} stays paid: refund it, then mark the payment Refunded. This cannot be undone.`,
      confirmLabel: 'Reject order',
    };
  }
  if (field === 'paymentStatus' && next === 'refunded') {
    return {
      title: 'Mark the payment refunded?',
      description: `Record this once ${total} has gone back to the shopper: they are emailed that their refund is on its way, and the order's units stop counting as sold. This cannot be undone.`,
      confirmLabel: 'Mark refunded',
    };
  }
  return null;
}
