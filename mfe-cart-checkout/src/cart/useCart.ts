import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useInjectModule } from '@pharmacy/session';
import { cartSaga } from './saga';
import { cartActions, cartReducer, selectCart, selectShopper } from './slice';

/** Injects the cart slice and saga once (idempotent) for any component of this remote. */
export function useCartModule(): void {
  useInjectModule({ key: 'cart', reducer: cartReducer, saga: cartSaga });
}

/** The cart, refreshed from the server when the component mounts (stock and prices may have moved). */
export function useCart({ refresh = true } = {}) {
  useCartModule();
  const dispatch = useDispatch();
  const state = useSelector(selectCart);
  const shopper = useSelector(selectShopper);
  useEffect(() => {
    if (refresh && shopper !== undefined) dispatch(cartActions.loadRequested());
  }, [dispatch, refresh, shopper]);
  return { ...state, shopper };
}
