import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, okList, fail } from '@pharmacy/test-kit';
import { makeUser } from './fixtures';
import { renderAdmin } from './renderAdmin';

// docs/domain.md#supply-limits: a pharmacist grants "allow once" of a policy rule from User Details.

const shopper = makeUser({ _id: 'u-care', firstName: 'Cara', lastName: 'Home' });
const RULES = {
  version: '2026-11-27.1',
  market: 'GB',
  rules: [
    { id: 'gb-paracetamol-tablets', kind: 'law', source: { title: 'SI 1997/2044', where: 'Schedule 1' }, scope: { kind: 'sale' }, max: 100, sentence: '' },
    { id: 'gb-painkiller-packs', kind: 'policy', source: { title: 'MHRA guidance', where: 'two packs' }, scope: { kind: 'sale' }, max: 2, sentence: '' },
  ],
};

function server(overrides: unknown[] = []) {
  const api = fakeApi();
  api.on('GET', '/api/admin/users/get', okList([shopper], { total: 1, page: 1, limit: 20 }));
  api.on('GET', `/api/admin/users/details/${shopper._id}`, ok(shopper));
  api.on('POST', '/api/shop/safety/terms/recognise', ok([]));
  api.on('GET', '/api/admin/supply-limits/rules', ok(RULES));
  api.on('GET', `/api/admin/supply-limits/usage/${shopper._id}`, () => ok({ userId: shopper._id, windows: [], overrides }));
  return api;
}

async function openDetails(api: ReturnType<typeof server>) {
  const user = userEvent.setup();
  renderAdmin({ path: '/admin/users', server: api });
  const table = await screen.findByRole('table', { name: 'Users' });
  await user.click(within(table).getByRole('button', { name: 'View Details' }));
  const dialog = await screen.findByRole('dialog', { name: 'User Details' });
  return { user, dialog };
}

describe('Supply limits in User Details', () => {
  it('offers policy rules only, and grants "allow once" with the reason', async () => {
    const overrides: unknown[] = [];
    const api = server(overrides);
    api.on('POST', '/api/admin/supply-limits/overrides', (req: { body: unknown }) => {
      const o = { _id: 'o1', ...(req.body as object), grantedBy: { id: 's', name: 'Pat Pharm' }, responsiblePharmacist: { id: 'rp', name: 'Jane Patel', registrationNumber: '2071234' }, grantedAt: '2026-11-27T10:00:00.000Z', status: 'open' };
      overrides.push(o);
      return ok(o);
    });
    const { user, dialog } = await openDetails(api);
    const select = await within(dialog).findByLabelText(/Allow once/);
    expect(within(select).queryByRole('option', { name: /gb-paracetamol-tablets/ })).toBeNull();
    await user.selectOptions(select, 'gb-painkiller-packs');
    const grant = within(dialog).getByRole('button', { name: 'Allow once' });
    expect(grant).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Care home order');
    await user.click(grant);
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/supply-limits/overrides')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/supply-limits/overrides')[0].body).toEqual({ userId: shopper._id, ruleId: 'gb-painkiller-packs', reason: 'Care home order' });
    expect(await within(dialog).findByText(/gb-painkiller-packs \(open\): Care home order\. By Pat Pharm \(responsible pharmacist Jane Patel\), /)).toBeInTheDocument();
  });

  it('shows the server’s refusal', async () => {
    const api = server();
    api.on('POST', '/api/admin/supply-limits/overrides', fail(422, 'gb-painkiller-packs is the law: no one can override it.', 'SUPPLY_LIMIT'));
    const { user, dialog } = await openDetails(api);
    await user.selectOptions(await within(dialog).findByLabelText(/Allow once/), 'gb-painkiller-packs');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Try it');
    await user.click(within(dialog).getByRole('button', { name: 'Allow once' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('no one can override it');
  });
});
