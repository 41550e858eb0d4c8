import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product, ProductStock } from '@pharmacy/contracts';
import { fakeApi, fail, ok, okList, type FakeApi } from '@pharmacy/test-kit';
import { makeProduct } from './fixtures';
import { renderAdmin } from './renderAdmin';


const GEL = makeProduct({ _id: 'gel', title: 'Ibuprofen Gel', description: 'Pain releif.', price: 6, totalStock: 20, version: 1 });

const initialStock = (): ProductStock => ({
  productId: 'gel',
  available: 20,
  reserved: 0,
  sold: 30,
  batches: [{ id: 'b-1', lot: 'Opening stock', expiresOn: '9999-12-31', state: 'sellable', receivedAt: '2024-06-01T09:00:00.000Z', received: 50, remaining: 20, reserved: 0 }],
  history: [{ _id: 'h-1', by: 'admin-1', at: '2024-06-01T09:00:00.000Z', delta: 50, reason: 'initial stock', note: '', availableAfter: 50 }],
});

function serverWith(products: Product[] = [GEL], stock: ProductStock = initialStock()): FakeApi {
  const server = fakeApi();
  server.on('GET', '/api/admin/products/get', okList(products, { total: products.length, page: 1, limit: 24 }));
  server.on('GET', '/api/admin/products/gel/stock', () => ok(stock));
  return server;
}

async function openEdit(server: FakeApi) {
  const user = userEvent.setup();
  renderAdmin({ path: '/admin/products', server });
  await screen.findByRole('table', { name: 'Products' });
  await user.click(screen.getByRole('button', { name: 'Edit Ibuprofen Gel' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit product' });
  return { user, dialog };
}

describe('Edit product: someone else saved first', () => {
  it('shows the 409 message in the form, and Reload loads the latest product into it', async () => {
    const server = serverWith();
    const message = 'This product was changed by someone else since you opened it: price. Reload to see the latest.';
    server.on('PUT', '/api/admin/products/edit/gel', (req) =>
      (req.body as { version: number }).version === 1
        ? fail(409, message, 'PRODUCT_CHANGED')
        : ok({ ...GEL, ...(req.body as object), price: 7.5, version: 3 }),
    );
    server.on('GET', '/api/shop/products/get/gel', ok({ ...GEL, price: 7.5, version: 2 }));
    const { user, dialog } = await openEdit(server);

    const description = within(dialog).getByLabelText(/^Description/);
    await user.clear(description);
    await user.type(description, 'Pain relief.');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(screen.getByRole('dialog', { name: 'Edit product' })).toBeInTheDocument(); // the form stays open
    expect(within(dialog).getByLabelText(/^Price/)).toHaveValue('6');

    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(screen.getByRole('dialog', { name: 'Edit product' })).getByLabelText(/^Price/)).toHaveValue('7.5'));
    const reloaded = screen.getByRole('dialog', { name: 'Edit product' });
    expect(within(reloaded).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(reloaded).getByLabelText(/^Description/)).toHaveValue('Pain releif.');
    expect(server.callsTo('GET', '/api/shop/products/get/gel')).toHaveLength(1);

    // The fix again, on the latest version: it is saved and the form closes.
    await user.clear(within(reloaded).getByLabelText(/^Description/));
    await user.type(within(reloaded).getByLabelText(/^Description/), 'Pain relief.');
    await user.click(within(reloaded).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit product' })).not.toBeInTheDocument());
    const puts = server.callsTo('PUT', '/api/admin/products/edit/gel').map((r) => r.body as Record<string, unknown>);
    expect(puts.map((b) => [b.version, b.description, b.price])).toEqual([
      [1, 'Pain relief.', 6],
      [2, 'Pain relief.', 7.5],
    ]);
    expect(puts.every((b) => !('totalStock' in b))).toBe(true);
  });
});

describe('Edit product: stock panel', () => {
  it('shows available, reserved and sold with the history', async () => {
    const { dialog } = await openEdit(serverWith());
    const figures = await within(dialog).findByLabelText('Stock figures');
    expect(within(figures).getByText('Available').nextSibling).toHaveTextContent('20');
    expect(within(figures).getByText('Reserved').nextSibling).toHaveTextContent('0');
    expect(within(figures).getByText('Sold').nextSibling).toHaveTextContent('30');
    const history = within(dialog).getByRole('table', { name: 'Stock history' });
    expect(within(history).getAllByRole('row')).toHaveLength(2);
    expect(within(history).getByText('+50')).toBeInTheDocument();
    expect(within(history).getByText('initial stock')).toBeInTheDocument();
  });

  it('names who made each change: staff by name, the order system, and an older line by the start of its id', async () => {
    type Line = ProductStock['history'][number];
    const line = (over: Pick<Line, '_id' | 'by'> & Partial<Line>): Line => ({ at: '2024-06-02T09:00:00.000Z', delta: 1, reason: 'returned', note: '', availableAfter: 20, ...over });
    const stock = {
      ...initialStock(),
      history: [
        line({ _id: 'h-3', by: 'a1b2c3d4-staff', byName: 'Priya Shah' }),
        line({ _id: 'h-2', by: 'order system' }),
        line({ _id: 'h-1', by: '9f8e7d6c-older' }),
      ],
    };
    const { dialog } = await openEdit(serverWith([GEL], stock));
    const history = await within(dialog).findByRole('table', { name: 'Stock history' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-1)?.textContent)).toEqual(['Priya Shah', 'order system', 'staff member 9f8e7d6c']);
    expect(history).not.toHaveTextContent('a1b2c3d4');
  });

  it('posts an adjustment with its reason and shows the refreshed figures and history', async () => {
    const server = serverWith();
    server.on('POST', '/api/admin/products/gel/stock', (req) => {
      const body = req.body as { delta: number; reason: 'returned'; note?: string };
      const base = initialStock();
      return ok({
        ...base,
        available: 32,
        history: [{ _id: 'h-2', by: 'admin-1', at: '2024-06-02T09:00:00.000Z', delta: body.delta, reason: body.reason, note: body.note ?? '', availableAfter: 32 }, ...base.history],
      });
    });
    const { user, dialog } = await openEdit(server);
    const form = await within(dialog).findByRole('form', { name: 'Adjust stock' });

    await user.type(within(form).getByLabelText(/^Change/), '+12');
    // New stock is received as a batch: an adjustment offers the other reasons only.
    expect(within(within(form).getByLabelText(/^Reason/)).queryByRole('option', { name: 'Received' })).not.toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText(/^Reason/), 'returned');
    await user.type(within(form).getByLabelText(/^Note/), 'Delivery 4411');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(within(within(dialog).getByRole('table', { name: 'Stock history' })).getAllByRole('row')).toHaveLength(3));
    // The product's one batch is the one adjusted.
    expect(server.callsTo('POST', '/api/admin/products/gel/stock').map((r) => r.body)).toEqual([
      { delta: 12, reason: 'returned', batchId: 'b-1', note: 'Delivery 4411' },
    ]);
    const figures = within(dialog).getByLabelText('Stock figures');
    expect(within(figures).getByText('Available').nextSibling).toHaveTextContent('32');
    const history = within(dialog).getByRole('table', { name: 'Stock history' });
    expect(within(history).getByText('+12')).toBeInTheDocument();
    expect(within(history).getByText('Delivery 4411')).toBeInTheDocument();
    // The form is ready for the next adjustment, and the products table shows the new count.
    await waitFor(() => expect(within(form).getByLabelText(/^Change/)).toHaveValue(''));
    expect(within(screen.getByRole('table', { name: 'Products', hidden: true })).getByText('32')).toBeInTheDocument();
  });

  it('checks the change before sending, and shows the server\'s refusal', async () => {
    const server = serverWith();
    server.on('POST', '/api/admin/products/gel/stock', fail(409, 'Only 15 units available, so 18 units cannot be removed (held and sold units are not on the shelf count).', 'STOCK_INSUFFICIENT'));
    const { user, dialog } = await openEdit(server);
    const form = await within(dialog).findByRole('form', { name: 'Adjust stock' });

    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(within(form).getByText('Enter how many units to add (+12) or remove (-3).')).toBeInTheDocument();
    expect(within(form).getByText('Choose why the stock changes.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^Change/), '-21');
    await user.selectOptions(within(form).getByLabelText(/^Reason/), 'damaged');
    expect(within(form).getByText('Only 20 on the shelf in this batch: you can remove at most 20.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(server.callsTo('POST', '/api/admin/products/gel/stock')).toHaveLength(0);

    // Shoppers took 5 meanwhile: the server refuses with the count it has.
    await user.clear(within(form).getByLabelText(/^Change/));
    await user.type(within(form).getByLabelText(/^Change/), '-18');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Only 15 units available, so 18 units cannot be removed');
    expect(within(form).getByLabelText(/^Change/)).toHaveValue('-18');
  });

  it('shows the batches earliest expiry first and makes staff choose one when there are several', async () => {
    const batch = (over: Partial<ProductStock['batches'][number]> & { id: string; lot: string }): ProductStock['batches'][number] => ({
      expiresOn: '2027-06-30',
      state: 'sellable',
      receivedAt: '2026-06-01T09:00:00.000Z',
      received: 10,
      remaining: 10,
      reserved: 0,
      ...over,
    });
    const stock: ProductStock = {
      ...initialStock(),
      batches: [
        batch({ id: 'b-soon', lot: 'IBU-25-310', expiresOn: '2027-01-31', remaining: 4, reserved: 2 }),
        batch({ id: 'b-recalled', lot: 'IBU-25-117', state: 'recalled', remaining: 6 }),
        batch({ id: 'b-open', lot: 'Opening stock', expiresOn: '9999-12-31', remaining: 10 }),
      ],
    };
    const server = serverWith([GEL], stock);
    server.on('POST', '/api/admin/products/gel/stock', () => ok(stock));
    const { user, dialog } = await openEdit(server);
    const table = await within(dialog).findByRole('table', { name: 'Batches' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['IBU-25-310', '31 Jan 2027', 'On sale', '10', '4', '2'],
      ['IBU-25-117', '30 Jun 2027', 'Recalled', '10', '6', '0'],
      ['Opening stock', 'Expiry not recorded', 'On sale', '10', '10', '0'],
    ]);

    const form = within(dialog).getByRole('form', { name: 'Adjust stock' });
    await user.type(within(form).getByLabelText(/^Change/), '-6');
    await user.selectOptions(within(form).getByLabelText(/^Reason/), 'damaged');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(within(form).getByText('Choose the batch the change is for.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/admin/products/gel/stock')).toHaveLength(0);
    // Recalled units can be destroyed: the batch is chosen by its lot.
    await user.selectOptions(within(form).getByLabelText(/^Batch/), 'b-recalled');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/admin/products/gel/stock')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/admin/products/gel/stock')[0].body).toEqual({ delta: -6, reason: 'damaged', batchId: 'b-recalled' });
  });

  it('receives a batch with its lot, expiry and quantity, checking them first and keeping them on a refusal', async () => {
    const server = serverWith();
    let received: ProductStock | null = null;
    server.on('POST', '/api/admin/products/gel/batches', () =>
      received ? ok(received) : fail(409, 'Lot IBU-26-114 is already on this product with expiry 2028-06-30; a lot has one expiry. Check the pack.', 'BATCH_CONFLICT'),
    );
    const { user, dialog } = await openEdit(server);
    const form = await within(dialog).findByRole('form', { name: 'Receive batch' });

    await user.click(within(form).getByRole('button', { name: 'Receive batch' }));
    expect(within(form).getByText('Enter the lot number printed on the pack.')).toBeInTheDocument();
    expect(within(form).getByText('Enter the expiry date printed on the pack.')).toBeInTheDocument();
    expect(within(form).getByText('Enter how many units arrived (a whole number).')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^Lot/), 'IBU-26-114');
    await user.type(within(form).getByLabelText(/^Expiry/), '2020-01-31');
    await user.type(within(form).getByLabelText(/^Quantity/), '24');
    expect(within(form).getByText('Stock that expires today or earlier cannot be received for sale.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Receive batch' }));
    expect(server.callsTo('POST', '/api/admin/products/gel/batches')).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/^Expiry/));
    await user.type(within(form).getByLabelText(/^Expiry/), '2028-07-31');
    await user.click(within(form).getByRole('button', { name: 'Receive batch' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Lot IBU-26-114 is already on this product with expiry 2028-06-30');
    expect(within(form).getByLabelText(/^Lot/)).toHaveValue('IBU-26-114');

    received = {
      ...initialStock(),
      available: 44,
      batches: [
        ...initialStock().batches,
        { id: 'b-2', lot: 'IBU-26-114', expiresOn: '2028-06-30', state: 'sellable' as const, receivedAt: '2026-11-27T09:00:00.000Z', received: 24, remaining: 24, reserved: 0 },
      ],
    };
    await user.clear(within(form).getByLabelText(/^Expiry/));
    await user.type(within(form).getByLabelText(/^Expiry/), '2028-06-30');
    await user.click(within(form).getByRole('button', { name: 'Receive batch' }));
    await waitFor(() => expect(within(form).getByLabelText(/^Lot/)).toHaveValue(''));
    expect(server.callsTo('POST', '/api/admin/products/gel/batches').map((r) => r.body).at(-1)).toEqual({ lot: 'IBU-26-114', expiresOn: '2028-06-30', quantity: 24 });
    expect(within(within(dialog).getByRole('table', { name: 'Batches' })).getByText('IBU-26-114')).toBeInTheDocument();
    expect(within(within(dialog).getByLabelText('Stock figures')).getByText('Available').nextSibling).toHaveTextContent('44');
  });
});
