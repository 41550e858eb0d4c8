import type { DeliveryMethod } from '@pharmacy/contracts';

export interface CheckoutState {
  /** The cart holds lines that cannot be ordered (the server's `problem`), or the server says it cannot check out. */
  blockedLines: boolean;
  hasAddress: boolean;
  /** The chosen address is outside the market's delivery area (deliveryAreaProblem), for a method that delivers. */
  outsideDeliveryArea: boolean;
  method: DeliveryMethod | null;
  pharmacyChosen: boolean;
  consultationNeeded: boolean;
  consultationAnswered: boolean;
  acknowledgementNeeded: boolean;
  acknowledged: boolean;
  /** The delivery options or the priced cart could not be loaded. */
  deliveryUnavailable: boolean;
}

/**
 * Why "Place order and pay" cannot be pressed yet, in the order the page asks for things; empty when it can.
 * Said beside the button (aria-describedby), so a disabled button is never a riddle.
 */
export function placeBlockers(s: CheckoutState): string[] {
  const reasons: string[] = [];
  if (s.blockedLines) reasons.push('Remove the items that cannot be ordered.');
  if (s.deliveryUnavailable) reasons.push('Wait for the delivery options to load, or try again.');
  else if (!s.method) reasons.push('Choose how you want your order delivered.');
  if (s.method === 'collect' && !s.pharmacyChosen) reasons.push('Choose a pharmacy for collection.');
  if (!s.hasAddress) reasons.push(s.method === 'collect' ? 'Add your address (the order is recorded with it).' : 'Choose a delivery address.');
  else if (s.outsideDeliveryArea && s.method !== 'collect') reasons.push('Choose an address we deliver to, or click and collect.');
  if (s.consultationNeeded && !s.consultationAnswered) reasons.push('Answer the pharmacist’s questions.');
  if (s.acknowledgementNeeded && !s.acknowledged) reasons.push('Tick the safety acknowledgement.');
  return reasons;
}
