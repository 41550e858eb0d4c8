import { effectiveMaxPerOrder, type Quote, type QuoteItem, type StockLine } from '@pharmacy/contracts';
import { effectivePriceCents, toSummary } from '../products/model';
import type { ProductReadModel } from '../products/readModel';

/**
 * Server-side prices and availability for a cart (checkout never trusts the browser's prices).
 * Lines keep the request's order; a line that cannot be bought says why.
 */
export function quote(readModel: ProductReadModel, lines: StockLine[]): Quote {
  const items = lines.map((line): QuoteItem => {
    const p = readModel.get(line.productId);
    if (!p) {
      return {
        productId: line.productId,
        title: 'Unavailable product',
        image: '',
        brand: '',
        unitPriceCents: 0,
        totalStock: 0,
        maxPerOrder: null,
        minAge: 0,
        requiresPrescription: false,
        allergens: [],
        contraindications: [],
        activeIngredients: [],
        quantity: line.quantity,
        lineTotalCents: 0,
        available: false,
        reason: 'This product is no longer sold.',
        reasonCode: 'NOT_FOUND',
      };
    }
    const item: QuoteItem = {
      ...toSummary(p),
      quantity: line.quantity,
      lineTotalCents: effectivePriceCents(p) * line.quantity,
      available: true,
    };
    if (p.requiresPrescription) {
      Object.assign(item, { available: false, reasonCode: 'PRESCRIPTION_REQUIRED', reason: `${p.title} needs a prescription and cannot be ordered online.` });
    } else if (p.totalStock < line.quantity) {
      Object.assign(item, {
        available: false,
        reasonCode: 'OUT_OF_STOCK',
        reason: p.totalStock > 0 ? `Only ${p.totalStock} of ${p.title} left in stock.` : `${p.title} is out of stock.`,
      });
    } else if (line.quantity > effectiveMaxPerOrder(p.maxPerOrder)) {
      Object.assign(item, { available: false, reasonCode: 'MAX_PER_ORDER', reason: `${p.title} is limited to ${effectiveMaxPerOrder(p.maxPerOrder)} per order.` });
    }
    return item;
  });
  return { items, totalCents: items.reduce((sum, i) => sum + i.lineTotalCents, 0) };
}
