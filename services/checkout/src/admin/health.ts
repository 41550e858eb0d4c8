import { ORDER_HEALTH_FIELDS, hasPermission, type Order, type StaffOrder } from '@pharmacy/contracts';
import type { FastifyRequest } from 'fastify';
import type { AccountClient } from '../clients/account';
import type { OrderRecord } from '../orders/store';

const mayReadHealth = (request: FastifyRequest) => hasPermission(request.staff?.roles ?? request.user?.roles, 'health.read');

/** What staff read for an order in the audit trail: its number and whom it is for. */
export const orderEntity = (order: Order) => ({ type: 'order', id: order._id, name: `Order ${order.orderNumber} for ${order.address.fullName}` });

/** An order in a staff list: lists never carry health data, whoever asks (the details do, to those allowed). */
export const listedOrder = ({ consultation: _c, unrecognisedTerms: _u, ...rest }: OrderRecord): StaffOrder => ({ ...rest, restricted: [...ORDER_HEALTH_FIELDS] });

/**
 * One order as a member of staff may see it (docs/domain.md#health-data): its consultation answers and unrecognised
 * health terms only for a role with 'health.read', each such read recorded in the audit trail (which fields, never
 * their values). For an order a pharmacist reviews, what changed in the shopper's health profile since it was placed;
 * without the account service the order still answers, without that list.
 */
export async function staffOrder(request: FastifyRequest, order: OrderRecord, account: Pick<AccountClient, 'healthChanges'>): Promise<StaffOrder> {
  if (!mayReadHealth(request)) return listedOrder(order);
  const fields = ORDER_HEALTH_FIELDS.filter((f) => order[f].length > 0);
  let healthChanges: StaffOrder['healthChanges'];
  if (order.review.status !== 'notNeeded' && !order.anonymisedAt) {
    try {
      healthChanges = await account.healthChanges(order.userId, new Date(order.orderDate));
    } catch (err) {
      request.log.warn({ err, orderId: order._id }, "could not read the shopper's health changes since the order");
    }
  }
  if (fields.length > 0 || healthChanges?.length) {
    await request.audit({
      action: 'health.read',
      entity: orderEntity(order),
      after: { fields: [...fields, ...(healthChanges?.length ? ['healthChanges'] : [])] },
    });
  }
  return { ...order, ...(healthChanges ? { healthChanges } : {}) };
}
