import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { formatMoney, type Product } from '@pharmacy/contracts';
import { TAP_BASELINE_FLAG } from '@pharmacy/ui';
import ProductDetails from '../src/exposes/ProductDetails';
import ProductListing from '../src/exposes/ProductListing';
import { readCardPreview } from '../src/product/cardPreview';
import { deferred, fakeApi, ok, okList, makeProduct, renderWithStore, type FakeReply } from '@pharmacy/test-kit';
import { serveCartWidget } from './cartWidget';

// A product opened from a card paints at once from the card's own fields (docs/product.md#layout), and the server's
// answer replaces them: its price is the one the page ends with.
jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));
beforeEach(() => serveCartWidget());
afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[TAP_BASELINE_FLAG];
});

const listed = makeProduct({ _id: 'vitc', title: 'Vitamin C 500mg', brand: 'CareWell', price: 3.49, salePrice: 0, totalStock: 80, description: 'One a day.' });

/** The listing answers at once; the product's own call waits for the test to answer it. */
function serve() {
  const product = deferred<FakeReply>();
  const api = fakeApi((call) => {
    if (call.path === '/api/shop/products/facets') return ok({ categories: [], brands: [], total: 1 });
    if (call.path === '/api/shop/products/get') return okList([listed], { total: 1, page: 1, limit: 24 });
    if (call.path === `/api/shop/products/get/${listed._id}`) return product.promise;
    if (call.path.startsWith('/api/shop/review/')) return okList([], { averageReview: 0, reviewCount: 0 });
    return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found.' } };
  });
  return { api, answer: product.resolve };
}

async function openFromCard() {
  const served = serve();
  renderWithStore(<ProductListing />, {
    url: '/pharmacy/products',
    path: '/pharmacy/products',
    routes: <Route path="/pharmacy/product/:productId" element={<ProductDetails />} />,
  });
  const grid = await screen.findByRole('list', { name: 'Products' });
  await userEvent.click(within(grid).getByRole('link', { name: listed.title }));
  return served;
}

describe('a product opened from a card', () => {
  it('shows the card’s picture, title and price at once, marked as being checked, then the server’s answer in its place', async () => {
    const { answer } = await openFromCard();
    // before the product's call has answered
    expect(screen.getByRole('heading', { level: 1, name: listed.title })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: listed.title })).toHaveAttribute('src', listed.image);
    expect(screen.getByText(formatMoney(listed.price, 'GBP'))).toBeInTheDocument();
    expect(screen.getByText('Checking the price and stock…')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('article')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByTestId('add-to-cart')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading product')).not.toBeInTheDocument();

    // the price changed since the listing was fetched: the server's wins
    answer(ok({ ...listed, price: 3.99 } satisfies Product));
    expect(await screen.findByText(formatMoney(3.99, 'GBP'))).toBeInTheDocument();
    expect(screen.queryByText(formatMoney(listed.price, 'GBP'))).not.toBeInTheDocument();
    expect(screen.queryByText('Checking the price and stock…')).not.toBeInTheDocument();
    expect(screen.getByRole('article')).not.toHaveAttribute('aria-busy');
    expect(await screen.findByTestId('add-to-cart')).toHaveAttribute('data-product', listed._id);
    expect(screen.getByText('One a day.')).toBeInTheDocument();
    // the heading and the picture are the same elements: nothing was swapped under the shopper's eyes
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('does not leave the card’s data on screen when the product cannot be loaded', async () => {
    const { answer } = await openFromCard();
    expect(screen.getByRole('heading', { level: 1, name: listed.title })).toBeInTheDocument();
    answer({ status: 404, body: { success: false, code: 'NOT_FOUND', message: 'That product does not exist.' } });
    expect(await screen.findByText('This product is not available')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: listed.title })).not.toBeInTheDocument();
    expect(screen.queryByText(formatMoney(listed.price, 'GBP'))).not.toBeInTheDocument();
  });

  it('waits for the server as before when the tap baseline is set (pnpm bench:tap)', async () => {
    (window as unknown as Record<string, unknown>)[TAP_BASELINE_FLAG] = true;
    const { answer } = await openFromCard();
    expect(screen.getByText('Loading product')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    answer(ok(listed));
    expect(await screen.findByRole('heading', { level: 1, name: listed.title })).toBeInTheDocument();
  });
});

describe('readCardPreview', () => {
  const preview = { _id: 'vitc', title: 'Vitamin C', brand: 'CareWell', category: 'vitamins', image: '/api/media/1', price: 3.49, salePrice: 0, averageReview: 0, reviewCount: 0 };

  it('reads the card’s fields for the product the page shows', () => {
    expect(readCardPreview({ cardPreview: preview }, 'vitc')).toEqual(preview);
  });

  it('ignores state written for another product, missing or malformed (history state outlives its page)', () => {
    expect(readCardPreview({ cardPreview: preview }, 'zinc')).toBeNull();
    expect(readCardPreview(null, 'vitc')).toBeNull();
    expect(readCardPreview({ from: '/cart' }, 'vitc')).toBeNull();
    expect(readCardPreview({ cardPreview: { ...preview, price: '3.49' } }, 'vitc')).toBeNull();
    expect(readCardPreview({ cardPreview: { ...preview, title: undefined } }, 'vitc')).toBeNull();
  });
});
