import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_HEADER, type Product } from '@pharmacy/contracts';
import { FakeXhr, fakeApi, fail, installFakeXhr, ok, okList, pngFile, type FakeApi } from '@pharmacy/test-kit';
import { makeProduct } from './fixtures';
import { renderAdmin } from './renderAdmin';
import { productsActions } from '../src/products/slice';

installFakeXhr();

const PRODUCTS = [
  makeProduct({ _id: 'p-1', title: 'Ibuprofen 200 mg Tablets' }),
  makeProduct({ _id: 'p-2', title: 'Vitamin C 1000 mg', category: 'vitamins-and-supplements', salePrice: 3.5, price: 4.99 }),
];

function serverWith(products: Product[] = PRODUCTS): FakeApi {
  const server = fakeApi();
  server.on('GET', '/api/admin/products/get', (req) => {
    const term = (req.query.search ?? '').toLowerCase();
    const items = products.filter((p) => p.title.toLowerCase().includes(term));
    return okList(items, { total: items.length, page: Number(req.query.page ?? 1), limit: 24 });
  });
  return server;
}

const notification = () => screen.getByRole('region', { name: /^Notification/, hidden: true });

async function renderProducts(server = serverWith()) {
  const user = userEvent.setup();
  const view = renderAdmin({ path: '/admin/products', server });
  await screen.findByRole('table', { name: 'Products' });
  return { ...view, user };
}

async function openAddForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Add product' }));
  return screen.findByRole('dialog', { name: 'Add product' });
}

describe('Product form validation', () => {
  it('names every missing required field on submit and sends nothing', async () => {
    const { user, server } = await renderProducts();
    const dialog = await openAddForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add product' }));

    expect(within(dialog).getByText('7 fields need your attention.')).toBeInTheDocument();
    for (const message of [
      'Title is required.',
      'Description is required.',
      'Choose a category.',
      'Brand is required.',
      'Price is required.',
      'Stock is required.',
      'Upload a product image.',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    expect(within(dialog).getByLabelText(/^Title/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/^Title/)).toHaveAccessibleDescription('Title is required.');
    await waitFor(() => expect(within(dialog).getByLabelText(/^Title/)).toHaveFocus());
    expect(server.callsTo('POST', '/api/admin/products/add')).toHaveLength(0);
  });

  it.each([
    ['Price', 'abc', 'Price must be a number like 4.99.'],
    ['Price', '4.999', 'Price can have at most two decimal places.'],
    ['Price', '0', 'Price must be more than 0.'],
    ['Price', '100001', 'Price must be at most 100000.'],
    ['Stock', '-1', 'Stock must be a whole number of 0 or more.'],
    ['Stock', '2.5', 'Stock must be a whole number of 0 or more.'],
    ['Maximum per order', '0', 'Maximum per order must be between 1 and 1000.'],
    ['Minimum age', '130', 'Minimum age must be between 0 and 120.'],
    ['Title', 'A', 'Title must be at least 2 characters.'],
  ])('%s "%s" says: %s', async (label, value, message) => {
    const { user } = await renderProducts();
    const dialog = await openAddForm(user);
    const input = within(dialog).getByLabelText(new RegExp(`^${label}`));
    await user.type(input, value);
    expect(within(dialog).queryByText(message)).not.toBeInTheDocument(); // not while typing the first time
    await user.tab();
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('wants the sale price below the price', async () => {
    const { user } = await renderProducts();
    const dialog = await openAddForm(user);
    await user.type(within(dialog).getByLabelText(/^Price/), '5');
    await user.type(within(dialog).getByLabelText(/^Sale price/), '5');
    await user.tab();
    expect(within(dialog).getByText('Sale price must be lower than the price (leave it empty when not on sale).')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Sale price/));
    await user.type(within(dialog).getByLabelText(/^Sale price/), '4.5');
    expect(within(dialog).queryByText(/Sale price must be lower/)).not.toBeInTheDocument();
  });

  it('refuses a file that is not a PNG, JPEG or WebP image before uploading it', async () => {
    const { user } = await renderProducts();
    const dialog = await openAddForm(user);
    const gif = new File(['GIF89a'], 'anim.gif', { type: 'image/gif' });
    // The picker's accept filter can be bypassed (drag and drop, "All files"): the check must not rely on it.
    await userEvent.setup({ applyAccept: false }).upload(within(dialog).getByLabelText('Product image'), gif);
    expect(within(dialog).getByText('Choose a PNG, JPEG or WebP image.')).toBeInTheDocument();
    expect(FakeXhr.instances).toHaveLength(0);
  });
});

describe('Products screen', () => {
  it('creates a product with every field and an uploaded image (preview and progress)', async () => {
    const { user, server } = await renderProducts();
    let created: Product | null = null;
    server.on('POST', '/api/admin/products/add', (req) => {
      created = makeProduct({ _id: 'p-new', ...(req.body as Partial<Product>), title: (req.body as Product).title });
      return ok(created, 'Product added.');
    });
    const dialog = await openAddForm(user);
    const field = (label: RegExp) => within(dialog).getByLabelText(label);

    await user.type(field(/^Title/), 'Cetirizine 10 mg');
    await user.type(field(/^Description/), 'Once-a-day relief from hay fever.');
    await user.selectOptions(field(/^Category/), 'allergy');
    await user.type(field(/^Brand/), 'Allerfree');
    await user.type(field(/^Price/), '6.49');
    await user.type(field(/^Sale price/), '5.99');
    await user.type(field(/^Stock/), '120');
    await user.type(field(/^Active ingredients/), 'Cetirizine hydrochloride 10 mg');
    await user.type(field(/^Allergens/), 'Lactose, lactose, ');
    await user.type(field(/^Contraindications/), 'Kidney disease');
    await user.type(field(/^Dosage form/), 'Tablet');
    await user.type(field(/^Pack size/), '30 tablets');
    await user.type(field(/^Maximum per order/), '2');
    await user.type(field(/^Minimum age/), '6');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Requires a prescription' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Pharmacy medicine (consultation and pharmacist review)' }));

    await user.upload(within(dialog).getByLabelText('Product image'), pngFile());
    const xhr = FakeXhr.instances[0];
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/admin/products/upload-image');
    expect(xhr.headers[CSRF_HEADER]).toBe('1');
    expect(xhr.file?.name).toBe('product.png');
    expect(within(dialog).getByRole('img', { name: 'Preview of the product image' })).toHaveAttribute('src', 'blob:preview-1');
    expect(within(dialog).getByRole('button', { name: 'Add product' })).toBeDisabled(); // not while uploading

    act(() => xhr.progress(1024, 2048));
    expect(within(dialog).getByRole('progressbar', { name: 'Uploading product image' })).toHaveAttribute('value', '50');
    expect(within(dialog).getByText('Uploading… 50%')).toBeInTheDocument();
    await act(async () => xhr.respond(200, { success: true, data: { id: 'm-9', url: '/api/media/m-9', contentType: 'image/png', size: 2048 } }));
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add product' })).not.toBeInTheDocument());
    expect(server.callsTo('POST', '/api/admin/products/add').map((r) => r.body)).toEqual([
      {
        title: 'Cetirizine 10 mg',
        description: 'Once-a-day relief from hay fever.',
        category: 'allergy',
        brand: 'Allerfree',
        price: 6.49,
        salePrice: 5.99,
        totalStock: 120,
        image: '/api/media/m-9',
        activeIngredients: ['Cetirizine hydrochloride 10 mg'],
        allergens: ['Lactose'],
        contraindications: ['Kidney disease'],
        dosageForm: 'Tablet',
        packSize: '30 tablets',
        maxPerOrder: 2,
        minAge: 6,
        requiresPrescription: true,
        pharmacyOnly: true,
        controlled: false,
        refrigerated: false,
      },
    ]);
    expect(within(notification()).getByText('Product added')).toBeInTheDocument();
    // The list is fetched again so the new product shows.
    expect(server.callsTo('GET', '/api/admin/products/get').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the server message when an upload is refused', async () => {
    const { user } = await renderProducts();
    const dialog = await openAddForm(user);
    await user.upload(within(dialog).getByLabelText('Product image'), pngFile());
    await act(async () => FakeXhr.instances[0].respond(415, { success: false, message: 'Only PNG, JPEG or WebP images can be uploaded.', code: 'UNSUPPORTED_MEDIA_TYPE' }));
    expect(within(dialog).getByText('Only PNG, JPEG or WebP images can be uploaded.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: 'Preview of the product image' })).not.toBeInTheDocument();
  });

  it('edits a product in a form filled with its values', async () => {
    const { user, server } = await renderProducts();
    server.on('PUT', '/api/admin/products/edit/p-2', (req) => ok({ ...PRODUCTS[1], ...(req.body as object) }));
    await user.click(screen.getByRole('button', { name: 'Edit Vitamin C 1000 mg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit product' });
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('Vitamin C 1000 mg');
    expect(within(dialog).getByLabelText(/^Sale price/)).toHaveValue('3.5');
    expect(within(dialog).getByLabelText(/^Maximum per order/)).toHaveValue('4');
    expect(within(dialog).queryByRole('textbox', { name: /^Stock/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Preview of the product image' })).toHaveAttribute('src', '/api/media/img-1');

    await user.clear(within(dialog).getByLabelText(/^Price/));
    await user.type(within(dialog).getByLabelText(/^Price/), '5.25');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit product' })).not.toBeInTheDocument());
    const [request] = server.callsTo('PUT', '/api/admin/products/edit/p-2');
    expect(request.body).toMatchObject({ price: 5.25, salePrice: 3.5, title: 'Vitamin C 1000 mg', category: 'vitamins-and-supplements', version: 1 });
    // Stock is never sent by the form: it changes through adjustments only.
    expect(request.body).not.toHaveProperty('totalStock');
  });

  it('marks pharmacy medicines in the table, and the form loads and sends pharmacyOnly on edit', async () => {
    const codeine = makeProduct({ _id: 'p-3', title: 'Codeine Linctus', pharmacyOnly: true, version: 4 });
    const rx = makeProduct({ _id: 'p-4', title: 'Amoxicillin 500 mg', requiresPrescription: true });
    const { user, server } = await renderProducts(serverWith([...PRODUCTS, codeine, rx]));
    const supplyCell = (title: string) => {
      const row = within(screen.getByRole('table', { name: 'Products' })).getByText(title).closest('tr') as HTMLElement;
      const index = within(screen.getByRole('table', { name: 'Products' })).getAllByRole('columnheader').findIndex((h) => h.textContent === 'Supply');
      return within(row).getAllByRole('cell')[index];
    };
    expect(supplyCell('Codeine Linctus')).toHaveTextContent('Pharmacy medicine');
    expect(supplyCell('Amoxicillin 500 mg')).toHaveTextContent('Prescription');
    expect(supplyCell('Vitamin C 1000 mg')).toHaveTextContent('General sale');

    server.on('PUT', '/api/admin/products/edit/p-3', (req) => ok({ ...codeine, ...(req.body as object), version: 5 }));
    await user.click(screen.getByRole('button', { name: 'Edit Codeine Linctus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit product' });
    const box = within(dialog).getByRole('checkbox', { name: 'Pharmacy medicine (consultation and pharmacist review)' });
    expect(box).toBeChecked();
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit product' })).not.toBeInTheDocument());
    expect(server.callsTo('PUT', '/api/admin/products/edit/p-3').map((r) => r.body)).toEqual([expect.objectContaining({ pharmacyOnly: false, version: 4 })]);
  });

  it('marks a controlled or refrigerated medicine click and collect only: the form loads both flags and sends them', async () => {
    const insulin = makeProduct({ _id: 'p-5', title: 'Insulin Pen', requiresPrescription: true, refrigerated: true, version: 2 });
    const { user, server } = await renderProducts(serverWith([...PRODUCTS, insulin]));
    server.on('PUT', '/api/admin/products/edit/p-5', (req) => ok({ ...insulin, ...(req.body as object), version: 3 }));
    await user.click(screen.getByRole('button', { name: 'Edit Insulin Pen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit product' });
    const controlled = within(dialog).getByRole('checkbox', { name: 'Controlled drug' });
    const cold = within(dialog).getByRole('checkbox', { name: 'Needs refrigeration' });
    expect(controlled).not.toBeChecked();
    expect(cold).toBeChecked();
    expect(controlled).toHaveAccessibleDescription(expect.stringContaining('click and collect only'));
    expect(cold).toHaveAccessibleDescription(expect.stringContaining('click and collect only'));

    await user.click(controlled);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit product' })).not.toBeInTheDocument());
    expect(server.callsTo('PUT', '/api/admin/products/edit/p-5').map((r) => r.body)).toEqual([expect.objectContaining({ controlled: true, refrigerated: true, version: 2 })]);
  });

  it('deletes only after confirmation', async () => {
    const { user, server } = await renderProducts();
    server.on('DELETE', '/api/admin/products/delete/p-1', ok({ _id: 'p-1' }, 'Product deleted.'));
    await user.click(screen.getByRole('button', { name: 'Delete Ibuprofen 200 mg Tablets' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete product?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('DELETE', /\/api\/admin\/products\/delete\//)).toHaveLength(0);

    server.on('GET', '/api/admin/products/get', okList([PRODUCTS[1]], { total: 1, page: 1, limit: 24 }));
    await user.click(screen.getByRole('button', { name: 'Delete Ibuprofen 200 mg Tablets' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete product?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('DELETE', '/api/admin/products/delete/p-1')).toHaveLength(1);
    expect(screen.queryByText('Ibuprofen 200 mg Tablets')).not.toBeInTheDocument();
  });

  it('searches on the server as the admin types', async () => {
    const { user, server } = await renderProducts();
    await user.type(screen.getByLabelText('Search products'), 'vitamin');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Products' })).getAllByRole('row')).toHaveLength(2));
    expect(server.callsTo('GET', '/api/admin/products/get').at(-1)?.query).toMatchObject({ search: 'vitamin', page: '1' });
    expect(screen.getByText('Vitamin C 1000 mg')).toBeInTheDocument();
  });

  it('empties the list when a fetch fails, with a destructive toast', async () => {
    const server = serverWith();
    const { store, state } = await renderProducts(server);
    server.on('GET', '/api/admin/products/get', fail(503, 'The catalog is unavailable.', 'UNAVAILABLE'));
    act(() => {
      store.dispatch(productsActions.fetchProducts({ page: 1 }));
    });
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(state().admin.products.list).toEqual([]);
    const toast = within(notification()).getByText('Could not load products').closest('li') as HTMLElement;
    expect(toast).toHaveAttribute('data-variant', 'destructive');
  });
});

describe('Short-dated batches (a view inside Products)', () => {
  const SHORT = [
    { batchId: 'demo-batch-short-dated', productId: 'p-1', productTitle: 'Ibuprofen 200 mg Tablets', lot: 'IBU-25-208', expiresOn: '2026-12-01', daysLeft: 4, units: 40 },
    { batchId: 'b-2', productId: 'p-2', productTitle: 'Vitamin C 1000 mg', lot: 'VIT-26-010', expiresOn: '2027-02-15', daysLeft: 80, units: 12 },
  ];

  it('lists batches soonest first with their days left, and goes back to all products', async () => {
    const server = serverWith();
    server.on('GET', '/api/admin/products/batches/short-dated', () => ok(SHORT));
    const { user } = await renderProducts(server);
    await user.click(screen.getByRole('button', { name: 'Short-dated' }));
    const table = await screen.findByRole('table', { name: 'Short-dated batches' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['Ibuprofen 200 mg Tablets', 'IBU-25-208', '1 Dec 2026', '4 days', '40'],
      ['Vitamin C 1000 mg', 'VIT-26-010', '15 Feb 2027', '80 days', '12'],
    ]);
    expect(screen.getByRole('button', { name: 'Short-dated' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'All products' }));
    expect(await screen.findByRole('table', { name: 'Products' })).toBeInTheDocument();
  });

  it('says so when nothing is short-dated, and offers Try again when the list cannot be loaded', async () => {
    const server = serverWith();
    let answer: 'fail' | 'empty' = 'fail';
    server.on('GET', '/api/admin/products/batches/short-dated', () => (answer === 'fail' ? fail(503, 'The catalog is not answering right now.', 'UNAVAILABLE') : ok([])));
    const user = userEvent.setup();
    renderAdmin({ path: '/admin/products?view=short-dated', server });
    expect(await screen.findByText('Short-dated batches could not be loaded')).toBeInTheDocument();
    answer = 'empty';
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No short-dated batches')).toBeInTheDocument();
    expect(screen.getByText('No batch on sale expires within 90 days.')).toBeInTheDocument();
  });
});
