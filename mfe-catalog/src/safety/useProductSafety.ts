import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { safetyBlockMessage, type Product, type ProductSafety } from '@pharmacy/contracts';
import { useInjectModule } from '@pharmacy/session';
import { safetySaga } from './saga';
import { safetyActions, safetyReducer, selectProfileKey, selectSafety } from './slice';

type Checked = Pick<Product, '_id' | 'requiresPrescription'>;

/** What needs no profile: a prescription-only product is blocked for everyone (the catalog answers visitors the same). */
export const productFieldSafety = (p: Checked): ProductSafety => ({
  productId: p._id,
  warnings: [],
  blocked: p.requiresPrescription ? { code: 'PRESCRIPTION_REQUIRED', message: safetyBlockMessage('PRESCRIPTION_REQUIRED') } : null,
});

export interface SafetyLookup {
  /**
   * Signed in: answers come from the catalog and may still be on their way (cards reserve their line). False while
   * the sign-in check runs, so a visitor's cards never reserve a line only to drop it.
   */
  personal: boolean;
  /** The answer to show; undefined while it is on its way (the server refuses an add it would block anyway). */
  of: (p: Checked) => ProductSafety | undefined;
  /** The catalog could not be asked about this product for this shopper. */
  unchecked: (p: Checked) => boolean;
}

/**
 * The catalog's safety answers for these products and the signed-in shopper, asked in one call for all of them
 * (and only for those not answered earlier in the session). A visitor is asked nothing: the product's own fields
 * say all the catalog would tell them.
 */
export function useProductSafety(products: readonly Checked[]): SafetyLookup {
  useInjectModule({ key: 'safety', reducer: safetyReducer, saga: safetySaga });
  const dispatch = useDispatch();
  const state = useSelector(selectSafety);
  const profileKey = useSelector(selectProfileKey);
  const ids = products.map((p) => p._id).join(',');

  useEffect(() => {
    if (profileKey && ids) dispatch(safetyActions.requested({ productIds: ids.split(',') }));
  }, [dispatch, profileKey, ids]);

  const personal = typeof profileKey === 'string';
  const current = personal && state.profileKey === profileKey;
  return {
    personal,
    of: (p) => {
      if (profileKey === null) return productFieldSafety(p);
      if (!current || state.failed.includes(p._id)) return undefined;
      const answer = state.byId[p._id];
      return answer === undefined ? undefined : (answer ?? productFieldSafety(p));
    },
    unchecked: (p) => personal && current && state.failed.includes(p._id),
  };
}
