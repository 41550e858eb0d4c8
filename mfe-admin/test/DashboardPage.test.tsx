import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate, formatMoney, orderNumber, type Feature } from '@pharmacy/contracts';
import { FakeXhr, fakeApi, fail, installFakeXhr, ok, okList, pngFile, type FakeApi } from '@pharmacy/test-kit';
import { makeHeldOrder, makeProduct, makeStats } from './fixtures';
import { renderAdmin } from './renderAdmin';
import { niceMax } from '../src/dashboard/BarChart';

installFakeXhr();

const FEATURES: Feature[] = [{ _id: 'f-1', image: '/api/media/banner-1', createdAt: '2024-06-01T00:00:00.000Z' }];

function serverWith(): FakeApi {
  const server = fakeApi();
  server.on('GET', '/api/admin/orders/stats', ok(makeStats()));
  server.on('GET', '/api/admin/products/get', (req) =>
    req.query.lowStock === 'true'
      ? okList([makeProduct({ _id: 'p-low', title: 'Saline Nasal Spray', totalStock: 0 }), makeProduct({ _id: 'p-few', title: 'Plasters', totalStock: 3 })], { total: 2, page: 1, limit: 10 })
      : fail(400, 'Only the low-stock list is expected here'),
  );
  server.on('GET', '/api/common/feature/get', ok(FEATURES));
  return server;
}

const notification = () => screen.getByRole('region', { name: /^Notification/, hidden: true });

async function renderDashboard(server = serverWith()) {
  const user = userEvent.setup();
  const view = renderAdmin({ path: '/admin/dashboard', server });
  // the chart comes with the figures (their labels stand from the start)
  await screen.findByRole('img', { name: /^Revenue per day over the last 30 days/ });
  await screen.findByText('Saline Nasal Spray');
  await screen.findByRole('img', { name: 'Feature image 1' });
  return { ...view, user };
}

describe('Dashboard', () => {
  it('shows revenue and orders today and over the last 30 days, open orders by status, and closed ones by why they closed', async () => {
    await renderDashboard();
    const figures = screen.getByText('Revenue today').closest('dl') as HTMLElement;
    const pairs = within(figures)
      .getAllByRole('term')
      .map((t) => [t.textContent, t.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Revenue today', '£120.50'],
      ['Orders today', '3'],
      ['Revenue, last 30 days', '£520.50'],
      ['Orders, last 30 days', '23'],
    ]);
    const rows = (name: string) =>
      within(screen.getByRole('list', { name }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(rows('Open orders')).toEqual(['Pending1', 'Confirmed5', 'In process4', 'In shipping3', 'Delivered9']);
    // A payment the shopper cancelled is not counted with the orders the pharmacy refused.
    expect(rows('Payments not completed')).toEqual(['Payment cancelled3', 'Expired unpaid2', 'Payment failed1', 'Closed: out of stock0', 'Closed: batch recalled0']);
    expect(rows('Refused by the pharmacy')).toEqual(['Rejected by staff1', 'Rejected by pharmacist2']);
  });

  it("puts the pharmacist's queue first: its size and its oldest orders, each opening in Orders under the queue's filter", async () => {
    const { user, server } = await renderDashboard();
    const queue = screen.getByRole('region', { name: 'Awaiting pharmacist review (7)' });
    expect(queue.compareDocumentPosition(screen.getByText('Revenue today')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const oldest = within(within(queue).getByRole('list', { name: 'Waiting longest' })).getAllByRole('link');
    expect(oldest.map((a) => a.textContent)).toEqual([
      `${orderNumber('o-oldest-held')}Alice Smith, since ${formatDate('2024-06-28T08:15:00.000Z', { withTime: true })}${formatMoney(19.48, 'USD')}`,
      `${orderNumber('o-next-held')}Bob Stone, since ${formatDate('2024-06-29T16:40:00.000Z', { withTime: true })}${formatMoney(7.5, 'USD')}`,
    ]);
    expect(within(queue).getByRole('link', { name: 'Open the queue in Orders' })).toHaveAttribute('href', '/admin/orders?review=awaiting');

    const held = makeHeldOrder({ _id: 'o-oldest-held' });
    server.on('GET', '/api/admin/orders/get', okList([held], { total: 1, page: 1, limit: 20, awaitingReview: 7 }));
    server.on('GET', '/api/admin/orders/details/o-oldest-held', ok(held));
    server.on('GET', `/api/admin/users/details/${held.userId}`, fail(503, 'down', 'UNAVAILABLE'));
    await user.click(oldest[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Order details' });
    await within(dialog).findByRole('heading', { name: 'Items' });
    expect(server.callsTo('GET', '/api/admin/orders/get').at(-1)?.query).toMatchObject({ review: 'awaiting', page: '1' });
    expect(screen.getByRole('button', { name: 'Awaiting pharmacist review (7)', hidden: true })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says so when no order waits for a pharmacist, in the same space', async () => {
    const server = serverWith();
    server.on('GET', '/api/admin/orders/stats', ok({ ...makeStats(), awaitingReview: 0, reviewQueue: [] }));
    await renderDashboard(server);
    const queue = screen.getByRole('region', { name: 'Awaiting pharmacist review (0)' });
    expect(within(queue).getByText('No order is waiting for a pharmacist.')).toBeInTheDocument();
  });

  it('draws the daily revenue series as one bar per day, scaled to the data', async () => {
    await renderDashboard();
    const chart = screen.getByRole('img', { name: /^Revenue per day over the last 30 days\. Total £520\.50, highest £120\.50 on 30 Jun 2024\.$/ });
    const bars = within(chart).getAllByTestId('chart-bar');
    expect(bars).toHaveLength(30);
    const heights = bars.map((b) => Number(b.getAttribute('height')));
    // Today's 120.50 is the tallest bar, a day without revenue has none.
    expect(Math.max(...heights)).toBe(heights[29]);
    expect(heights[1]).toBe(0);
    expect(heights[0]).toBeCloseTo((heights[29] * 40) / 120.5, 5);
    expect(bars[29].querySelector('title')?.textContent).toBe('30 Jun 2024: £120.50');
  });

  it('rounds the chart axis up to a readable value', () => {
    expect(niceMax(120.5)).toBe(200);
    expect(niceMax(0)).toBe(1);
    expect(niceMax(47)).toBe(50);
    expect(niceMax(1000)).toBe(1000);
  });

  it('lists the products low in stock', async () => {
    const { server } = await renderDashboard();
    const table = screen.getByRole('table', { name: 'Low in stock' });
    expect(within(table).getByText('Saline Nasal Spray').closest('tr')).toHaveTextContent('Out of stock');
    expect(within(table).getByText('Plasters').closest('tr')).toHaveTextContent('3');
    expect(server.callsTo('GET', '/api/admin/products/get')[0].query).toMatchObject({ lowStock: 'true' });
  });

  it('uploads a feature image with a preview and progress, then lists it', async () => {
    const { user, server } = await renderDashboard();
    server.on('POST', '/api/common/feature/add', (req) =>
      ok({ _id: 'f-2', image: (req.body as { image: string }).image, createdAt: '2024-06-02T00:00:00.000Z' }),
    );
    await user.upload(screen.getByLabelText('Feature image'), pngFile('banner.png'));
    expect(screen.getByRole('img', { name: 'Preview of the feature image' })).toHaveAttribute('src', 'blob:preview-1');
    const xhr = FakeXhr.instances[0];
    act(() => xhr.progress(300, 1000));
    expect(screen.getByRole('progressbar', { name: 'Uploading feature image' })).toHaveAttribute('value', '30');
    await act(async () => xhr.respond(200, { success: true, data: { id: 'm-2', url: '/api/media/m-2', contentType: 'image/png', size: 1000 } }));

    expect(await screen.findByRole('img', { name: 'Feature image 2' })).toHaveAttribute('src', '/api/media/m-2');
    expect(server.callsTo('POST', '/api/common/feature/add').map((r) => r.body)).toEqual([{ image: '/api/media/m-2' }]);
    // The preview gives way to the listed image.
    expect(screen.queryByRole('img', { name: 'Preview of the feature image' })).not.toBeInTheDocument();
  });

  it('deletes a feature image after confirmation', async () => {
    const { user, server } = await renderDashboard();
    server.on('DELETE', '/api/common/feature/delete/f-1', ok(null));
    await user.click(screen.getByRole('button', { name: 'Delete feature image 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete feature image?' });
    expect(server.callsTo('DELETE', /feature\/delete/)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('DELETE', '/api/common/feature/delete/f-1')).toHaveLength(1);
    expect(screen.queryByRole('img', { name: 'Feature image 1' })).not.toBeInTheDocument();
    expect(screen.getByText('No feature images yet')).toBeInTheDocument();
  });

  it('holds the figures’ places while they load (never the failure message), and fills them when they come', async () => {
    const server = serverWith();
    let answer: () => void = () => {};
    server.on('GET', '/api/admin/orders/stats', () => new Promise((resolve) => (answer = () => resolve(ok(makeStats())))));
    renderAdmin({ path: '/admin/dashboard', server });
    const figures = (await screen.findByText('Revenue today')).closest('dl') as HTMLElement;
    expect(within(figures).getAllByRole('term').map((t) => t.textContent)).toEqual(['Revenue today', 'Orders today', 'Revenue, last 30 days', 'Orders, last 30 days']);
    const byStatus = screen.getByRole('heading', { name: 'Orders by status' }).parentElement as HTMLElement;
    expect(within(byStatus).getAllByRole('listitem')).toHaveLength(12);
    expect(screen.getByRole('region', { name: /^Awaiting pharmacist review/ })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('heading', { name: 'Revenue per day, last 30 days' })).toBeInTheDocument();
    expect(screen.queryByText('The order figures are not available right now')).not.toBeInTheDocument();
    expect(figures.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    await screen.findByText('Saline Nasal Spray');
    act(() => answer());
    expect(await within(figures).findByText('£120.50')).toBeInTheDocument();
    expect(figures.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'false');
    await screen.findByRole('img', { name: /^Revenue per day over the last 30 days/ });
  });

  it('keeps the other parts when the figures fail, and says what failed', async () => {
    const server = serverWith();
    server.on('GET', '/api/admin/orders/stats', fail(503, 'The checkout service is unavailable.', 'UNAVAILABLE'));
    const { state } = renderAdmin({ path: '/admin/dashboard', server });
    expect(await screen.findByText('The order figures are not available right now')).toBeInTheDocument();
    expect(await screen.findByText('Saline Nasal Spray')).toBeInTheDocument();
    await screen.findByRole('img', { name: 'Feature image 1' });
    expect(state().admin.dashboard.stats).toBeNull();
    expect(within(notification()).getByText('Could not load the order figures').closest('li')).toHaveAttribute('data-variant', 'destructive');
  });
});
