import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProductListing from '../src/exposes/ProductListing';
import { fakeApi, fail, ok, okList, makeProduct, renderWithStore, type ApiCall, type FakeReply } from '@pharmacy/test-kit';
import { serveCartWidget } from './cartWidget';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));
beforeEach(() => serveCartWidget());
// each count comes FILTER_COUNT_DEBOUNCE_MS after the last tick: leave room for it on a busy machine
configure({ asyncUtilTimeout: 3000 });

const categories = (painRelief: number, coldAndFlu: number) => [
  { id: 'pain-relief', label: 'Pain Relief', count: painRelief },
  { id: 'cold-and-flu', label: 'Cold & Flu', count: coldAndFlu },
  { id: 'allergy', label: 'Allergy', count: 0 },
];
/** The server's answers per choice, keyed "categories|brands" (its counting rule is proven in the catalog service). */
const ANSWERS: Record<string, { categories: ReturnType<typeof categories>; brands: Array<{ name: string; count: number }>; total: number }> = {
  '|': { categories: categories(5, 4), brands: [{ name: 'CareWell', count: 6 }, { name: 'Relivo', count: 3 }], total: 9 },
  'cold-and-flu|': { categories: categories(5, 4), brands: [{ name: 'CareWell', count: 4 }, { name: 'Relivo', count: 0 }], total: 4 },
  'cold-and-flu,pain-relief|': { categories: categories(5, 4), brands: [{ name: 'CareWell', count: 6 }, { name: 'Relivo', count: 3 }], total: 9 },
  'pain-relief|': { categories: categories(5, 4), brands: [{ name: 'CareWell', count: 2 }, { name: 'Relivo', count: 3 }], total: 5 },
  'cold-and-flu|CareWell': { categories: categories(2, 4), brands: [{ name: 'CareWell', count: 4 }, { name: 'Relivo', count: 0 }], total: 4 },
  'allergy|': { categories: categories(5, 4), brands: [{ name: 'CareWell', count: 0 }, { name: 'Relivo', count: 0 }], total: 0 },
};
const keyOf = (call: ApiCall) => `${(call.query.category ?? '').split(',').sort().join(',')}|${call.query.brand ?? ''}`;
const products = Array.from({ length: 9 }, (_, i) => makeProduct({ _id: `p${i}`, title: `Product ${i}` }));

function serve(facets: (call: ApiCall) => FakeReply = (call) => ok(ANSWERS[keyOf(call)])) {
  return fakeApi((call) => {
    if (call.path === '/api/shop/products/facets') return facets(call);
    if (call.path === '/api/shop/products/get') {
      const total = ANSWERS[keyOf(call)].total;
      return okList(products.slice(0, total), { total, page: 1, limit: 24 });
    }
    return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found.' } };
  });
}
const facetCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === '/api/shop/products/facets');
const location = () => screen.getByTestId('location').textContent;

async function openSheet(url = '/pharmacy/products') {
  const user = userEvent.setup();
  const api = serve();
  renderWithStore(<ProductListing />, { url });
  await screen.findByText(/^\d+ products?$/);
  await user.click(screen.getByRole('button', { name: /^Filters/ }));
  const sheet = await screen.findByRole('dialog', { name: 'Filters' });
  return { user, sheet, ...api };
}

describe('the phone\'s filter sheet', () => {
  it('opens as a dialog holding the focus, with the categories and brands and the server\'s count on its button', async () => {
    const { sheet } = await openSheet();
    expect(sheet).toContainElement(document.activeElement as HTMLElement);
    expect(within(sheet).getByRole('group', { name: 'Category' })).toBeInTheDocument();
    expect(await within(sheet).findByRole('checkbox', { name: 'CareWell (6)' })).not.toBeChecked();
    expect(within(sheet).getByRole('checkbox', { name: 'Pain Relief (5)' })).not.toBeChecked();
    expect(within(sheet).getByRole('checkbox', { name: 'Allergy (0)' })).toBeDisabled();
    expect(within(sheet).getByRole('button', { name: 'Show 9 results' })).toBeEnabled();
  });

  it('asks the server once a burst of ticks settles, shows its count and disables a brand with nothing left', async () => {
    const { sheet, calls } = await openSheet();
    await within(sheet).findByRole('button', { name: 'Show 9 results' });
    const before = facetCalls(calls).length;
    fireEvent.click(within(sheet).getByRole('checkbox', { name: /^Pain Relief/ }));
    fireEvent.click(within(sheet).getByRole('checkbox', { name: /^Pain Relief/ }));
    fireEvent.click(within(sheet).getByRole('checkbox', { name: /^Cold & Flu/ }));
    expect(facetCalls(calls).length).toBe(before);
    expect(await within(sheet).findByRole('button', { name: 'Show 4 results' })).toBeEnabled();
    // the quick ticks were one question, about the last choice
    expect(facetCalls(calls).slice(before).map((c) => c.query.category)).toEqual(['cold-and-flu']);
    expect(within(sheet).getByRole('checkbox', { name: 'Relivo (0)' })).toBeDisabled();
    expect(within(sheet).getByRole('checkbox', { name: 'CareWell (4)' })).toBeEnabled();
    // nothing is applied before the shopper asks for it
    expect(location()).toBe('/pharmacy/products');
  });

  it('applies the choices with "Show N results": the listing then shows those N', async () => {
    const { user, sheet } = await openSheet();
    await user.click(within(sheet).getByRole('checkbox', { name: /^Cold & Flu/ }));
    await user.click(await within(sheet).findByRole('checkbox', { name: 'CareWell (4)' }));
    const show = await within(sheet).findByRole('button', { name: 'Show 4 results' });
    await user.click(show);
    expect(location()).toBe('/pharmacy/products?category=cold-and-flu&brand=CareWell');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Products' })).getAllByRole('listitem')).toHaveLength(4));
    expect(screen.getByText('4 products')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters (2 selected)' })).toHaveFocus();
  });

  it('leaves the listing as it was on Escape, and starts again from the listing\'s filters when reopened', async () => {
    const { user, sheet } = await openSheet('/pharmacy/products?category=pain-relief');
    expect(await within(sheet).findByRole('button', { name: 'Show 5 results' })).toBeEnabled();
    await user.click(within(sheet).getByRole('checkbox', { name: /^Cold & Flu/ }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/pharmacy/products?category=pain-relief');
    await user.click(screen.getByRole('button', { name: 'Filters (1 selected)' }));
    const again = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(again).getByRole('checkbox', { name: /^Pain Relief/ })).toBeChecked();
    expect(within(again).getByRole('checkbox', { name: /^Cold & Flu/ })).not.toBeChecked();
    await user.click(within(again).getByRole('button', { name: 'Clear all' }));
    expect(await within(again).findByRole('button', { name: 'Show 9 results' })).toBeEnabled();
    await user.click(within(again).getByRole('button', { name: 'Close filters' }));
    expect(location()).toBe('/pharmacy/products?category=pain-relief');
  });

  it('disables a value with no results under the other choices, so a tick never leads to an empty page', async () => {
    const { user, sheet } = await openSheet('/pharmacy/products?category=pain-relief');
    expect(await within(sheet).findByRole('button', { name: 'Show 5 results' })).toBeEnabled();
    expect(within(sheet).getByRole('checkbox', { name: 'Allergy (0)' })).toBeDisabled();
    await user.click(within(sheet).getByRole('checkbox', { name: /^Pain Relief/ }));
    await user.click(within(sheet).getByRole('checkbox', { name: /^Cold & Flu/ }));
    expect(await within(sheet).findByRole('checkbox', { name: 'Relivo (0)' })).toBeDisabled();
  });

  it('still applies the choices when the count cannot be had, and says why there is no number', async () => {
    const user = userEvent.setup();
    let down = false;
    serve((call) => (down ? fail(503, 'The catalog is resting.', 'UNAVAILABLE') : ok(ANSWERS[keyOf(call)])));
    renderWithStore(<ProductListing />, { url: '/pharmacy/products' });
    await screen.findByRole('list', { name: 'Products' });
    down = true;
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('We could not count the results: The catalog is resting.');
    await user.click(within(sheet).getByRole('checkbox', { name: /^Cold & Flu/ }));
    // asked again for the new choice, still without an answer
    await waitFor(() => expect(within(sheet).getByRole('button', { name: 'Show results' })).toBeEnabled());
    expect(within(sheet).getByRole('alert')).toHaveTextContent('We could not count the results');
    down = false;
    await user.click(within(sheet).getByRole('button', { name: 'Show results' }));
    expect(location()).toBe('/pharmacy/products?category=cold-and-flu');
  });
});

describe('a ticked value with no results', () => {
  it('stays enabled so it can be unticked, and the button says there is nothing to show', async () => {
    const { user, sheet } = await openSheet('/pharmacy/products?category=allergy');
    const allergy = within(sheet).getByRole('checkbox', { name: /^Allergy/ });
    expect(allergy).toBeChecked();
    expect(allergy).toBeEnabled();
    expect(await within(sheet).findByRole('button', { name: 'No results: change the filters' })).toBeDisabled();
    await user.click(allergy);
    expect(await within(sheet).findByRole('button', { name: 'Show 9 results' })).toBeEnabled();
  });
});
