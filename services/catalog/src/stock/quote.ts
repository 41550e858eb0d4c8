import { effectiveMaxPerOrder, type Quote, type QuoteItem, type SafetyProfile, type StockLine } from '@pharmacy/contracts';
import { effectivePriceCents, toSummary } from '../products/model';
import { supplyFacts } from '../products/supply';
import type { ProductReadModel } from '../products/readModel';
import { ageBlock } from '../safety/answer';
import { unrecognisedTerms, warningsFor } from '../safety/match';

/**
 * Server-side prices and availability for a cart (checkout never trusts the browser's prices).
 * Lines keep the request's order; a line that cannot be bought says why. With the shopper's profile each line also
 * carries the catalog's safety answer: its warnings, and an age block as reasonCode UNDER_AGE or NO_DOB. `available`
 * keeps meaning "exists, sold online and in stock", so an age block leaves it alone and takes the reason first. A
 * prescription medicine is quoted like any other (`requiresPrescription` says what it is): checkout matches it to the
 * shopper's prescriptions.
 */
export function quote(readModel: ProductReadModel, lines: StockLine[], profile: SafetyProfile | null = null, now: Date = new Date()): Quote {
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
        pharmacyOnly: false,
        allergens: [],
        contraindications: [],
        activeIngredients: [],
        quantity: line.quantity,
        lineTotalCents: 0,
        available: false,
        reason: 'This product is no longer sold.',
        reasonCode: 'NOT_FOUND',
        warnings: [],
        supply: null,
      };
    }
    const item: QuoteItem = {
      ...toSummary(p),
      quantity: line.quantity,
      lineTotalCents: effectivePriceCents(p) * line.quantity,
      available: true,
      warnings: profile ? warningsFor(p, profile) : [],
      supply: supplyFacts(p),
    };
    const block = ageBlock(p, profile, now);
    if (p.totalStock < line.quantity) {
      Object.assign(item, {
        available: false,
        reasonCode: 'OUT_OF_STOCK',
        reason: p.totalStock > 0 ? `Only ${p.totalStock} of ${p.title} left in stock.` : `${p.title} is out of stock.`,
      });
    } else if (line.quantity > effectiveMaxPerOrder(p.maxPerOrder)) {
      Object.assign(item, { available: false, reasonCode: 'MAX_PER_ORDER', reason: `${p.title} is limited to ${effectiveMaxPerOrder(p.maxPerOrder)} per order.` });
    }
    // Safety reasons outrank stock ones: a shopper who may not buy it is told why, not how many are left.
    if (block) Object.assign(item, { reasonCode: block.code, reason: block.message });
    return item;
  });
  return { items, totalCents: items.reduce((sum, i) => sum + i.lineTotalCents, 0), unrecognisedTerms: profile ? unrecognisedTerms(profile) : [] };
}
