import { act, screen, waitFor } from '@testing-library/react';
import { checkAuth, selectUnreachable, UNREACHABLE_NOTICE } from '@pharmacy/session';
import CartPage from '../src/exposes/CartPage';
import CartBadge from '../src/exposes/CartBadge';
import { CART_KEPT } from '../src/cart/CartPage';
import { cartActions } from '../src/cart/slice';
import { fail, fakeApi, networkError, renderWithStore, shopper, type FakeReply } from '@pharmacy/test-kit';
import { cartOf, line } from './fixtures';

// docs/product.md#client-state: a cart load that gets no answer (no connection, a server error) keeps the cart last
// loaded and says the shop cannot be reached; it is never shown empty. Only a real answer changes it.

const four = cartOf([line({ productId: 'p1', title: 'Vitamin C', quantity: 3 }), line({ productId: 'p2', title: 'Plasters' })]);

function shop() {
  const state: { cart: () => FakeReply; auth: () => FakeReply } = {
    cart: () => ({ body: { success: true, data: four } }),
    auth: () => ({ body: { success: true, user: shopper } }),
  };
  const api = fakeApi((call) => (call.path === '/api/auth/check-auth' ? state.auth() : state.cart()));
  return { api, state };
}

const cartLoads = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.path === `/api/shop/cart/get/${shopper._id}`).length;

describe('the cart while the shop cannot be reached', () => {
  it.each([
    ['no connection', () => networkError()],
    ['a server error', () => fail(500, 'Something went wrong on our side.', 'INTERNAL')],
    ['a 503 from the gateway', () => fail(503, 'The checkout service is unavailable.', 'UNAVAILABLE')],
  ])('keeps the cart last loaded through %s, says so once, and loads it again when the shop answers', async (_what, outage) => {
    const { api, state } = shop();
    const { store } = renderWithStore(
      <>
        <CartBadge />
        <CartPage />
      </>,
      { url: '/cart', user: shopper },
    );
    expect(await screen.findByTestId('cart-line-p1')).toBeInTheDocument();

    state.cart = outage;
    act(() => {
      store.dispatch(cartActions.loadRequested());
    });
    expect(await screen.findByText(CART_KEPT)).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('cart-line-p1')).toBeInTheDocument();
    expect(screen.getByTestId('cart-line-p2')).toBeInTheDocument();
    expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart 4 items' })).toBeInTheDocument();
    // one calm notice for the whole shop (the host shows it), no alert or toast
    expect(selectUnreachable(store.getState())).toBe(UNREACHABLE_NOTICE);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    const before = cartLoads(api);
    state.cart = () => ({ body: { success: true, data: cartOf([line({ productId: 'p1', title: 'Vitamin C', quantity: 3 })]) } });
    await act(async () => {
      await store.dispatch(checkAuth());
    });
    await waitFor(() => expect(cartLoads(api)).toBe(before + 1));
    await waitFor(() => expect(screen.queryByText(CART_KEPT)).not.toBeInTheDocument());
    expect(screen.queryByTestId('cart-line-p2')).not.toBeInTheDocument();
  });

  it('a real "not signed in" answer does clear it: the visitor’s own (empty) cart shows', async () => {
    const { state } = shop();
    const { store } = renderWithStore(<CartPage />, { url: '/cart', user: shopper });
    expect(await screen.findByTestId('cart-line-p1')).toBeInTheDocument();
    state.auth = () => fail(401, 'Please sign in to continue.', 'UNAUTHENTICATED');
    await act(async () => {
      await store.dispatch(checkAuth());
    });
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.queryByTestId('cart-line-p1')).not.toBeInTheDocument();
  });
});
