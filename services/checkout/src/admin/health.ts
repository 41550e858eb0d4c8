import { ORDER_HEALTH_FIELDS, hasPermission, type Order, type StaffOrder } from '@pharmacy/contracts';
import type { FastifyRequest } from 'fastify';
import type { AccountClient } from '../clients/account';
import { HEALTH_REASONS } from '../orders/review';
import type { OrderRecord } from '../orders/api-form';

const mayReadHealth = (request: FastifyRequest) => hasPermission(request.staff?.roles ?? request.user?.roles, 'health.read');

/** What staff read for an order in the audit trail: its number and whom it is for. */
export const orderEntity = (order: Order) => ({ type: 'order', id: order._id, name: `Order ${order.orderNumber} for ${order.address.fullName}` });

/** In place of what quotes health data: the admin screens show it as their "Restricted". */
const RESTRICTED = 'restricted';

/** Each text once, in order, those that came more than once counted ("2 × Acknowledged warning: restricted"). */
function counted(texts: string[]): string[] {
  const times = new Map<string, number>();
  for (const t of texts) times.set(t, (times.get(t) ?? 0) + 1);
  return [...times].map(([t, n]) => (n > 1 ? `${n} × ${t}` : t));
}

/**
 * A review reason without the health data it quotes: what kind of reason it is (for a contradiction, which question),
 * then "restricted". The others ("Pharmacy medicine: …") say nothing about the shopper and stay as they are.
 */
function reasonWithoutHealthData(reason: string): string {
  const { contradiction, warning, unrecognised } = HEALTH_REASONS;
  if (reason.startsWith(`${contradiction} (`)) return `${reason.slice(0, reason.indexOf('): ') + 1)}: ${RESTRICTED}`;
  for (const start of [contradiction, warning, unrecognised]) if (reason.startsWith(start)) return `${start}: ${RESTRICTED}`;
  return reason;
}

/** An order without its health data (consultation, unrecognised terms), named in `restricted`. */
const withoutHealthFields = ({ consultation: _c, unrecognisedTerms: _u, ...rest }: OrderRecord): StaffOrder => ({ ...rest, restricted: [...ORDER_HEALTH_FIELDS] });

/**
 * An order in a staff list: lists never carry health data, whoever asks (the details do, to those allowed). Besides
 * the consultation and the unrecognised terms, what was derived from the health profile when the order was placed
 * quotes it too: the safety warnings ("you told us you are allergic to …") and the review reasons (the
 * contradiction, the terms). Those keep their place and their count, their words restricted, so an order with a
 * warning never reads as one without (docs/api.md#admin-orders).
 */
export function listedOrder(order: OrderRecord): StaffOrder {
  const rest = withoutHealthFields(order);
  return {
    ...rest,
    items: rest.items.map((item) => ({ ...item, warnings: counted(item.warnings.map(() => `Safety warning: ${RESTRICTED}`)) })),
    acknowledgedWarnings: counted(rest.acknowledgedWarnings.map(() => `Safety warning: ${RESTRICTED}`)),
    review: { ...rest.review, reasons: counted(rest.review.reasons.map(reasonWithoutHealthData)) },
  };
}

/**
 * The order a staff write answers: without the consultation and the unrecognised terms, whoever wrote (the screen
 * keeps those from the details it read, an audited read), so a write is one audit entry, not a write and a read.
 * Its warnings and review reasons, which the screen takes from the answer, stay in words for a role with
 * 'health.read' only: they are what that role just read in the details and decided on.
 */
export const answeredOrder = (request: FastifyRequest, order: OrderRecord): StaffOrder => (mayReadHealth(request) ? withoutHealthFields(order) : listedOrder(order));

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
