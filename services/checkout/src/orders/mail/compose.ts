import { DELIVERY_METHOD_TEXT, TEST_PAYMENT_NOTICE, formatDate, formatMoney, isTestPayment, type NotifyUserBody, type Order } from '@pharmacy/contracts';
import { mailKey, type MailStep } from './steps';
import { renderMail, type MailContent, type MailPart } from './template';

/*
 * What each step's mail says (docs/domain.md#mail). Every mail names the order by its number, lists its items and
 * totals and links to My Orders; the ones about its journey say where it goes.
 */

export interface MailContext {
  /** The shop's origin, for the link to My Orders. */
  publicOrigin: string;
}

const paragraph = (text: string): MailPart => ({ kind: 'paragraph', text });

function items(order: Order): MailPart[] {
  const money = (amount: number) => formatMoney(amount, order.currency);
  return [
    { kind: 'lines', title: 'Your order', rows: order.items.map((i) => ({ quantity: i.quantity, title: i.title, total: money(i.lineTotal) })) },
    {
      kind: 'facts',
      rows: [
        ['Subtotal', money(order.subtotal)],
        ['Delivery', order.deliveryFee > 0 ? money(order.deliveryFee) : 'Free'],
        ['Total', money(order.totalAmount)],
        [`Tax included (${order.taxRatePercent}%)`, money(order.taxIncluded)],
      ],
    },
  ];
}

const addressLine = (order: Order) =>
  [order.address.fullName, order.address.addressLine, order.address.city, order.address.postalCode].map((s) => s?.trim()).filter(Boolean).join(', ');

/** Where the order goes, from the order's own copies of the address and the pharmacy. */
function destination(order: Order): MailPart {
  const pharmacy = order.delivery.pharmacy;
  if (order.delivery.method === 'collect' && pharmacy) {
    return { kind: 'facts', title: 'Collection', rows: [['Collect from', `${pharmacy.name}, ${pharmacy.address}`], ['Bring', `your order number ${order.orderNumber}`]] };
  }
  const method = DELIVERY_METHOD_TEXT[order.delivery.method];
  return { kind: 'facts', title: 'Delivery', rows: [['Method', method ? `${order.delivery.label} (${method.description})` : order.delivery.label], ['To', addressLine(order)]] };
}

// A payment staff recorded as taken outside the provider has no payer: it is refunded the way it was paid.
const refundWay = (order: Order) => (order.payerId ? 'to the payment method you used' : 'the way you paid');

function content(step: MailStep, order: Order, reason: string): MailContent {
  const ref = order.orderNumber;
  const total = formatMoney(order.totalAmount, order.currency);
  const collect = order.delivery.method === 'collect';
  const pharmacy = order.delivery.pharmacy?.name ?? 'the pharmacy';
  switch (step) {
    case 'paid': {
      const checked = order.review.status === 'awaiting';
      return {
        subject: checked ? `Order ${ref}: paid, and waiting for our pharmacist’s check` : `Order ${ref} is confirmed: thank you`,
        heading: checked ? 'Thank you: a pharmacist checks your order next' : 'Thank you for your order',
        parts: [
          paragraph(`We have your payment for order ${ref}, placed ${formatDate(order.orderDate, { utc: true })}.`),
          paragraph(
            checked
              ? 'Because it holds a pharmacy medicine or a safety warning you confirmed, one of our pharmacists checks it before we prepare it. We will email you as soon as they have. If they cannot approve it, you are refunded in full.'
              : collect
                ? `We are preparing it now and will email you when it is ready to collect at ${pharmacy}.`
                : 'We are preparing it now and will email you when it is on its way.',
          ),
          ...items(order),
          destination(order),
        ],
      };
    }
    case 'approved':
      return {
        subject: `Order ${ref} was approved by our pharmacist`,
        heading: 'Our pharmacist approved your order',
        parts: [
          paragraph(`Our pharmacist has checked order ${ref} and approved it. We are preparing it now and will email you when it is ${collect ? `ready to collect at ${pharmacy}` : 'on its way'}.`),
          ...items(order),
          destination(order),
        ],
      };
    case 'dispatched':
      return collect
        ? {
            subject: `Order ${ref} is ready to collect`,
            heading: 'Your order is ready to collect',
            parts: [paragraph(`Order ${ref} is waiting for you at ${pharmacy}. Bring your order number, ${ref}, to the counter.`), destination(order), ...items(order)],
          }
        : {
            subject: `Order ${ref} is on its way`,
            heading: 'Your order is on its way',
            parts: [paragraph(`Order ${ref} has left the pharmacy.`), destination(order), ...items(order)],
          };
    case 'delivered':
      return {
        subject: collect ? `Order ${ref} was collected` : `Order ${ref} was delivered`,
        heading: collect ? 'You collected your order' : 'Your order was delivered',
        parts: [
          paragraph(collect ? `Order ${ref} was collected from ${pharmacy}.` : `Order ${ref} was delivered to ${addressLine(order)}.`),
          paragraph('If anything is missing or not right, tell us through Need help in your account, or ask a pharmacist in the pharmacy.'),
          ...items(order),
        ],
      };
    case 'cancelled':
      return {
        subject: `Order ${ref} was cancelled by the pharmacy`,
        heading: 'We had to cancel your order',
        parts: [
          paragraph(`We are sorry: we had to cancel order ${ref} and will not send it.`),
          paragraph(
            order.paymentStatus === 'refunded'
              ? `We have refunded the full ${total} ${refundWay(order)}.`
              : `We will refund the full ${total} ${refundWay(order)} and email you when we have.`,
          ),
          ...items(order),
        ],
      };
    case 'refunded':
      return {
        subject: `Order ${ref} has been refunded`,
        heading: 'Your refund is on its way',
        parts: [paragraph(`We have refunded ${total} for order ${ref} ${refundWay(order)}. It can take a few working days to appear.`), ...items(order)],
      };
    case 'rejected':
      return {
        subject: `Your order ${ref} was not approved by our pharmacist and has been refunded`,
        heading: 'Our pharmacist could not approve your order',
        parts: [
          paragraph(`Our pharmacist reviewed your order ${ref} of ${formatDate(order.orderDate, { utc: true })} and could not approve it, so it will not be sent. The pharmacist's reason:`),
          paragraph(reason),
          paragraph(
            order.payerId
              ? `We have refunded the full ${total} to the payment method you used. It can take a few working days to appear.`
              : `We will refund the full ${total} to you the way you paid.`,
          ),
          paragraph('If you have questions, write to us through Need help in your account, or ask a pharmacist in the pharmacy.'),
          ...items(order),
        ],
      };
  }
}

/** The mail a step of this order sends, ready for the account service's notify (sent once per key). */
export function orderMail(step: MailStep, order: Order, ctx: MailContext): NotifyUserBody {
  const mail = content(step, order, order.review.note ?? '');
  const tail: MailPart[] = [
    ...(isTestPayment(order.paymentMethod) ? [paragraph(`${TEST_PAYMENT_NOTICE}.`)] : []),
    { kind: 'link', label: 'See your order in My Orders', url: `${ctx.publicOrigin.replace(/\/$/, '')}/my-orders` },
  ];
  return renderMail({ ...mail, parts: [...mail.parts, ...tail] }, mailKey(step, order._id));
}
