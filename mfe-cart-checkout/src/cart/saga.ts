import { all, call, fork, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { CartCommands, type AddToCartCommand, type CartItemInput } from '@pharmacy/contracts';
import { getErrorMessage } from '@pharmacy/session';
import { toast } from '@pharmacy/ui';
import { cartApi, type CartReply } from './api';
import { cartActions, selectShopper } from './slice';
import { addToVisitorCart, clearVisitorCart, readVisitorCart, setVisitorQuantity, visitorMergeId, writeVisitorCart } from './visitorCart';

/** Prices a visitor's browser cart and keeps the stored quantities within the server's caps. */
function* visitorCart(items: CartItemInput[]): Generator<unknown, CartReply, CartReply> {
  if (items.length === 0) {
    return { cart: { userId: '', items: [], itemCount: 0, totalAmount: 0, canCheckout: false, hasWarnings: false } };
  }
  const reply: CartReply = yield call(cartApi.quote, items);
  writeVisitorCart(reply.cart.items.filter((l) => l.maxQuantity > 0 || !l.available).map((l) => ({ productId: l.productId, quantity: l.quantity })));
  return reply;
}

function* load(): Generator<unknown, void, never> {
  const userId: string | null | undefined = yield select(selectShopper);
  if (userId === undefined) return; // the auth check is still running; the session watcher loads afterwards
  try {
    const reply: CartReply = userId ? yield call(cartApi.get, userId) : yield* visitorCart(readVisitorCart());
    yield put(cartActions.loaded(reply));
  } catch (err) {
    yield put(cartActions.failed(getErrorMessage(err)));
  }
}

/** The cross-remote `addToCart` command (contracts CartCommands.addItem): local or server cart, then a toast. */
function* addItem(action: AddToCartCommand): Generator<unknown, void, never> {
  const { productId, quantity } = action.payload;
  const userId: string | null | undefined = yield select(selectShopper);
  try {
    const reply: CartReply = userId ? yield call(cartApi.add, userId, productId, quantity) : yield* visitorCart(addToVisitorCart(productId, quantity));
    yield put(cartActions.loaded(reply));
    const line = reply.cart.items.find((l) => l.productId === productId);
    const capped = line?.notice ?? (reply.message && /set to|Limited|Only/.test(reply.message) ? reply.message : undefined);
    toast({ title: capped ? 'Cart updated' : 'Added to your cart', description: capped ?? line?.title });
  } catch (err) {
    yield put(cartActions.failed(getErrorMessage(err)));
    toast({ title: 'Could not add to cart', description: getErrorMessage(err), variant: 'destructive' });
  }
}

function* setQuantity(action: ReturnType<typeof cartActions.setQuantityRequested>): Generator<unknown, void, never> {
  const { productId, quantity } = action.payload;
  const userId: string | null | undefined = yield select(selectShopper);
  try {
    const reply: CartReply = userId ? yield call(cartApi.update, userId, productId, quantity) : yield* visitorCart(setVisitorQuantity(productId, quantity));
    yield put(cartActions.loaded(reply));
  } catch (err) {
    yield put(cartActions.failed(getErrorMessage(err)));
    toast({ title: 'Could not change the quantity', description: getErrorMessage(err), variant: 'destructive' });
  }
}

function* remove(action: ReturnType<typeof cartActions.removeRequested>): Generator<unknown, void, never> {
  const { productId } = action.payload;
  const userId: string | null | undefined = yield select(selectShopper);
  try {
    const reply: CartReply = userId ? yield call(cartApi.remove, userId, productId) : yield* visitorCart(setVisitorQuantity(productId, 0));
    yield put(cartActions.loaded(reply));
  } catch (err) {
    yield put(cartActions.failed(getErrorMessage(err)));
  }
}

/**
 * Watches who is shopping. When a visitor signs in, their browser cart merges into the server cart once
 * (quantities added, then capped by the server) and the browser copy is cleared; sign-out shows the
 * (empty) visitor cart again.
 */
function* watchShopper(): Generator<unknown, void, never> {
  let last: string | null | undefined = undefined;
  for (;;) {
    const shopper: string | null | undefined = yield select(selectShopper);
    if (shopper !== undefined && shopper !== last) {
      last = shopper;
      const local = readVisitorCart();
      if (shopper && local.length > 0) {
        try {
          const reply: CartReply = yield call(cartApi.merge, local, visitorMergeId());
          clearVisitorCart();
          yield put(cartActions.loaded(reply));
          toast({ title: 'Your cart was saved to your account', description: reply.message });
        } catch (err) {
          yield put(cartActions.failed(getErrorMessage(err)));
        }
      } else {
        yield* load();
      }
    }
    yield take('*');
  }
}

export function* cartSaga(): Generator<unknown, void, never> {
  yield all([
    fork(watchShopper),
    takeLatest(cartActions.loadRequested.type, load),
    takeEvery(CartCommands.addItem, addItem),
    takeEvery(cartActions.setQuantityRequested.type, setQuantity),
    takeEvery(cartActions.removeRequested.type, remove),
  ]);
}
