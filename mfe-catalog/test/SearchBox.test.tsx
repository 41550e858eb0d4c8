import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SearchBox from '../src/exposes/SearchBox';
import { SEARCH_DEBOUNCE_MS } from '../src/search/SearchBox';
import { fakeApi, ok, okList, makeProduct, renderWithStore } from '@pharmacy/test-kit';

const results = okList([makeProduct({ _id: 'ibu', title: 'Ibuprofen 200mg Tablets', price: 1.79 }), makeProduct({ _id: 'gel', title: 'Ibuprofen Gel' })], {
  total: 9,
  page: 1,
  limit: 6,
  terms: ['ibuprofen'],
});

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const setup = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
const location = () => screen.getByTestId('location').textContent;

describe('SearchBox', () => {
  it('searches once the typing pauses, and highlights the matched words', async () => {
    const user = setup();
    const { calls } = fakeApi((call) => (call.path.startsWith('/api/shop/search/') ? results : ok(null)));
    renderWithStore(<SearchBox />);
    await user.type(screen.getByRole('combobox', { name: 'Search products' }), 'ibuprofn');
    expect(calls).toHaveLength(0);
    await act(() => jest.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(calls).toHaveLength(1);
    expect(calls[0].path).toBe('/api/shop/search/ibuprofn');
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveTextContent('Ibuprofen 200mg Tablets');
    expect(screen.getAllByText('Ibuprofen')[0].tagName).toBe('MARK');
    expect(screen.getByRole('button', { name: 'See all 9 results' })).toBeInTheDocument();
  });

  it('shows an empty state when nothing matches', async () => {
    const user = setup();
    fakeApi(() => okList([], { total: 0, page: 1, limit: 6, terms: [] }));
    renderWithStore(<SearchBox />);
    await user.type(screen.getByRole('combobox', { name: 'Search products' }), 'zzqq');
    await act(() => jest.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(await screen.findByText(/No products match “zzqq”/)).toBeInTheDocument();
  });

  it('opens the results view on Enter and tells the header', async () => {
    const user = setup();
    fakeApi(() => results);
    const onNavigate = jest.fn();
    renderWithStore(<SearchBox onNavigate={onNavigate} />);
    await user.type(screen.getByRole('combobox', { name: 'Search products' }), 'cold & flu{Enter}');
    expect(location()).toBe('/pharmacy/products?q=cold%20%26%20flu');
    expect(onNavigate).toHaveBeenCalled();
  });

  it('goes to a suggestion chosen with the arrow keys', async () => {
    const user = setup();
    fakeApi(() => results);
    renderWithStore(<SearchBox />);
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await user.type(box, 'ibu');
    await act(() => jest.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(location()).toBe('/pharmacy/product/gel');
  });
});
