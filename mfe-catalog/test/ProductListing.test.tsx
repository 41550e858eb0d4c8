import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProductListing from '../src/exposes/ProductListing';
import { fakeApi, ok, okList, makeProduct, renderWithStore, type ApiCall, type FakeReply } from '@pharmacy/test-kit';
import { serveCartWidget } from './cartWidget';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));
beforeEach(() => serveCartWidget());

const facets = {
  categories: [
    { id: 'pain-relief', label: 'Pain Relief', count: 2 },
    { id: 'cold-and-flu', label: 'Cold & Flu', count: 1 },
    { id: 'allergy', label: 'Allergy', count: 0 },
  ],
  brands: [
    { name: 'CareWell', count: 2 },
    { name: 'Relivo', count: 1 },
  ],
};
const items = [
  makeProduct({ _id: 'ibu', title: 'Ibuprofen Tablets', price: 4.49, salePrice: 3.99, averageReview: 4.5, reviewCount: 2 }),
  makeProduct({ _id: 'para', title: 'Paracetamol Tablets', price: 1.49, totalStock: 0 }),
];

function serve(overrides: { list?: (call: ApiCall) => FakeReply } = {}) {
  return fakeApi((call) => {
    if (call.path === '/api/shop/products/facets') return ok(facets);
    if (call.path === '/api/shop/products/get') {
      return overrides.list?.(call) ?? okList(items, { total: 2, page: Number(call.query.page ?? 1), limit: 24 });
    }
    if (call.path.startsWith('/api/shop/search/')) return okList([items[0]], { total: 1, page: 1, limit: 24, terms: ['ibuprofen'] });
    return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found.' } };
  });
}
const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === '/api/shop/products/get');
const location = () => screen.getByTestId('location').textContent;

describe('ProductListing', () => {
  it('shows a loading state, then cards with price, sale, rating and stock', async () => {
    serve();
    renderWithStore(<ProductListing />, { url: '/pharmacy/products' });
    expect(screen.getByText('Loading products')).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Products' });
    const ibu = within(grid).getByRole('link', { name: 'Ibuprofen Tablets' }).closest('li')!;
    expect(within(ibu).getByText('$3.99')).toBeInTheDocument();
    expect(within(ibu).getByText('$4.49').tagName).toBe('S');
    expect(within(ibu).getByText('4.5 out of 5 (2 reviews)')).toBeInTheDocument();
    const para = within(grid).getByRole('link', { name: 'Paracetamol Tablets' }).closest('li')!;
    expect(within(para).getByText('Out of stock')).toBeInTheDocument();
    const img = within(ibu).getByRole('presentation', { hidden: true });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '400');
    expect(screen.getByText('2 products')).toBeInTheDocument();
  });

  it('reads filters and sort from the URL and asks the server for exactly that view', async () => {
    const { calls } = serve();
    renderWithStore(<ProductListing />, { url: '/pharmacy/products?category=pain-relief,cold-and-flu&brand=Relivo&sortBy=title-ztoa&page=2' });
    await screen.findByRole('list', { name: 'Products' });
    const q = listCalls(calls).at(-1)!.query;
    expect(q.category).toBe('pain-relief,cold-and-flu');
    expect(q.brand).toBe('Relivo');
    expect(q.sortBy).toBe('title-ztoa');
    expect(q.page).toBe('2');
    // on a narrow screen (jsdom has no media queries) the groups fold behind a button that counts the choices
    const toggle = screen.getByRole('button', { name: 'Filters (3 selected)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox', { name: /Pain Relief/ })).not.toBeInTheDocument();
    await userEvent.setup().click(toggle);
    expect(screen.getByRole('button', { name: 'Hide filters (3 selected)' })).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('checkbox', { name: /Pain Relief/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Cold & Flu/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Allergy/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Relivo/ })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('title-ztoa');
  });

  it('writes category, brand and sort choices to the URL, back to page 1, and refetches', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderWithStore(<ProductListing />, { url: '/pharmacy/products?page=3' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(await screen.findByRole('checkbox', { name: /Cold & Flu/ }));
    expect(location()).toBe('/pharmacy/products?category=cold-and-flu');
    await user.click(screen.getByRole('checkbox', { name: /CareWell/ }));
    expect(location()).toBe('/pharmacy/products?category=cold-and-flu&brand=CareWell');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-hightolow');
    expect(location()).toBe('/pharmacy/products?category=cold-and-flu&brand=CareWell&sortBy=price-hightolow');
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.sortBy).toBe('price-hightolow'));
    const last = listCalls(calls).at(-1)!.query;
    expect([last.category, last.brand, last.page]).toEqual(['cold-and-flu', 'CareWell', '1']);

    await user.click(screen.getByRole('checkbox', { name: /Cold & Flu/ }));
    expect(location()).toBe('/pharmacy/products?brand=CareWell&sortBy=price-hightolow');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/pharmacy/products?sortBy=price-hightolow');
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
      return okList(items, { total: 2, page: 1, limit: 24 });
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
