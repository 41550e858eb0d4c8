import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, okList } from '@pharmacy/test-kit';
import { labelEvery } from '../src/dashboard/BarChart';
import { USERS, makeOrder, makeProduct } from './fixtures';
import { PHONE, WIDE, renderAdmin } from './renderAdmin';

// Below the lg breakpoint every staff list is a list of cards (a phone cannot hold eight columns side by side);
// from lg up it is a table. The viewport is answered by matchMedia, as in the browser.

function server() {
  const s = fakeApi();
  s.on('GET', '/api/admin/products/get', okList([makeProduct({ _id: 'p-1', title: 'Ibuprofen 200 mg Tablets', salePrice: 4.5, price: 5.99 })], { total: 1, page: 1, limit: 24 }));
  s.on('GET', '/api/admin/orders/get', okList([makeOrder({ _id: 'fc34a420-0000', orderStatus: 'confirmed', paymentStatus: 'paid' })], { total: 1, page: 1, limit: 20 }));
  // The account service answers newest first, a page with its figures.
  s.on('GET', '/api/admin/users/get', okList([...USERS].sort((a, b) => Date.parse(b.createdAt!) - Date.parse(a.createdAt!)), { total: USERS.length, page: 1, limit: 20 }));
  return s;
}

describe('Staff lists: cards on a phone, a table on a wide screen', () => {
  it('products: a card per product with its picture, title, price, stock and both actions, and no table', async () => {
    renderAdmin({ path: '/admin/products', server: server(), viewport: PHONE });
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(list).getAllByRole('listitem');
    expect(card).toHaveTextContent('Ibuprofen 200 mg Tablets');
    const facts = within(card).getAllByRole('term').map((t) => [t.textContent, t.nextElementSibling?.textContent]);
    expect(facts).toEqual(
      expect.arrayContaining([
        ['Price', '£4.50£5.99'],
        ['Stock', '40'],
        ['Supply', 'General sale'],
      ]),
    );
    expect(within(card).getByRole('button', { name: 'Edit Ibuprofen 200 mg Tablets' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete Ibuprofen 200 mg Tablets' })).toBeInTheDocument();
  });

  it('short-dated batches: a card per batch headed by its product, with lot, expiry, days left and units', async () => {
    const s = server();
    s.on('GET', '/api/admin/products/batches/short-dated', ok([
      { batchId: 'b-1', productId: 'p-1', productTitle: 'Ibuprofen 200 mg Tablets', lot: 'IBU-25-208', expiresOn: '2026-12-27', daysLeft: 30, units: 40 },
    ]));
    renderAdmin({ path: '/admin/products?view=short-dated', server: s, viewport: PHONE });
    const list = await screen.findByRole('list', { name: 'Short-dated batches' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(list).getAllByRole('listitem');
    expect(card).toHaveTextContent('Ibuprofen 200 mg Tablets');
    expect(within(card).getAllByRole('term').map((t) => [t.textContent, t.nextElementSibling?.textContent])).toEqual([
      ['Lot', 'IBU-25-208'],
      ['Expiry', '27 Dec 2026'],
      ['Days left', '30 days'],
      ['Units', '40'],
    ]);
  });

  it('products: a table with a fixed-size thumbnail column on a wide screen', async () => {
    renderAdmin({ path: '/admin/products', server: server(), viewport: WIDE });
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(screen.queryByRole('list', { name: 'Products' })).not.toBeInTheDocument();
    const widths = Array.from(table.querySelectorAll('col')).map((c) => c.style.width);
    // The picture keeps its room (it collapsed to nothing before); the title takes what is left.
    expect(widths[0]).toBe('4.5rem');
    expect(widths[1]).toBe('');
  });

  it('orders: a card per order headed by its short number, with an action to open it', async () => {
    const user = userEvent.setup();
    const s = server();
    s.on('GET', '/api/admin/orders/details/fc34a420-0000', ok(makeOrder({ _id: 'fc34a420-0000', orderStatus: 'confirmed', paymentStatus: 'paid' })));
    renderAdmin({ path: '/admin/orders', server: s, viewport: PHONE });
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(list).getAllByRole('listitem');
    expect(card.textContent).toMatch(/^#FC34A420/);
    expect(card).toHaveTextContent('Alice Smith');
    await user.click(within(card).getByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order details' });
    expect(dialog).toHaveAccessibleDescription(/^Order #FC34A420, placed \d{1,2} Jun 2024, \d\d:\d\d$/);
    // The order's items inside the dialog are cards too.
    expect(await within(dialog).findByRole('list', { name: 'Items' })).toHaveTextContent('Ibuprofen 200 mg');
  });

  it('users: a card per user headed by the email, in a list and not a table', async () => {
    renderAdmin({ path: '/admin/users', server: server(), viewport: PHONE });
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem').map((li) => li.firstElementChild?.firstElementChild?.textContent)).toEqual([
      'carla@example.com',
      'bob@example.com',
      'alice@example.com',
    ]);
  });

  it('users: a table on a wide screen', async () => {
    renderAdmin({ path: '/admin/users', server: server(), viewport: WIDE });
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Users' })).not.toBeInTheDocument();
  });
});

describe('Admin top bar', () => {
  it('on a phone: one menu, the panel name, Back to shop and Sign Out in one bar', async () => {
    renderAdmin({ path: '/admin/users', server: server(), viewport: PHONE });
    await screen.findByRole('list', { name: 'Users' });
    const bar = screen.getByRole('banner');
    expect(within(bar).getAllByRole('button', { name: 'Open menu' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Open menu' })).toHaveLength(1);
    expect(within(bar).getByText('Admin')).toBeInTheDocument();
    expect(within(bar).getByRole('link', { name: 'Back to shop' })).toHaveAttribute('href', '/');
    expect(within(bar).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('beside the sidebar: Back to shop, no menu button, and the sidebar keeps its four entries and Sign Out', async () => {
    renderAdmin({ path: '/admin/users', server: server(), viewport: WIDE });
    await screen.findByRole('table', { name: 'Users' });
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Back to shop' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Admin Panel' })).getAllByRole('link')).toHaveLength(4);
    expect(screen.getAllByRole('button', { name: 'Sign Out' })).toHaveLength(1);
  });

  it('Back to shop goes to the shop', async () => {
    const user = userEvent.setup();
    renderAdmin({ path: '/admin/users', server: server(), viewport: PHONE });
    await screen.findByRole('list', { name: 'Users' });
    await user.click(screen.getByRole('link', { name: 'Back to shop' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });
});

describe('Revenue chart: day labels that fit', () => {
  it('labels fewer days on a narrow chart so no two labels overlap, and every day fits on a wide one', () => {
    const shown = (plotWidth: number) => Math.ceil(30 / labelEvery(30, plotWidth));
    expect(shown(260)).toBeLessThanOrEqual(4);
    expect(shown(260) * 56).toBeLessThanOrEqual(260);
    expect(shown(880)).toBeGreaterThanOrEqual(10);
    expect(shown(880) * 56).toBeLessThanOrEqual(880);
    expect(labelEvery(7, 2000)).toBe(1);
  });
});
