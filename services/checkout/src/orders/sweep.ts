import type { Collection } from '@pharmacy/db';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../payments/port';
import type { OrderCapture } from './capture';
import type { OrderLedger, StockMove } from './ledger';
import { SYSTEM, type OrderDoc } from './store';

export interface OrderSweepDeps {
  orders: Collection<OrderDoc>;
  payments: Pick<PaymentProvider, 'name'>;
  ledger: Pick<OrderLedger, 'closeUnpaid' | 'markPaid' | 'moveStock'>;
  capture: Pick<OrderCapture, 'settle' | 'askProvider'>;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** What the sweeper (expiry.ts) does on each run, apart from rejections and mail. */
export function createOrderSweep(deps: OrderSweepDeps) {
  const { orders, ledger } = deps;
  const nowMs = () => deps.now().getTime();

  /**
   * Before an unpaid order expires, the provider is asked about its payment, whatever our records say: a capture
   * it holds that we never heard of (a lost answer, a record lost in a power cut) makes the order paid, not
   * expired. Unreachable: the order waits for the next sweep rather than expire over money that may be taken.
   */
  async function expireOne(order: OrderDoc): Promise<boolean> {
    if (order.paymentId) {
      const state = await deps.capture.askProvider(order, 'before expiring an order');
      if (!state) return false;
      if (state.status === 'captured') {
        deps.log.warn({ orderId: order._id, captureId: state.captureId }, 'an order about to expire was paid at the provider: recording it as paid');
        await ledger.markPaid(order, state.captureId, state.payerId ?? order.payerId, `Captured by ${deps.payments.name} (found with the provider before expiry)`);
        return false;
      }
    }
    return !!(await ledger.closeUnpaid(order._id, SYSTEM, 'Not paid within 30 minutes', 'expired'));
  }

  return {
    /** Orders not captured in time: rejected, payment failed, stock released. Returns how many expired. */
    async expireDue(): Promise<number> {
      const due = await orders.find(
        { orderStatus: 'pending', paymentStatus: 'pending', capturing: null, expiresAt: { $lte: nowMs() } },
        { sort: { expiresAt: 1 }, limit: 200 },
      );
      let expired = 0;
      for (const o of due) if (await expireOne(o)) expired++;
      return expired;
    },

    /** Asks the provider about every order with an unfinished capture; returns how many turned out paid. */
    async reconcileCaptures(): Promise<number> {
      const unfinished = await orders.find({ paymentStatus: 'pending', capturing: { $ne: null } }, { sort: { updatedAt: 1 }, limit: 200 });
      let paid = 0;
      for (const o of unfinished) if ((await deps.capture.settle(o)) === 'paid') paid++;
      return paid;
    },

    /** Stock changes the catalog missed while it was down. */
    async retryStock(): Promise<void> {
      for (const move of ['release', 'commit', 'refund', 'restock'] as const satisfies readonly StockMove[]) {
        for (const o of await orders.find({ stock: `${move}-pending` }, { limit: 200 })) await ledger.moveStock(o._id, move);
      }
    },
  };
}
export type OrderSweep = ReturnType<typeof createOrderSweep>;
