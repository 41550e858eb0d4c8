import type { Market } from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import { forbidden, notFound } from '@pharmacy/service-kit';
import { toApiOrder, type OrderRecord } from './api-form';
import type { OrderDoc } from './store';

export interface OrderRecordsDeps {
  orders: Collection<OrderDoc>;
  /** Today's tax rate, shown for an older order stored without its own. */
  taxRatePercent: number;
  market: Pick<Market, 'country'>;
}

/** Reading one order: by id (staff, the sweeper), by its owner (the shopper), and as the API shows it. */
export function createOrderRecords(deps: OrderRecordsDeps) {
  const { orders } = deps;
  return {
    /** The response serializer's one call: cents become decimals here (docs/architecture.md#data). */
    toApi: (d: OrderDoc): OrderRecord => toApiOrder(d, deps.taxRatePercent, deps.market.country.code),
    async reload(orderId: string): Promise<OrderDoc> {
      const order = await orders.findOne({ _id: orderId });
      if (!order) throw notFound('That order was not found.');
      return order;
    },
    async owned(userId: string, orderId: string): Promise<OrderDoc> {
      const order = await orders.findOne({ _id: orderId });
      if (!order) throw notFound('That order was not found.');
      if (order.userId !== userId) throw forbidden('That order belongs to another account.');
      return order;
    },
  };
}
export type OrderRecords = ReturnType<typeof createOrderRecords>;
