import { screen, waitFor, within } from '@testing-library/react';
import ProductDetails from '../src/exposes/ProductDetails';
import ProductListing from '../src/exposes/ProductListing';
import { safetyBlockMessage } from '@pharmacy/contracts';
import { fakeApi, ok, okList, makeProduct, renderWithStore, shopper } from '@pharmacy/test-kit';
import { FakeAddToCart, serveCartWidget } from './cartWidget';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));

// The widget's module is loaded once per page load and kept, so these steps run in order, as one visit would.
const product = makeProduct({ title: 'Ibuprofen 200mg' });
const items = [product, makeProduct({ title: 'Saline Spray' })];
beforeEach(() => {
  fakeApi((call) => {
    if (call.path.startsWith('/api/shop/products/get/')) return ok(product);
    if (call.path === '/api/shop/products/get') return okList(items, { total: 2, page: 1, limit: 24 });
    if (call.path === '/api/shop/products/facets') return ok({ categories: [], brands: [] });
    if (call.path.startsWith('/api/shop/review/can-review/')) return ok({ canReview: false, reason: 'SIGN_IN' });
    return okList([], { averageReview: 0, reviewCount: 0 });
  });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the error the slot caught
});
afterEach(() => jest.restoreAllMocks());
const openProduct = () => renderWithStore(<ProductDetails />, { url: `/pharmacy/product/${product._id}`, path: '/pharmacy/product/:productId' });

describe('the Add-to-cart slot', () => {
  test('asks the host’s federation instance (which registered every remote), never the catalog’s own', async () => {
    const { host, own } = serveCartWidget(async () => {
      throw new Error('cart-checkout is down');
    });
    const page = openProduct();
    expect(await screen.findByText('Adding to the cart is unavailable right now. Please try again in a moment.')).toHaveAttribute('role', 'status');
    expect(host.loadRemote).toHaveBeenCalledWith('cartCheckout/AddToCart');
    expect(own.loadRemote).not.toHaveBeenCalled();
    // the rest of the product page works
    expect(screen.getByRole('heading', { level: 1, name: 'Ibuprofen 200mg' })).toBeInTheDocument();
    page.unmount();
  });

  test('a product the shopper cannot buy still says why when the widget cannot load (the catalog’s block)', async () => {
    serveCartWidget(async () => {
      throw new Error('cart-checkout is down');
    });
    const message = safetyBlockMessage('UNDER_AGE', 18);
    fakeApi((call) => {
      if (call.path === '/api/shop/safety/check') return okList([{ productId: product._id, warnings: [], blocked: { code: 'UNDER_AGE', message } }], { unrecognisedTerms: [] });
      if (call.path.startsWith('/api/shop/products/get/')) return ok(product);
      if (call.path.startsWith('/api/shop/review/can-review/')) return ok({ canReview: false, reason: 'NOT_A_BUYER' });
      return okList([], { averageReview: 0, reviewCount: 0 });
    });
    const page = renderWithStore(<ProductDetails />, { url: `/pharmacy/product/${product._id}`, path: '/pharmacy/product/:productId', user: shopper });
    expect(await screen.findByText(message)).toHaveAttribute('role', 'status');
    page.unmount();
  });

  test('the host’s stand-in for a remote it could not load is not shown inside the page: the slot’s own fallback is', async () => {
    serveCartWidget(async () => ({ default: () => <h2>This section is temporarily unavailable</h2>, [Symbol.for('pharmacy.failedRemote')]: true }));
    const page = openProduct();
    expect(await screen.findByText(/Adding to the cart is unavailable right now/)).toBeInTheDocument();
    expect(screen.queryByText('This section is temporarily unavailable')).not.toBeInTheDocument();
    page.unmount();
  });

  test('after a failure the next page tries again, and the widget appears', async () => {
    const { host } = serveCartWidget();
    openProduct();
    expect(await screen.findByTestId('add-to-cart')).toHaveAttribute('data-variant', 'full');
    expect(host.loadRemote).toHaveBeenCalledTimes(1);
  });

  test('listing cards each carry the compact widget for their product, without another load', async () => {
    const { host } = serveCartWidget(async () => ({ default: FakeAddToCart }));
    renderWithStore(<ProductListing />, { url: '/pharmacy/products' });
    const grid = await screen.findByRole('list', { name: 'Products' });
    await waitFor(() => expect(within(grid).getAllByTestId('add-to-cart')).toHaveLength(2));
    const saline = within(grid).getByRole('link', { name: 'Saline Spray' }).closest('li')!;
    expect(within(saline).getByTestId('add-to-cart')).toHaveAttribute('data-variant', 'compact');
    expect(within(saline).getByTestId('add-to-cart')).toHaveAttribute('data-product', items[1]._id);
    expect(host.loadRemote).not.toHaveBeenCalled(); // loaded by the previous page already
  });
});
