import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LotBatch, Recall, RecallCreateBody, RecallDetail } from '@pharmacy/contracts';
import { fail, fakeApi, makeProduct, ok, staffWithRole } from '@pharmacy/test-kit';
import { makeRecall } from './fixtures';
import { renderAdmin } from './renderAdmin';

const pharmacist = staffWithRole('pharmacist');

const DETAIL = (recall: Recall): RecallDetail => ({
  recall,
  affected: [
    {
      orderId: 'o-1', orderNumber: '#FC34A420', userId: 'u-alice', shopperName: 'Alice Hart', batchId: 'demo-batch-recalled', lot: 'CHL-24-117', productId: 'p-chl', quantity: 2, outcome: 'paid',
      notice: { id: 'n-1', mail: 'sent', mailDueAt: '2026-11-27T09:00:01.000Z', sentAt: '2026-11-27T09:00:02.000Z', openedAt: '2026-11-27T10:30:00.000Z' },
    },
  ],
});

// The catalogue's batches by lot: one lot on two products (one already expired), one on a single product.
const BATCHES: LotBatch[] = [
  { batchId: 'demo-batch-recalled', productId: 'p-chl', productTitle: 'Chlorphenamine 4mg Allergy Tablets', lot: 'CHL-24-117', expiresOn: '2027-06-30', state: 'sellable', remaining: 40 },
  { batchId: 'b-chl-syrup', productId: 'p-chs', productTitle: 'Chlorphenamine Oral Solution', lot: 'CHL-24-117', expiresOn: '2026-10-31', state: 'expired', remaining: 3 },
  { batchId: 'b-ibu', productId: 'p-ibu', productTitle: 'Ibuprofen 200mg Tablets', lot: 'IBU-25-002', expiresOn: '2028-01-31', state: 'sellable', remaining: 12 },
];

function recallServer() {
  const recalls: Recall[] = [];
  const server = fakeApi();
  server.on('GET', '/api/admin/products/batches', (req) => ok(BATCHES.filter((b) => b.lot.toLowerCase() === String(req.query.lot).trim().toLowerCase())));
  server.on('GET', '/api/admin/recalls', () => ok(recalls));
  server.on('POST', '/api/admin/recalls', (req) => {
    const body = req.body as RecallCreateBody;
    const made = makeRecall({ ...body, _id: `rc-${recalls.length + 1}` });
    recalls.unshift(made);
    return ok(made);
  });
  server.on('GET', /^\/api\/admin\/recalls\/[^/]+$/, (req) => {
    const found = recalls.find((r) => r._id === req.path.split('/')[4]);
    return found ? ok(DETAIL(found)) : fail(404, 'No recall with this id.', 'NOT_FOUND');
  });
  return Object.assign(server, { recalls });
}

const lookups = (server: ReturnType<typeof recallServer>) => server.callsTo('GET', '/api/admin/products/batches').map((c) => c.query.lot);

describe('recalls in Products', () => {
  test('a pharmacist (no catalogue role) types the lot, ticks the batches found and sees the affected order, who opened the notice, and the export', async () => {
    const user = userEvent.setup();
    const server = recallServer();
    renderAdmin({ path: '/admin/products', server, user: pharmacist });
    const section = await screen.findByRole('region', { name: 'Recalls' });
    expect(await within(section).findByText('No recalls recorded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add product' })).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Record a recall' }));
    const form = await screen.findByRole('form', { name: 'Record a recall' });
    expect(within(form).getByRole('button', { name: 'Record recall' })).toBeDisabled();
    await user.type(within(form).getByLabelText(/Lot numbers/), 'chl-24-117, IBU-25-002');
    await user.click(within(form).getByRole('button', { name: 'Find batches' }));

    const list = await within(form).findByRole('group', { name: /Batches to recall/ });
    expect(lookups(server)).toEqual(['chl-24-117', 'IBU-25-002']);
    const tablets = within(list).getByRole('checkbox', { name: /Chlorphenamine 4mg Allergy Tablets, lot CHL-24-117, expires 30 Jun 2027, 40 left/ });
    const syrup = within(list).getByRole('checkbox', { name: /Chlorphenamine Oral Solution, lot CHL-24-117, expires 31 Oct 2026, 3 left Expired/ });
    const ibuprofen = within(list).getByRole('checkbox', { name: /Ibuprofen 200mg Tablets, lot IBU-25-002/ });
    expect(within(list).getAllByRole('checkbox')).toHaveLength(3);
    for (const box of [tablets, syrup, ibuprofen]) expect(box).toBeChecked();
    await user.click(ibuprofen);
    expect(ibuprofen).not.toBeChecked();

    await user.selectOptions(within(form).getByLabelText(/Class/), '1');
    await user.type(within(form).getByLabelText(/Reason/), 'Wrong strength printed on the blister.');
    await user.type(within(form).getByLabelText(/What shoppers must do/), 'Stop taking it and bring it back.');
    await user.click(within(form).getByRole('button', { name: 'Record recall' }));

    await waitFor(() => expect(server.callsTo('POST', '/api/admin/recalls')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/admin/recalls')[0].body).toEqual({
      batchIds: ['demo-batch-recalled', 'b-chl-syrup'], recallClass: 1, reason: 'Wrong strength printed on the blister.', action: 'Stop taking it and bring it back.',
    });
    // Behind the recall's dialog, which opens on it: the page says what was recorded.
    expect(await screen.findByText('Recall recorded: the batches are off sale; 1 order affected, 1 shopper to tell.')).toBeInTheDocument();
    const affected = await screen.findByRole('table', { name: 'Affected orders' });
    const row = within(affected).getByRole('row', { name: /#FC34A420/ });
    // the pharmacist reads who to reach by name, with the account id beside it
    expect(row).toHaveTextContent('Alice Hart');
    expect(row).toHaveTextContent('u-alice');
    expect(row).toHaveTextContent('CHL-24-117');
    expect(row).toHaveTextContent(/Opened 27 Nov 2026/);
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/recalls/rc-1/export.csv');
  });

  test('a lot that matches nothing says so and sends nothing; nothing typed is lost, and a changed lot is looked up again', async () => {
    const user = userEvent.setup();
    const server = recallServer();
    renderAdmin({ path: '/admin/products', server, user: pharmacist });
    await user.click(await screen.findByRole('button', { name: 'Record a recall' }));
    const form = await screen.findByRole('form', { name: 'Record a recall' });
    await user.click(within(form).getByRole('button', { name: 'Find batches' }));
    expect(within(form).getByText(/Enter the lot number of at least one batch/)).toBeInTheDocument();
    expect(lookups(server)).toEqual([]);

    await user.type(within(form).getByLabelText(/Lot numbers/), 'XYZ-99{Enter}');
    expect(await within(form).findByText('No batch with lot XYZ-99.')).toBeInTheDocument();
    expect(within(form).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Reason/), 'Contaminated.');
    await user.type(within(form).getByLabelText(/What shoppers must do/), 'Return it.');
    expect(within(form).getByRole('button', { name: 'Record recall' })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Record recall' }));
    expect(server.callsTo('POST', '/api/admin/recalls')).toHaveLength(0);
    expect(within(form).getByLabelText(/Lot numbers/)).toHaveValue('XYZ-99');
    expect(within(form).getByLabelText(/Reason/)).toHaveValue('Contaminated.');

    // A second lot typed after the lookup: the list is stale until found again, and one lot matching still says the other does not.
    await user.type(within(form).getByLabelText(/Lot numbers/), ' IBU-25-002');
    expect(within(form).getByText('The lots changed: find their batches again.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Find batches' }));
    expect(await within(form).findByRole('checkbox', { name: /Ibuprofen 200mg Tablets/ })).toBeChecked();
    expect(within(form).getByText('No batch with lot XYZ-99.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Record recall' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/admin/recalls')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/admin/recalls')[0].body).toMatchObject({ batchIds: ['b-ibu'], reason: 'Contaminated.', action: 'Return it.' });
  });

  test('a batch recalled already is shown greyed and unticked, and only the others are sent', async () => {
    const user = userEvent.setup();
    const server = recallServer();
    server.on('GET', '/api/admin/products/batches', ok([
      { ...BATCHES[1], state: 'recalled' },
      { ...BATCHES[0] },
    ]));
    renderAdmin({ path: '/admin/products', server, user: pharmacist });
    await user.click(await screen.findByRole('button', { name: 'Record a recall' }));
    const form = await screen.findByRole('form', { name: 'Record a recall' });
    await user.type(within(form).getByLabelText(/Lot numbers/), 'CHL-24-117{Enter}');
    const recalled = await within(form).findByRole('checkbox', { name: /Chlorphenamine Oral Solution/ });
    expect(recalled).not.toBeChecked();
    expect(recalled).toBeDisabled();
    expect(within(form).getByRole('checkbox', { name: /Chlorphenamine 4mg Allergy Tablets/ })).toBeChecked();
    await user.type(within(form).getByLabelText(/Reason/), 'Contaminated.');
    await user.type(within(form).getByLabelText(/What shoppers must do/), 'Return it.');
    await user.click(within(form).getByRole('button', { name: 'Record recall' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/admin/recalls')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/admin/recalls')[0].body).toMatchObject({ batchIds: ['demo-batch-recalled'] });
  });

  test('a failed lookup or a refused recall keeps everything typed and ticked', async () => {
    const user = userEvent.setup();
    const server = recallServer();
    server.on('GET', '/api/admin/products/batches', fail(503, 'The catalogue is not answering. Try again in a moment.', 'UNAVAILABLE'));
    server.on('POST', '/api/admin/recalls', fail(409, 'Batch b-ibu is already being recalled.', 'CONFLICT'));
    renderAdmin({ path: '/admin/products', server, user: pharmacist });
    await user.click(await screen.findByRole('button', { name: 'Record a recall' }));
    const form = await screen.findByRole('form', { name: 'Record a recall' });
    await user.type(within(form).getByLabelText(/Lot numbers/), 'IBU-25-002');
    await user.click(within(form).getByRole('button', { name: 'Find batches' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The batches could not be looked up: The catalogue is not answering.');
    expect(within(form).getByLabelText(/Lot numbers/)).toHaveValue('IBU-25-002');

    server.on('GET', '/api/admin/products/batches', (req) => ok(BATCHES.filter((b) => b.lot === req.query.lot)));
    await user.click(within(form).getByRole('button', { name: 'Find batches' }));
    const box = await within(form).findByRole('checkbox', { name: /Ibuprofen 200mg Tablets/ });
    await user.type(within(form).getByLabelText(/Reason/), 'Contaminated.');
    await user.type(within(form).getByLabelText(/What shoppers must do/), 'Return it.');
    await user.click(within(form).getByRole('button', { name: 'Record recall' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Batch b-ibu is already being recalled.');
    expect(box).toBeChecked();
    expect(within(form).getByLabelText(/Lot numbers/)).toHaveValue('IBU-25-002');
    expect(within(form).getByLabelText(/Reason/)).toHaveValue('Contaminated.');
  });

  test('an admin sees the recalls below the catalogue once its first page is in, so its rows never push them out of view', async () => {
    const server = recallServer();
    let answer = () => undefined as void;
    server.on('GET', '/api/admin/products/get', () => new Promise((resolve) => (answer = () => resolve(ok([makeProduct({ _id: 'p-1', title: 'Ibuprofen 200mg Tablets' })])))));
    renderAdmin({ path: '/admin/products', server, user: staffWithRole('admin') });
    expect(await screen.findByRole('button', { name: 'Add product' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recalls' })).not.toBeInTheDocument();

    answer();
    expect(await screen.findByRole('region', { name: 'Recalls' })).toBeInTheDocument();
    expect(screen.getByText('Ibuprofen 200mg Tablets')).toBeInTheDocument();
  });

  test('a catalogue member of staff sees the products but not the recalls (a pharmacist’s decision)', async () => {
    const server = recallServer();
    server.on('GET', '/api/admin/products/get', ok([]));
    renderAdmin({ path: '/admin/products', server, user: staffWithRole('catalogue') });
    expect(await screen.findByRole('button', { name: 'Add product' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recalls' })).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/admin/recalls')).toHaveLength(0);
  });
});
