import type { Collection, Update } from '@pharmacy/db';
import { HttpError } from '@pharmacy/service-kit';
import type { Market, Order } from '@pharmacy/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountClient } from '../../clients/account';
import type { OrderDoc } from '../store';
import { orderMail } from './compose';
import { MAIL_STEPS, type MailStep } from './steps';

export interface OrderMailDeps {
  orders: Collection<OrderDoc>;
  account: Pick<AccountClient, 'notify'>;
  toApi: (order: OrderDoc) => Order;
  publicOrigin: string;
  market: Pick<Market, 'tax'>;
  log: FastifyBaseLogger;
}

/** The steps an order still owes its shopper a mail for, in reading order (a rejection from before `mailsDue` too). */
function due(order: OrderDoc): MailStep[] {
  const owed = new Set<MailStep>(order.mailsDue ?? []);
  if (order.shopperNotice === 'pending') owed.add('rejected');
  return MAIL_STEPS.filter((step) => owed.has(step));
}

/**
 * Sends the mails an order owes through the account service (it alone knows the shopper's email) and crosses them
 * off once taken, in one write. A failure never undoes or holds up the change that earned the mail: the step stays owed and the
 * sweep sends it later; the account service sends one mail per key however often it is asked.
 */
export function createOrderMail(deps: OrderMailDeps) {
  const { orders } = deps;

  /**
   * Sends what the order owes and answers the order update that crosses off what was taken (null: nothing to
   * record), for the caller to write, alone or with its own change (ledger.recordPayment).
   */
  async function deliver(order: OrderDoc): Promise<Update | null> {
    const taken: MailStep[] = [];
    const recorded = (): Update | null =>
      taken.length === 0
        ? null
        : { $pull: { mailsDue: { $in: taken } }, ...(taken.includes('rejected') && order.shopperNotice ? { $set: { shopperNotice: 'sent' } } : {}) };
    for (const step of due(order)) {
      try {
        await deps.account.notify(order.userId, orderMail(step, deps.toApi(order), { publicOrigin: deps.publicOrigin, market: deps.market }));
        taken.push(step);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) {
          // The account was deleted meanwhile: there is nobody to write to (My Orders is gone with it).
          return { $set: { mailsDue: [], ...(order.shopperNotice === 'pending' ? { shopperNotice: 'undeliverable' } : {}) } };
        }
        deps.log.warn({ err, orderId: order._id, step }, 'could not mail the shopper about their order; the sweeper will retry');
        return recorded();
      }
    }
    return recorded();
  }

  async function send(order: OrderDoc): Promise<void> {
    const taken = await deliver(order);
    if (taken) await orders.updateOne({ _id: order._id }, taken);
  }

  return {
    send,
    deliver,
    /** Mails the account service did not take yet (it was down, or the process stopped after the change). */
    async retry(): Promise<void> {
      for (const o of await orders.find({ $or: [{ mailsDue: { $in: [...MAIL_STEPS] } }, { shopperNotice: 'pending' }] }, { limit: 200 })) await send(o);
    },
  };
}
export type OrderMail = ReturnType<typeof createOrderMail>;
