import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@pharmacy/contracts';
import { fail, fakeApi, okList } from '@pharmacy/test-kit';
import { changeSummary } from '../src/dashboard/audit/summary';
import { PHONE, renderAdmin } from './renderAdmin';

const entry = (seq: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  seq,
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  at: `2026-11-2${seq % 3}T09:0${seq % 10}:00.000Z`,
  service: 'catalog',
  requestId: `req-${seq}`,
  actor: { id: 'cara', name: 'Cara Catalogue', role: 'catalogue', roles: ['catalogue'] },
  action: 'product.edit',
  entity: { type: 'product', id: `p${seq}`, name: `Ibuprofen ${seq}` },
  before: { price: 399, title: 'Ibuprofen' },
  after: { price: 349, title: 'Ibuprofen' },
  prevHash: 'a'.repeat(64),
  hash: 'b'.repeat(64),
  ...over,
});

/** The account service's list as the screen meets it: newest first, 25 a page, cursors either side. */
function trailServer(all: AuditEntry[]) {
  const server = fakeApi();
  const calls: Record<string, string>[] = [];
  server.on('GET', '/api/admin/audit', (req: { query: Record<string, string> }) => {
    calls.push(req.query);
    const q = req.query;
    const matching = all.filter((e) => (!q.actorId || e.actor.id === q.actorId) && (!q.entityId || e.entity.id === q.entityId)).sort((a, b) => b.seq - a.seq);
    const limit = Number(q.limit);
    const below = q.before ? matching.filter((e) => e.seq < Number(q.before)) : matching;
    const page = below.slice(0, limit);
    return okList(page, { older: below.length > limit ? page[page.length - 1].seq : null, newer: q.before ? page[0].seq : null });
  });
  return { server, calls };
}

const rows = () => within(screen.getByRole('table', { name: /Audit trail entries/ })).getAllByRole('row').slice(1);

describe('the Audit screen (under Dashboard)', () => {
  it('lists who did what to which entity, by name and role, with the change', async () => {
    const { server } = trailServer([entry(1), entry(2, { actor: { id: 'phil', name: 'Phil Pharmacist', role: 'pharmacist', roles: ['pharmacist'] }, action: 'order.review.approve', entity: { type: 'order', id: 'o9', name: 'Order #9' }, before: { status: 'awaiting review' }, after: { status: 'approved' } })]);
    renderAdmin({ path: '/admin/dashboard?view=audit', server });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [newest] = rows();
    expect(newest).toHaveTextContent('Phil Pharmacist');
    expect(newest).toHaveTextContent('Pharmacist');
    expect(newest).toHaveTextContent('order.review.approve');
    expect(newest).toHaveTextContent('Order #9');
    expect(newest).toHaveTextContent('status: "awaiting review" → "approved"'.replace(/"/g, ''));
    expect(newest).toHaveTextContent('req-2');
    expect(screen.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeInTheDocument();
  });

  it('pages Older and Newer with the cursors the server gives', async () => {
    const { server, calls } = trailServer(Array.from({ length: 30 }, (_, i) => entry(i + 1)));
    renderAdmin({ path: '/admin/dashboard?view=audit', server });
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(calls.at(-1)).toMatchObject({ before: '6' });
    expect(rows()[0]).toHaveTextContent('Ibuprofen 5');
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
  });

  it("filters to a staff member by clicking their name, and the CSV link carries the filter", async () => {
    const { server, calls } = trailServer([entry(1), entry(2, { actor: { id: 'phil', name: 'Phil Pharmacist', role: 'pharmacist', roles: ['pharmacist'] } })]);
    renderAdmin({ path: '/admin/dashboard?view=audit', server });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(within(rows()[0]).getByRole('button', { name: 'Phil Pharmacist' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls.at(-1)).toMatchObject({ actorId: 'phil' });
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/audit/export.csv?actorId=phil');
    await userEvent.click(screen.getByRole('button', { name: /Remove the filter: staff member Phil Pharmacist/ }));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('filters by the kind of entity (a prescription, a recall: what the services record) and by dates, and the CSV link carries them', async () => {
    const { server, calls } = trailServer([entry(1)]);
    renderAdmin({ path: '/admin/dashboard?view=audit', server });
    await waitFor(() => expect(rows()).toHaveLength(1));
    const kinds = within(screen.getByLabelText('Entity')).getAllByRole('option').map((o) => o.getAttribute('value'));
    expect(kinds).toEqual(['', 'product', 'order', 'prescription', 'recall', 'banner', 'image', 'user', 'responsiblePharmacist', 'remote', 'audit']);
    await userEvent.selectOptions(screen.getByLabelText('Entity'), 'prescription');
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ entityType: 'prescription' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ entityType: 'prescription', from: expect.stringContaining('2026-1') }));
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain('entityType=prescription');
  });

  it('says so when nothing matches', async () => {
    const { server } = trailServer([]);
    renderAdmin({ path: '/admin/dashboard?view=audit', server });
    expect(await screen.findByText('No entries match')).toBeInTheDocument();
  });

  it("shows the server's refusal for a role without audit.view, and a failure can be retried", async () => {
    const server = fakeApi();
    let refuse = true;
    server.on('GET', '/api/admin/audit', () => (refuse ? fail(403, 'Your staff role does not allow this (read and export the audit trail).', 'FORBIDDEN') : okList([entry(1)], { older: null, newer: null })));
    renderAdmin({ path: '/admin/dashboard?view=audit', server });
    expect(await screen.findByText('The audit trail could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(/does not allow this \(read and export the audit trail\)/)).toBeInTheDocument();
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Ibuprofen 1')).toBeInTheDocument());
  });

  it('works on a 375 px phone: each entry is a card with its facts', async () => {
    const { server } = trailServer([entry(1)]);
    renderAdmin({ path: '/admin/dashboard?view=audit', server, viewport: PHONE });
    expect(await screen.findByText('Ibuprofen 1')).toBeInTheDocument();
    expect(screen.getByText('Cara Catalogue')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toBeInTheDocument();
  });
});

describe('changeSummary', () => {
  it('names each changed field with before → after, and keeps a one-sided value as it is', () => {
    expect(changeSummary({ price: 399, title: 'A' }, { price: 349, title: 'A' })).toEqual(['price: 399 → 349']);
    expect(changeSummary(undefined, { roles: ['pharmacist'] })).toEqual(['roles: ["pharmacist"]']);
    expect(changeSummary(undefined, undefined)).toEqual([]);
    expect(changeSummary('Paid', 'Refunded')).toEqual(['Paid → Refunded']);
  });

  it('leaves ids out: staff read names (the responsible pharmacist signing in)', () => {
    const period = { _id: 'c0ffee', pharmacistId: 'u-123', name: 'Priya Pharmacist', registrationNumber: '2071234', from: '2026-11-27T09:00:00.000Z', to: null };
    const lines = changeSummary(null, period);
    expect(lines).toEqual(['name: Priya Pharmacist', 'registrationNumber: 2071234', 'from: 2026-11-27T09:00:00.000Z', 'to: null']);
    expect(lines.join(' ')).not.toMatch(/c0ffee|u-123/);
    expect(changeSummary({ imageIds: ['a'] }, { imageIds: ['b'] })).toEqual(['internal references changed (see the CSV export)']);
  });
});
