import type { Collection } from '@pharmacy/db';
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
 * Sends the mails an order owes through the account service (it alone knows the shopper's email) and crosses each
 * off once taken. A failure never undoes or holds up the change that earned the mail: the step stays owed and the
 * sweep sends it later; the account service sends one mail per key however often it is asked.
 */
export function createOrderMail(deps: OrderMailDeps) {
  const { orders } = deps;

  async function send(order: OrderDoc): Promise<void> {
    for (const step of due(order)) {
      try {
        await deps.account.notify(order.userId, orderMail(step, deps.toApi(order), { publicOrigin: deps.publicOrigin, market: deps.market }));
        await orders.updateOne({ _id: order._id }, { $pull: { mailsDue: step }, ...(step === 'rejected' && order.shopperNotice ? { $set: { shopperNotice: 'sent' } } : {}) });
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) {
          // The account was deleted meanwhile: there is nobody to write to (My Orders is gone with it).
          await orders.updateOne({ _id: order._id }, { $set: { mailsDue: [], ...(order.shopperNotice === 'pending' ? { shopperNotice: 'undeliverable' } : {}) } });
          return;
        }
        deps.log.warn({ err, orderId: order._id, step }, 'could not mail the shopper about their order; the sweeper will retry');
        return;
      }
    }
  }

  return {
    send,
    /** Mails the account service did not take yet (it was down, or the process stopped after the change). */
    async retry(): Promise<void> {
      for (const o of await orders.find({ $or: [{ mailsDue: { $in: [...MAIL_STEPS] } }, { shopperNotice: 'pending' }] }, { limit: 200 })) await send(o);
    },
  };
}
export type OrderMail = ReturnType<typeof createOrderMail>;
