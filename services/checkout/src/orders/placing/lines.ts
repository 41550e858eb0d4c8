import { CheckoutErrorCodes, effectiveMaxPerOrder, type ConsultationAnswerInput, type Quote, type SafetyProfile } from '@pharmacy/contracts';
import { HttpError, unprocessable } from '@pharmacy/service-kit';
import type { QuoteLine } from '../../clients/catalog';
import type { CartEntry } from '../../cart/store';
import { refusalError, type Coverage } from '../../prescriptions/supply';
import { lineProblem, warningMessages } from '../../safety';
import { consultationFor } from '../review';
import type { OrderItemDoc } from '../store';

const gone = (title: string) => new HttpError(409, CheckoutErrorCodes.OUT_OF_STOCK, `${title} is no longer available. Please remove it from your cart.`);

/**
 * Why a quoted line cannot be ordered, from the catalog's verdict as it gave it (docs/architecture.md#services):
 * checkout words the refusal for an order but never decides availability again.
 */
function refusal(q: QuoteLine | undefined): HttpError | undefined {
  if (!q) return gone('A product in your cart');
  switch (q.reasonCode) {
    case 'NOT_FOUND':
      return gone(q.title);
    case 'OUT_OF_STOCK':
      return q.totalStock > 0
        ? new HttpError(409, CheckoutErrorCodes.OUT_OF_STOCK, `Only ${q.totalStock} of ${q.title} left in stock. Please lower the quantity.`)
        : gone(q.title);
    case 'MAX_PER_ORDER':
      return unprocessable(`You can order at most ${effectiveMaxPerOrder(q.maxPerOrder)} of ${q.title}.`);
    case 'UNDER_AGE':
    case 'NO_DOB': {
      const problem = lineProblem(q);
      return unprocessable(`${q.title}: ${problem?.message ?? q.reason ?? 'This product cannot be ordered.'}`, problem?.code);
    }
    default:
      return q.available ? undefined : new HttpError(409, CheckoutErrorCodes.OUT_OF_STOCK, q.reason ?? `${q.title} cannot be ordered now.`);
  }
}

/**
 * The prescription item a prescription medicine's line dispenses (its quantity is held by the placing's
 * `prescriptions` step), or the refusal saying why it cannot be ordered.
 */
function dispensedFrom(q: QuoteLine, covered: Coverage): NonNullable<OrderItemDoc['prescription']> {
  if ('refusal' in covered) throw refusalError(covered.refusal, q.title);
  const { quantityLeft, ...from } = covered.from;
  if (q.quantity > quantityLeft) throw refusalError('PRESCRIPTION_QUANTITY', q.title);
  return from;
}

export interface OrderLines {
  items: OrderItemDoc[];
  subtotalCents: number;
  /** "Title: warning" for each warning the shopper acknowledged. */
  warnings: string[];
  consultation: ReturnType<typeof consultationFor>;
  unrecognisedTerms: string[];
}

/**
 * The order's lines from the catalog's quote of the cart: each line the catalog can sell, its warnings acknowledged,
 * and the pharmacist's questions answered when a pharmacy medicine is in it. Prices are the quote's cents.
 */
export function orderLines(
  entries: CartEntry[],
  quote: Quote,
  shopper: { acknowledgeSafetyWarnings?: boolean; consultation?: ConsultationAnswerInput[]; profile: SafetyProfile; at: Date },
  cover: (productId: string) => Coverage,
): OrderLines {
  const byId = new Map(quote.items.map((l) => [l.productId, l]));
  const items: OrderItemDoc[] = [];
  let subtotalCents = 0;
  for (const entry of entries) {
    const q = byId.get(entry.productId);
    const refused = refusal(q);
    if (refused || !q) throw refused;
    const prescription = q.requiresPrescription ? dispensedFrom(q, cover(q.productId)) : undefined;
    subtotalCents += q.lineTotalCents;
    items.push({
      productId: q.productId, title: q.title, image: q.image ?? '', brand: q.brand ?? '', unitPriceCents: q.unitPriceCents,
      quantity: q.quantity, warnings: warningMessages(q), ...(q.pharmacyOnly ? { pharmacyOnly: true } : {}),
      ...(prescription ? { prescription } : {}), ...(q.supply ? { supply: q.supply } : {}),
    });
  }
  const warnings = items.flatMap((i) => i.warnings.map((w) => `${i.title}: ${w}`));
  if (warnings.length > 0 && shopper.acknowledgeSafetyWarnings !== true) {
    throw unprocessable(`Please read and acknowledge the safety warnings before ordering. ${warnings.join(' ')}`, CheckoutErrorCodes.SAFETY_ACK_REQUIRED);
  }
  // Answers sent for a cart without a pharmacy medicine (it left the cart in another tab) are not kept: health
  // details are stored only where a pharmacist needs them.
  const pharmacyTitles = items.filter((i) => i.pharmacyOnly).map((i) => i.title);
  const consultation = pharmacyTitles.length > 0 ? consultationFor(pharmacyTitles, shopper.consultation, shopper.profile, shopper.at) : [];
  return { items, subtotalCents, warnings, consultation, unrecognisedTerms: quote.unrecognisedTerms ?? [] };
}
