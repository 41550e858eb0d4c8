import { useEffect, useState } from 'react';
import type { Cart } from '@pharmacy/contracts';
import { safetyApi } from '../cart/api';

/**
 * The shopper's allergies and conditions the catalog's medicine list does not know (the catalog matches them as
 * text and the order is held for a pharmacist): asked once per set of cart products. Left empty when the catalog
 * cannot be asked; the hold itself is decided by the server.
 */
export function useUnrecognisedTerms(cart: Cart | null): string[] {
  const [terms, setTerms] = useState<string[]>([]);
  const ids = (cart?.items ?? []).map((l) => l.productId).slice(0, 100).join(',');
  useEffect(() => {
    if (!ids) return;
    let live = true;
    safetyApi.check(ids.split(',')).then(
      (answer) => live && setTerms(answer.unrecognisedTerms),
      () => live && setTerms([]),
    );
    return () => {
      live = false;
    };
  }, [ids]);
  return terms;
}
