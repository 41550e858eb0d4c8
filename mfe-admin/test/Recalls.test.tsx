import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Recall, RecallCreateBody, RecallDetail } from '@pharmacy/contracts';
import { fail, fakeApi, ok, staffWithRole } from '@pharmacy/test-kit';
import { renderAdmin } from './renderAdmin';

const pharmacist = staffWithRole('pharmacist');

function makeRecall(over: Partial<Recall> = {}): Recall {
  return {
    _id: 'rc-1',
    recallClass: 2,
    reason: 'Wrong strength printed on the blister.',
    action: 'Stop taking it and bring it back.',
    batchIds: ['demo-batch-recalled'],
    batches: [{ batchId: 'demo-batch-recalled', productId: 'p-chl', productTitle: 'Chlorphenamine 4mg Allergy Tablets', lot: 'CHL-24-117', expiresOn: '2027-06-30', quarantined: 40 }],
    state: 'quarantined',
    createdAt: '2026-11-27T09:00:00.000Z',
    createdBy: { id: 'staff-pharmacist', name: 'Phil Pharmacist' },
    quarantinedAt: '2026-11-27T09:00:01.000Z',
    orders: 1,
    shoppers: 1,
    ...over,
  };
}

const DETAIL = (recall: Recall): RecallDetail => ({
  recall,
  affected: [
    {
      orderId: 'o-1', orderNumber: '#FC34A420', userId: 'u-alice', batchId: 'demo-batch-recalled', lot: 'CHL-24-117', productId: 'p-chl', quantity: 2, outcome: 'paid',
      notice: { id: 'n-1', mail: 'sent', mailDueAt: '2026-11-27T09:00:01.000Z', sentAt: '2026-11-27T09:00:02.000Z', openedAt: '2026-11-27T10:30:00.000Z' },
    },
  ],
});

function recallServer() {
  const recalls: Recall[] = [];
  const server = fakeApi();
  server.on('GET', '/api/admin/recalls', () => ok(recalls));
  server.on('POST', '/api/admin/recalls', (req) => {
    const body = req.body as RecallCreateBody;
    if (body.batchIds.includes('nope')) return fail(404, 'No batch with id nope.', 'NOT_FOUND');
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

describe('recalls in Products', () => {
  test('a pharmacist (no catalogue role) records a recall there and sees the affected order, who opened the notice, and the export', async () => {
    const user = userEvent.setup();
    const server = recallServer();
    renderAdmin({ path: '/admin/products', server, user: pharmacist });
    const section = await screen.findByRole('region', { name: 'Recalls' });
    expect(await within(section).findByText('No recalls recorded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add product' })).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Record a recall' }));
    const form = await screen.findByRole('form', { name: 'Record a recall' });
    await user.type(within(form).getByLabelText(/Batch ids/), 'demo-batch-recalled');
    await user.selectOptions(within(form).getByLabelText(/Class/), '1');
    await user.type(within(form).getByLabelText(/Reason/), 'Wrong strength printed on the blister.');
    await user.type(within(form).getByLabelText(/What shoppers must do/), 'Stop taking it and bring it back.');
    await user.click(within(form).getByRole('button', { name: 'Record recall' }));

    await waitFor(() => expect(server.callsTo('POST', '/api/admin/recalls')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/admin/recalls')[0].body).toEqual({
      batchIds: ['demo-batch-recalled'], recallClass: 1, reason: 'Wrong strength printed on the blister.', action: 'Stop taking it and bring it back.',
    });
    // Behind the recall's dialog, which opens on it: the page says what was recorded.
    expect(await screen.findByText('Recall recorded: the batches are off sale; 1 order affected, 1 shopper to tell.')).toBeInTheDocument();
    const affected = await screen.findByRole('table', { name: 'Affected orders' });
    const row = within(affected).getByRole('row', { name: /#FC34A420/ });
    expect(row).toHaveTextContent('u-alice');
    expect(row).toHaveTextContent('CHL-24-117');
    expect(row).toHaveTextContent(/Opened 27 Nov 2026/);
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/recalls/rc-1/export.csv');
  });

  test('the form says what is missing and sends nothing; a batch the catalogue does not know keeps what was typed', async () => {
    const user = userEvent.setup();
    const server = recallServer();
    renderAdmin({ path: '/admin/products', server, user: pharmacist });
    await user.click(await screen.findByRole('button', { name: 'Record a recall' }));
    const form = await screen.findByRole('form', { name: 'Record a recall' });
    await user.click(within(form).getByRole('button', { name: 'Record recall' }));
    expect(within(form).getByText(/Enter the id of at least one batch/)).toBeInTheDocument();
    expect(within(form).getByLabelText(/Batch ids/)).toHaveFocus();
    expect(server.callsTo('POST', '/api/admin/recalls')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/Batch ids/), 'nope');
    await user.type(within(form).getByLabelText(/Reason/), 'Contaminated.');
    await user.type(within(form).getByLabelText(/What shoppers must do/), 'Return it.');
    await user.click(within(form).getByRole('button', { name: 'Record recall' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('No batch with id nope.');
    expect(within(form).getByLabelText(/Batch ids/)).toHaveValue('nope');
    expect(within(form).getByLabelText(/Reason/)).toHaveValue('Contaminated.');
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
