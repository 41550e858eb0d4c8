import { orderNumber, type Market, type OrderStateView } from '@pharmacy/contracts';
import type { OrderView } from './slice';

export const orderDate = (o: OrderView) => o.orderDate ?? o.createdAt;
/** The currency the order was charged in; one read defensively without it is in the shop's market's. */
export const currencyOf = (o: OrderView, market: Pick<Market, 'currency'>): string => o.currency ?? market.currency;
export const orderHistory = (o: OrderView) => o.history ?? o.statusHistory ?? [];

/** The short number shoppers read and quote to support ("#FC34A420"): the server's, else made from the id alike. */
export const numberOf = (o: OrderView): string => o.orderNumber ?? orderNumber(o._id);

/**
 * The order as the contracts' status words and timeline read it. OrderView is read defensively (an older checkout
 * may leave fields out), so what they require is filled the way an order starts: pending, unpaid, no history.
 */
export const stateOf = (o: OrderView): OrderStateView => ({
  orderStatus: o.orderStatus ?? 'pending',
  paymentStatus: o.paymentStatus ?? 'pending',
  orderDate: orderDate(o) ?? '',
  history: orderHistory(o),
  closedReason: o.closedReason,
  review: o.review,
  delivery: o.delivery,
});
