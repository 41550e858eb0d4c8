import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { Cart, DeliverySelection } from '@pharmacy/contracts';
import { getErrorMessage } from '@pharmacy/session';
import { cartApi } from '../cart/api';
import { cartActions } from '../cart/slice';

/**
 * The cart priced by the server for the chosen delivery: every choice asks again, and only the answer to the latest
 * choice is kept (an earlier one arriving late would show another method's total). While a choice is being priced
 * the previous cart stays on screen with `busy`, so the figures change in place.
 */
export function usePricedCart(userId: string | null, selection: DeliverySelection) {
  const dispatch = useDispatch();
  const [cart, setCart] = useState<Cart | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  const { method, pharmacyId } = selection;

  const price = useCallback(async () => {
    if (!userId) return;
    const ask = ++latest.current;
    setBusy(true);
    try {
      const reply = await cartApi.get(userId, { method, ...(pharmacyId ? { pharmacyId } : {}) });
      if (ask !== latest.current) return;
      setCart(reply.cart);
      setError(null);
      // the header's badge and the cart page read the same lines
      dispatch(cartActions.loaded(reply));
    } catch (err) {
      if (ask === latest.current) setError(getErrorMessage(err));
    } finally {
      if (ask === latest.current) setBusy(false);
    }
  }, [userId, method, pharmacyId, dispatch]);

  useEffect(() => {
    void price();
  }, [price]);

  return { cart, busy, error, retry: price };
}
