import { skipToken } from '@reduxjs/toolkit/query/react';
import type { Cart } from '@pharmacy/contracts';
import { checkoutQueries, useCheckoutQueries } from '../queries';

const NONE: string[] = [];

/**
 * The shopper's allergies and conditions the catalog's medicine list does not know (the catalog matches them as
 * text and the order is held for a pharmacist): asked once per set of cart products on each visit. Left empty when
 * the catalog cannot be asked; the hold itself is decided by the server.
 */
export function useUnrecognisedTerms(cart: Cart | null): string[] {
  useCheckoutQueries();
  const ids = (cart?.items ?? []).map((l) => l.productId).slice(0, 100);
  const { currentData } = checkoutQueries.useUnrecognisedTermsQuery(ids.length ? ids : skipToken, { refetchOnMountOrArgChange: true });
  return currentData ?? NONE;
}
