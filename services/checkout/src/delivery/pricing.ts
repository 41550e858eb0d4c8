import {
  DEFAULT_DELIVERY_METHOD,
  DELIVERY_METHOD_TEXT,
  deliveryFeeCents,
  deliveryOptionsFor,
  taxIncludedCents,
  type CartDeliveryQuery,
  type CartTotals,
  type DeliveryMethod,
  type DeliverySelection,
  type Market,
  centsToDecimal,
} from '@pharmacy/contracts';
import { unprocessable } from '@pharmacy/service-kit';
import type { OrderDeliveryDoc } from '../orders/store';

export type ChosenDelivery = Pick<OrderDeliveryDoc, 'method' | 'pharmacy'>;

/** What one order or cart costs to deliver (cents). */
export interface DeliveryPrice {
  subtotalCents: number;
  deliveryFeeCents: number;
  totalCents: number;
  taxIncludedCents: number;
  taxRatePercent: number;
}

/**
 * The shop's delivery prices, from the market (fees, threshold, tax rate, pharmacies): the options page, every cart
 * answer and every order price delivery with this one object, so they never disagree.
 */
export function createDeliveryPricing(market: Market) {
  const { delivery, currency } = market;
  const taxRatePercent = market.tax.ratePercent;

  function price(method: DeliveryMethod, subtotalCents: number): DeliveryPrice {
    const fee = deliveryFeeCents(method, subtotalCents, delivery);
    const totalCents = subtotalCents + fee;
    return { subtotalCents, deliveryFeeCents: fee, totalCents, taxIncludedCents: taxIncludedCents(totalCents, taxRatePercent), taxRatePercent };
  }

  const options = deliveryOptionsFor(market);

  return {
    /** The tax rate prices include (an order older than its stored tax shows it at this rate). */
    taxRatePercent,
    options,
    price,

    /** A cart's totals for the method asked for: `subtotalCents` counts only its orderable lines. */
    cartTotals(subtotalCents: number, excludedLines: number, query: CartDeliveryQuery = {}): CartTotals {
      const method = query.delivery ?? DEFAULT_DELIVERY_METHOD;
      // An empty (or fully blocked) cart is delivered nowhere: no fee is shown for nothing.
      const p = subtotalCents > 0 ? price(method, subtotalCents) : price('collect', 0);
      return {
        subtotal: centsToDecimal(p.subtotalCents),
        delivery: centsToDecimal(p.deliveryFeeCents),
        total: centsToDecimal(p.totalCents),
        taxIncluded: centsToDecimal(p.taxIncludedCents),
        taxRatePercent: p.taxRatePercent,
        currency,
        deliveryMethod: method,
        ...(method === 'standard' ? { amountToFreeDelivery: centsToDecimal(Math.max(0, delivery.freeDeliveryOverCents - subtotalCents)) } : {}),
        excludedLines,
      };
    },

    /** An order's delivery as chosen, checked before anything is priced: standard when none was sent; collect needs one of the pharmacies. */
    chooseDelivery(selection: DeliverySelection | undefined): ChosenDelivery {
      const method = selection?.method ?? DEFAULT_DELIVERY_METHOD;
      if (method !== 'collect') return { method, pharmacy: null };
      const chosen = market.pharmacies.find((p) => p.id === selection?.pharmacyId);
      if (!chosen) throw unprocessable('Please choose the pharmacy where you will collect your order.');
      return { method, pharmacy: { id: chosen.id, name: chosen.name, address: chosen.address } };
    },

    /** The chosen delivery priced for the order's subtotal, as the order keeps it. */
    orderDelivery(chosen: ChosenDelivery, subtotalCents: number): { delivery: OrderDeliveryDoc; price: DeliveryPrice } {
      const p = price(chosen.method, subtotalCents);
      return { delivery: { method: chosen.method, label: DELIVERY_METHOD_TEXT[chosen.method].label, feeCents: p.deliveryFeeCents, pharmacy: chosen.pharmacy }, price: p };
    },
  };
}
export type DeliveryPricing = ReturnType<typeof createDeliveryPricing>;
