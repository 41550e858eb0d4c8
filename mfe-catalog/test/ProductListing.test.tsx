import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProductListing from '../src/exposes/ProductListing';
import { fakeApi, ok, okList, makeProduct, renderWithStore, type ApiCall, type FakeReply } from '@pharmacy/test-kit';
import { serveCartWidget } from './cartWidget';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));
beforeEach(() => serveCartWidget());

/** The server's answers per filter choice (its counting rule is proven in the catalog service's tests). */
const FACETS: Record<string, { categories: Array<{ id: string; label: string; count: number }>; brands: Array<{ name: string; count: number }>; total: number }> = {
  '|': {
    categories: [
      { id: 'pain-relief', label: 'Pain Relief', count: 2 },
      { id: 'cold-and-flu', label: 'Cold & Flu', count: 1 },
      { id: 'allergy', label: 'Allergy', count: 0 },
    ],
    brands: [
      { name: 'CareWell', count: 2 },
      { name: 'Relivo', count: 1 },
    ],
    total: 3,
  },
  'cold-and-flu|': {
    categories: [
      { id: 'pain-relief', label: 'Pain Relief', count: 2 },
      { id: 'cold-and-flu', label: 'Cold & Flu', count: 1 },
      { id: 'allergy', label: 'Allergy', count: 0 },
    ],
    // Relivo makes nothing for colds: ticking it would lead nowhere
    brands: [
      { name: 'CareWell', count: 1 },
      { name: 'Relivo', count: 0 },
    ],
    total: 1,
  },
  'cold-and-flu,pain-relief|': {
    categories: [
      { id: 'pain-relief', label: 'Pain Relief', count: 2 },
      { id: 'cold-and-flu', label: 'Cold & Flu', count: 1 },
      { id: 'allergy', label: 'Allergy', count: 0 },
    ],
    brands: [
      { name: 'CareWell', count: 2 },
      { name: 'Relivo', count: 1 },
    ],
    total: 3,
  },
};
const facetsFor = (call: ApiCall) => {
  const key = `${(call.query.category ?? '').split(',').sort().join(',')}|${call.query.brand ?? ''}`;
  return FACETS[key] ?? { ...FACETS['|'], total: 2 };
};
const facets = FACETS['|'];
const items = [
  makeProduct({ _id: 'ibu', title: 'Ibuprofen Tablets', price: 4.49, salePrice: 3.99, averageReview: 4.5, reviewCount: 2 }),
  makeProduct({ _id: 'para', title: 'Paracetamol Tablets', price: 1.49, totalStock: 0 }),
  makeProduct({ _id: 'zinc', title: 'Zinc Lozenges', price: 2.99, totalStock: 3 }),
  makeProduct({ _id: 'vitc', title: 'Vitamin C', price: 3.49, totalStock: 80 }),
];

function serve(overrides: { list?: (call: ApiCall) => FakeReply; facets?: (call: ApiCall) => FakeReply } = {}) {
  return fakeApi((call) => {
    if (call.path === '/api/shop/products/facets') return overrides.facets?.(call) ?? ok(facetsFor(call));
    if (call.path === '/api/shop/products/get') {
      return overrides.list?.(call) ?? okList(items, { total: items.length, page: Number(call.query.page ?? 1), limit: 24 });
    }
    if (call.path.startsWith('/api/shop/search/')) return okList([items[0]], { total: 1, page: 1, limit: 24, terms: ['ibuprofen'] });
    return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found.' } };
  });
}
const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === '/api/shop/products/get');
const location = () => screen.getByTestId('location').textContent;

describe('ProductListing', () => {
  it('shows a loading state, then cards with price, sale, rating, stock state and Add to cart', async () => {
    serve();
    renderWithStore(<ProductListing />, { url: '/pharmacy/products' });
    expect(screen.getByText('Loading products')).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Products' });
    const card = (title: string) => within(grid).getByRole('link', { name: title }).closest('li')!;
    const ibu = card('Ibuprofen Tablets');
    expect(within(ibu).getByText('£3.99')).toBeInTheDocument();
    expect(within(ibu).getByText('£4.49').tagName).toBe('S');
    expect(ibu).toHaveTextContent('rated 4.5 out of 5 (2 reviews)');
    expect(within(ibu).getByText('In stock')).toBeInTheDocument();
    expect(within(card('Paracetamol Tablets')).getByText('Out of stock')).toBeInTheDocument();
    expect(within(card('Zinc Lozenges')).getByText('Only 3 left')).toBeInTheDocument();
    expect(within(card('Vitamin C')).getByText('In stock')).toBeInTheDocument();
    // every card has the cart's compact Add to cart, given its product
    for (const id of ['ibu', 'para', 'zinc', 'vitc']) {
      const button = await within(grid).findByRole('button', { name: new RegExp(`Add to cart \\(compact\\) ${items.find((p) => p._id === id)!.title}`) });
      expect(button).toHaveAttribute('data-product', id);
    }
    // the picture's box is set before it loads; the first screen's pictures are fetched at once and first
    const img = within(ibu).getByRole('presentation', { hidden: true });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '400');
    expect(screen.getByText('4 products')).toBeInTheDocument();
  });

  it('reads filters and sort from the URL, asks the server for exactly that view, and counts the filters on the button', async () => {
    const { calls } = serve();
    renderWithStore(<ProductListing />, { url: '/pharmacy/products?category=pain-relief,cold-and-flu&brand=Relivo&sortBy=title-ztoa&page=2' });
    await screen.findByRole('list', { name: 'Products' });
    const q = listCalls(calls).at(-1)!.query;
    expect(q.category).toBe('pain-relief,cold-and-flu');
    expect(q.brand).toBe('Relivo');
    expect(q.sortBy).toBe('title-ztoa');
    expect(q.page).toBe('2');
    // the panel's counts are asked for the same filters
    const f = calls.filter((c) => c.path === '/api/shop/products/facets').at(-1)!.query;
    expect([f.category, f.brand]).toEqual(['pain-relief,cold-and-flu', 'Relivo']);
    // on a phone (jsdom has no media queries) no checkbox stands before the products: a button counts the choices
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters (3 selected)' })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('title-ztoa');
  });

  it('writes the sort to the URL, back to page 1, and refetches', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderWithStore(<ProductListing />, { url: '/pharmacy/products?category=cold-and-flu&page=3' });
    await screen.findByRole('list', { name: 'Products' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-hightolow');
    expect(location()).toBe('/pharmacy/products?category=cold-and-flu&sortBy=price-hightolow');
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.sortBy).toBe('price-hightolow'));
    expect(listCalls(calls).at(-1)!.query.page).toBe('1');
  });

  it('applies each tick at once in the wide screen\'s side panel, with the counts for the other filters', async () => {
    const { calls } = serve();
    renderWithStore(<ProductListing />, { url: '/pharmacy/products?page=3' });
    // the side panel shows from md up only: jsdom (a phone) hides it, so it is reached as hidden
    const panel = screen.getByRole('complementary', { hidden: true });
    expect(panel).toHaveAttribute('aria-label', 'Filters');
    fireEvent.click(within(panel).getByRole('checkbox', { name: /Cold & Flu/, hidden: true }));
    expect(location()).toBe('/pharmacy/products?category=cold-and-flu');
    await waitFor(() => expect(within(panel).getByRole('checkbox', { name: 'Relivo (0)', hidden: true })).toBeDisabled());
    expect(calls.filter((c) => c.path === '/api/shop/products/facets').at(-1)!.query.category).toBe('cold-and-flu');
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'CareWell (1)', hidden: true }));
    expect(location()).toBe('/pharmacy/products?category=cold-and-flu&brand=CareWell');
    fireEvent.click(within(panel).getByRole('button', { name: 'Clear filters', hidden: true }));
    expect(location()).toBe('/pharmacy/products');
  });

  it('keeps both of two ticks made before the page re-renders (a navigation is a transition)', async () => {
    serve();
    renderWithStore(<ProductListing />, { url: '/pharmacy/products?sortBy=price-hightolow' });
    const panel = screen.getByRole('complementary', { hidden: true });
    await within(panel).findByRole('checkbox', { name: /CareWell/, hidden: true });
    // one act: React renders once, after both clicks, as when a quick second tick beats the first navigation
    act(() => {
      fireEvent.click(within(panel).getByRole('checkbox', { name: /Pain Relief/, hidden: true }));
      fireEvent.click(within(panel).getByRole('checkbox', { name: /CareWell/, hidden: true }));
    });
    expect(location()).toBe('/pharmacy/products?category=pain-relief&brand=CareWell&sortBy=price-hightolow');
    act(() => {
      fireEvent.click(within(panel).getByRole('checkbox', { name: /Pain Relief/, hidden: true }));
      fireEvent.click(within(panel).getByRole('checkbox', { name: /Cold & Flu/, hidden: true }));
    });
    expect(location()).toBe('/pharmacy/products?category=cold-and-flu&brand=CareWell&sortBy=price-hightolow');
  });

  it('ignores an unknown sort in the URL and uses the default', async () => {
    const { calls } = serve();
    renderWithStore(<ProductListing />, { url: '/pharmacy/products?sortBy=cheapest' });
    await screen.findByRole('list', { name: 'Products' });
    expect(listCalls(calls).at(-1)!.query.sortBy).toBe('price-lowtohigh');
  });

  it('paginates through the URL and scrolls back to the top', async () => {
    const user = userEvent.setup();
    const scrollTo = jest.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    serve({ list: (call) => okList(items, { total: 60, page: Number(call.query.page ?? 1), limit: 24 }) });
    renderWithStore(<ProductListing />, { url: '/pharmacy/products?category=pain-relief' });
    const nav = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(location()).toBe('/pharmacy/products?category=pain-relief&page=2');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    await user.click(await screen.findByRole('button', { name: 'Page 3' }));
    expect(location()).toBe('/pharmacy/products?category=pain-relief&page=3');
    expect(await screen.findByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('shows the empty state when nothing matches', async () => {
    serve({ list: () => okList([], { total: 0, page: 1, limit: 24 }) });
    renderWithStore(<ProductListing />, { url: '/pharmacy/products?brand=Nobody' });
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.getByText('Try removing a filter.')).toBeInTheDocument();
  });

  it('empties the list and offers a retry when the fetch fails', async () => {
    const user = userEvent.setup();
    let fail = true;
    fakeApi((call) => {
      if (call.path === '/api/shop/products/facets') return ok(facets);
      if (fail) return { status: 503, body: { success: false, code: 'UNAVAILABLE', message: 'The catalog is resting.' } };
      return okList(items, { total: items.length, page: 1, limit: 24 });
    });
    renderWithStore(<ProductListing />, { url: '/pharmacy/products' });
    expect(await screen.findByText('The catalog is resting.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Products' })).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Ibuprofen Tablets' })).toBeInTheDocument();
  });

  it('shows search results for ?q= with the matched words highlighted', async () => {
    const { calls } = serve();
    renderWithStore(<ProductListing />, { url: '/pharmacy/products?q=ibuprofn' });
    expect(await screen.findByRole('heading', { name: 'Results for "ibuprofn"' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/shop/search/ibuprofn')).toBe(true);
    const link = await screen.findByRole('link', { name: 'Ibuprofen Tablets' });
    expect(within(link).getByText('Ibuprofen').tagName).toBe('MARK');
  });
});
