import type { OrderClosedReason, Order } from '@pharmacy/contracts';
import type { Collection, Update } from '@pharmacy/db';
import { HttpError } from '@pharmacy/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { CartStore } from '../cart/store';
import type { CatalogClient } from '../clients/catalog';
import type { SupplyLimits } from '../limits/service';
import type { PrescriptionSupply } from '../prescriptions/supply';
import type { OrderBatches } from '../recalls/order-batches';
import type { HoldSlots } from './holds';
import type { OrderMail } from './mail/notifier';
import { mailsFor, owe } from './mail/steps';
import type { OrderRecords } from './records';
import { SYSTEM, history, type Actor, type OrderDoc } from './store';

export interface OrderLedgerDeps {
  orders: Collection<OrderDoc>;
  catalog: Pick<CatalogClient, 'commit' | 'release' | 'refund' | 'restock'>;
  carts: Pick<CartStore, 'mutate'>;
  holds: Pick<HoldSlots, 'release'>;
  prescriptions: Pick<PrescriptionSupply, 'giveBack'>;
  supplyLimits: Pick<SupplyLimits, 'giveBack'>;
  /** Where a commit's answer (the batches the paid order took) is recorded. */
  batches: Pick<OrderBatches, 'record'>;
  mail: Pick<OrderMail, 'deliver'>;
  records: OrderRecords;
  now: () => Date;
  log: FastifyBaseLogger;
}

const MOVED = { commit: 'committed', release: 'released', refund: 'refunded', restock: 'restocked' } as const;

/** An order update that also sets the stock's mark. */
const withStockMark = (update: Update | null, stock: OrderDoc['stock']): Update => ({
  ...update,
  $set: { ...(update?.$set as object | undefined), stock },
});
export type StockMove = keyof typeof MOVED;

/**
 * The writes every path that ends an unpaid order or records a payment shares (placing's undo, capture, the sweep,
 * staff): each is one conditional write on the order, then the stock and the shopper's mail follow.
 */
export function createOrderLedger(deps: OrderLedgerDeps) {
  const { orders, records } = deps;
  const nowMs = () => deps.now().getTime();

  /**
   * Moves an order's reservation on at the catalog and records it: `commit` (paid), `release` (gives the held
   * stock back) or `refund` (a refunded order's units stop counting as sold). When the catalog is down the order
   * keeps its `<move>-pending` mark and the sweeper retries; every move is idempotent. `restock` puts a rejected
   * paid order's units back on the shelf, also when its commit has not reached the catalog yet.
   */
  async function moveStock(orderId: string, move: StockMove): Promise<boolean> {
    if (move !== 'commit' && !(await gaveBackPrescriptions(orderId, move))) return false;
    if (!(await movedAtCatalog(orderId, move))) return false;
    try {
      await orders.updateOne({ _id: orderId, stock: `${move}-pending` }, { $set: { stock: MOVED[move] } });
      return true;
    } catch (err) {
      deps.log.warn({ err, orderId }, `stock ${move} failed; the sweeper will retry`);
      return false;
    }
  }

  /**
   * Every move but commit also gives back the prescription quantity the order held, before the stock's mark moves:
   * a stop between the two leaves the mark pending, and the sweeper's retry gives back nothing twice (supply.ts
   * records each reservation on the prescription itself). docs/domain.md#ordering-against-a-prescription
   */
  async function gaveBackPrescriptions(orderId: string, move: StockMove): Promise<boolean> {
    try {
      await deps.prescriptions.giveBack(orderId);
      // The order stops counting on its supply windows on the same moves (docs/domain.md#supply-limits).
      await deps.supplyLimits.giveBack(orderId);
      return true;
    } catch (err) {
      deps.log.warn({ err, orderId }, `prescription quantity not given back on ${move}; the sweeper will retry`);
      return false;
    }
  }

  /**
   * The catalog's half of moveStock: false (logged) when it failed, the order keeping its `<move>-pending` mark. A
   * commit's answer names the batches the order took; they are recorded before the mark moves, so a stop between
   * the two is finished by the sweep's retry (the catalog answers a repeated commit with the same batches).
   */
  async function movedAtCatalog(orderId: string, move: StockMove): Promise<boolean> {
    try {
      if (move === 'commit') {
        await deps.batches.record(orderId, await deps.catalog.commit(orderId), true);
        return true;
      }
      await deps.catalog[move](orderId).catch((err: unknown) => {
        // No reservation was ever made (the reserve itself failed): there is nothing to give back.
        if (!(move === 'release' && err instanceof HttpError && err.statusCode === 404)) throw err;
      });
      return true;
    } catch (err) {
      deps.log.warn({ err, orderId }, `stock ${move} failed; the sweeper will retry`);
      return false;
    }
  }

  /**
   * Closes an unpaid order (cancelled, expired, or placing could not finish): rejected + failed, recorded in its
   * history with why (`closedReason`), stock released. Atomic on the pending state, so it never races a capture.
   */
  async function closeUnpaid(orderId: string, by: Actor, note: string, reason: OrderClosedReason): Promise<OrderDoc | null> {
    const at = nowMs();
    const closed = await orders.findOneAndUpdate(
      // capturing: null — a capture whose outcome was never recorded may have taken the money: the provider is
      // asked first (capture.ts settle), and only an order it did not charge may close.
      { _id: orderId, orderStatus: 'pending', paymentStatus: 'pending', captureLockUntil: { $lt: at }, capturing: null },
      {
        $set: { orderStatus: 'rejected', paymentStatus: 'failed', closedReason: reason, stock: 'release-pending', updatedAt: at },
        $push: { history: { $each: [history('orderStatus', 'pending', 'rejected', at, by, note), history('paymentStatus', 'pending', 'failed', at, by, note)] } },
      },
      { returnDocument: 'after' },
    );
    if (!closed) return null;
    await moveStock(orderId, 'release');
    await deps.holds.release(orderId);
    return records.reload(orderId);
  }

  /**
   * Records a payment: paid (+ confirmed), stock committed, the bought items leave the cart, the shopper is mailed.
   * Conditional on the payment still pending (and on `guard`), so a capture and a reconciliation can both try and
   * apply once; null when it no longer was. Staff recording a payment taken outside the provider come here too.
   */
  async function recordPayment(order: OrderDoc, by: Actor, note: string, set: Partial<OrderDoc>, guard: Record<string, unknown> = {}): Promise<OrderDoc | null> {
    const at = nowMs();
    const after: Partial<Pick<OrderDoc, 'paymentStatus' | 'orderStatus'>> =
      order.orderStatus === 'pending' ? { paymentStatus: 'paid', orderStatus: 'confirmed' } : { paymentStatus: 'paid' };
    const paid = await orders.findOneAndUpdate(
      { _id: order._id, paymentStatus: 'pending', ...guard },
      {
        $set: { ...after, ...set, stock: 'commit-pending', captureLockUntil: 0, capturing: null, updatedAt: at },
        $push: {
          history: { $each: [history('paymentStatus', 'pending', 'paid', at, by, note), ...(after.orderStatus ? [history('orderStatus', 'pending', 'confirmed', at, by, 'Paid')] : [])] },
        },
        ...owe(mailsFor(order, after)),
      },
      { returnDocument: 'after' },
    );
    if (!paid) return null;
    const committed = await movedAtCatalog(order._id, 'commit');
    await deps.holds.release(order._id);
    const bought = new Set(paid.productIds);
    await deps.carts.mutate(order.userId, (items) => items.filter((i) => !bought.has(i.productId)));
    const mailed = await deps.mail.deliver(paid);
    // The stock's mark (only over commit-pending: staff may have moved it on) and the mails taken, in one write
    // whose answer is the order as it now is. A stop before it leaves both owed: the sweeper commits again (the
    // catalog's commit is idempotent) and the account service sends a key's mail once.
    if (committed) {
      const marked = await orders.findOneAndUpdate({ _id: order._id, stock: 'commit-pending' }, withStockMark(mailed, 'committed'), { returnDocument: 'after' });
      if (marked) return marked;
    }
    if (mailed) await orders.updateOne({ _id: order._id }, mailed);
    return records.reload(order._id);
  }

  /** A payment the provider took; applied once however many captures and reconciliations record it. */
  async function markPaid(order: OrderDoc, captureId: string, payerId: string, note: string): Promise<Order> {
    const paid = await recordPayment(order, SYSTEM, note, { payerId, captureId });
    if (paid) return records.toApi(paid);
    const current = await records.reload(order._id);
    // Someone else recorded this payment first: the same outcome.
    if (current.paymentStatus === 'paid') return records.toApi(current);
    // Money was taken for an order that closed meanwhile (only staff can do that): this needs a person.
    deps.log.error({ orderId: order._id, captureId, orderStatus: current.orderStatus, paymentStatus: current.paymentStatus }, 'payment captured but the order changed meanwhile');
    return records.toApi(current);
  }

  return { moveStock, closeUnpaid, recordPayment, markPaid };
}
export type OrderLedger = ReturnType<typeof createOrderLedger>;
