import { channel, type Channel } from 'redux-saga';
import { all, call, fork, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { CART_MAX_LINES, CheckoutErrorCodes, DEFAULT_DELIVERY_METHOD, PRESCRIPTION_REFUSALS, type Cart, type CartCapped, type CartItemInput } from '@pharmacy/contracts';
import { getErrorMessage, isApiError, isNoAnswer, selectUnreachable, shopUnreachable } from '@pharmacy/session';
import { toast } from '@pharmacy/ui';
import { cartApi, type CartReply } from './api';
import { cartActions, selectCart, selectShopper, type CartState } from './slice';
import { addToVisitorCart, clearVisitorCart, readVisitorCart, setVisitorQuantity, visitorMergeId, writeVisitorCart } from './visitorCart';

/**
 * A visitor with nothing in their browser cart: not worth a request on every page (the badge reads it). Its totals
 * are never shown (an empty cart shows no summary), so the currency is left blank rather than guessed.
 */
const emptyVisitorCart: Cart = {
  userId: '',
  items: [],
  itemCount: 0,
  totalAmount: 0,
  canCheckout: false,
  hasWarnings: false,
  needsConsultation: false,
  totals: { subtotal: 0, delivery: 0, total: 0, taxIncluded: 0, taxRatePercent: 0, currency: '', deliveryMethod: DEFAULT_DELIVERY_METHOD, excludedLines: 0 },
};

/** Prices a visitor's browser cart and keeps the stored quantities within the server's caps. */
function* visitorCart(items: CartItemInput[]): Generator<unknown, CartReply, CartReply> {
  if (items.length === 0) {
    return { cart: emptyVisitorCart };
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
    if (isNoAnswer(err)) {
      // the whole shop is said to be unreachable (one calm notice), and the cart loads again once it answers
      yield put(shopUnreachable());
      yield put(cartActions.unanswered(getErrorMessage(err)));
    } else {
      yield put(cartActions.failed(getErrorMessage(err)));
    }
  }
}

/**
 * One change of the cart: the signed-in shopper's server cart, or the visitor's browser cart (changed here, then
 * priced by a quote). The store gets the answer, which is returned; a failure is the caller's to report.
 */
function* change(server: (userId: string) => Promise<CartReply>, visitor: () => CartItemInput[]): Generator<unknown, CartReply, never> {
  const userId: string | null | undefined = yield select(selectShopper);
  const reply: CartReply = userId ? yield call(server, userId) : yield* visitorCart(visitor());
  yield put(cartActions.loaded(reply));
  return reply;
}

/** What the shopper reads when the server lowered the quantity: decided from its fields, never its wording. */
export function cappedText(title: string, capped: CartCapped): string {
  if (capped.reason === 'maxPerOrder') return `${title} is limited to ${capped.allowed} per order, so your cart has ${capped.allowed}.`;
  return `Only ${capped.allowed} of ${title} left in stock, so your cart has ${capped.allowed}.`;
}

/** The Add-to-cart widget's request: the visitor's browser cart or the server cart, then a toast saying what happened. */
function* addItem(action: ReturnType<typeof cartActions.addRequested>): Generator<unknown, void, never> {
  const { productId, quantity } = action.payload;
  try {
    const reply = yield* change((userId) => cartApi.add(userId, productId, quantity), () => addToVisitorCart(productId, quantity));
    const line = reply.cart.items.find((l) => l.productId === productId);
    // the server cart says it beside the cart; a visitor's quote says it on the line it lowered
    const capped = reply.capped ?? line?.capped;
    if (!line) toast({ title: 'Could not add to cart', description: `A cart holds at most ${CART_MAX_LINES} different products.`, variant: 'destructive' });
    else if (!line.available) toast({ title: 'Could not add to cart', description: line.problem ?? `${line.title} is not available.`, variant: 'destructive' });
    else if (capped) toast({ title: 'Cart updated', description: cappedText(line.title, capped) });
    else toast({ title: 'Added to your cart', description: line.title });
  } catch (err) {
    if (isApiError(err) && (err.code === CheckoutErrorCodes.AGE_RESTRICTED || err.code in PRESCRIPTION_REFUSALS)) {
      // said at the button, which stays disabled: the shopper cannot add it whatever they try
      yield put(cartActions.addRefused({ productId, message: err.message }));
    } else {
      yield put(cartActions.failed(getErrorMessage(err)));
      toast({ title: 'Could not add to cart', description: getErrorMessage(err), variant: 'destructive' });
    }
  } finally {
    yield put(cartActions.addSettled({ productId }));
  }
}

function* setQuantity(action: ReturnType<typeof cartActions.setQuantityRequested>): Generator<unknown, void, never> {
  const { productId, quantity } = action.payload;
  try {
    yield* change((userId) => cartApi.update(userId, productId, quantity), () => setVisitorQuantity(productId, quantity));
  } catch (err) {
    yield put(cartActions.failed(getErrorMessage(err)));
    toast({ title: 'Could not change the quantity', description: getErrorMessage(err), variant: 'destructive' });
  }
}

/** Actions a toast's button asks for: the button runs outside the saga, so its wish comes back through this channel. */
type ToastRequests = Channel<ReturnType<typeof cartActions.addRequested>>;

/**
 * Removes a line, then says so in a toast whose Undo puts the same quantity back through the normal add (so the
 * server caps and checks it again). A line that could not be ordered anyway gets no Undo: adding it back would
 * only be refused.
 */
function* remove(requests: ToastRequests, action: ReturnType<typeof cartActions.removeRequested>): Generator<unknown, void, never> {
  const { productId } = action.payload;
  const { cart }: CartState = yield select(selectCart);
  const removed = cart?.items.find((l) => l.productId === productId);
  try {
    // the toast below says it: the server's "removed" message above the cart would say it twice
    const quiet = (userId: string) => cartApi.remove(userId, productId).then(({ message: _said, ...reply }) => reply);
    yield* change(quiet, () => setVisitorQuantity(productId, 0));
  } catch (err) {
    yield put(cartActions.failed(getErrorMessage(err)));
    toast({ title: 'Could not remove the item', description: getErrorMessage(err), variant: 'destructive' });
    return;
  }
  if (!removed) return;
  const restorable = removed.available && !removed.problem;
  toast({
    title: `Removed ${removed.title}`,
    ...(restorable
      ? {
          action: {
            label: 'Undo',
            altText: `To undo, add ${removed.title} to your cart again from its product page.`,
            onClick: () => requests.put(cartActions.addRequested({ productId, quantity: removed.quantity })),
          },
        }
      : {}),
  });
}

function* forward(requests: ToastRequests): Generator<unknown, void, never> {
  for (;;) {
    const request: ReturnType<typeof cartActions.addRequested> = yield take(requests);
    yield put(request);
  }
}

/**
 * Watches who is shopping. When a visitor signs in, their browser cart merges into the server cart once
 * (quantities added, then capped by the server) and the browser copy is cleared; sign-out shows the
 * (empty) visitor cart again. A cart kept through an outage loads again once the shop answers.
 */
function* watchShopper(): Generator<unknown, void, never> {
  let last: string | null | undefined = undefined;
  let wasUnreachable = false;
  for (;;) {
    const shopper: string | null | undefined = yield select(selectShopper);
    const notice: string | null = yield select(selectUnreachable);
    const { stale }: CartState = yield select(selectCart);
    const back = wasUnreachable && notice === null;
    wasUnreachable = notice !== null;
    if (back && stale && shopper === last) yield* load();
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
  const requests: ToastRequests = channel();
  yield all([
    fork(forward, requests),
    fork(watchShopper),
    takeLatest(cartActions.loadRequested.type, load),
    takeEvery(cartActions.addRequested.type, addItem),
    takeEvery(cartActions.setQuantityRequested.type, setQuantity),
    takeEvery(cartActions.removeRequested.type, remove, requests),
  ]);
}
