import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DutyPeriod } from '@pharmacy/contracts';
import { fail, fakeApi, ok, okList, staffWithRole } from '@pharmacy/test-kit';
import { sinceLabel } from '../src/dashboard/responsible/ResponsiblePharmacist';
import { renderAdmin } from './renderAdmin';

const phil = staffWithRole('pharmacist');

const period = (over: Partial<DutyPeriod> = {}): DutyPeriod => ({
  _id: 'd-1',
  pharmacistId: phil._id,
  name: 'Phil Pharmacist',
  registrationNumber: '2054321',
  from: '2026-11-26T09:02:00.000Z',
  to: null,
  ...over,
});

/** The account service's record as the panel meets it: one open period at most, newest first. */
function dutyServer(start: DutyPeriod[] = []) {
  const server = fakeApi();
  let record = [...start];
  const open = () => record.find((p) => p.to === null) ?? null;
  server.on('GET', '/api/admin/orders/stats', fail(503, 'Not in this test'));
  server.on('GET', '/api/admin/pharmacist/record', (req) => {
    const page = Number(req.query.page ?? 1);
    return okList(record.slice((page - 1) * 20, page * 20), { total: record.length, page, limit: 20, onDuty: open() });
  });
  server.on('POST', '/api/admin/pharmacist/sign-in', () => {
    const started = period({ _id: `d-${record.length + 1}`, from: new Date().toISOString() });
    record = [started, ...record];
    return ok(started, 'You are now the responsible pharmacist.');
  });
  server.on('POST', '/api/admin/pharmacist/sign-out', () => {
    const current = open();
    if (!current) return fail(409, 'No pharmacist is signed in as responsible pharmacist.', 'CONFLICT');
    const ended = { ...current, to: new Date().toISOString() };
    record = record.map((p) => (p._id === current._id ? ended : p));
    return ok(ended);
  });
  return server;
}

const panel = () => screen.getByRole('region', { name: 'Responsible pharmacist' });
const recordRows = () => within(screen.getByRole('table', { name: /Responsible pharmacist record/ })).getAllByRole('row').slice(1);

describe('the responsible pharmacist panel on the Dashboard', () => {
  it('signs a pharmacist in, names them with the time, and the record shows the open period', async () => {
    const server = dutyServer();
    renderAdmin({ path: '/admin/dashboard', server, user: phil });
    expect(await within(await screen.findByRole('region', { name: 'Responsible pharmacist' })).findByText(/Nobody has signed in as responsible pharmacist yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in as responsible pharmacist' }));
    expect(await within(panel()).findByText(/^You are the responsible pharmacist since \d\d:\d\d\.$/)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/pharmacist/sign-in']);
    await waitFor(() => expect(recordRows()).toHaveLength(1));
    expect(recordRows()[0]).toHaveTextContent('Phil Pharmacist');
    expect(recordRows()[0]).toHaveTextContent('2054321');
    expect(recordRows()[0]).toHaveTextContent('On duty');
    expect(within(panel()).getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/pharmacist/record/export');
  });

  it('signs the pharmacist on duty out, and the record closes their period', async () => {
    const server = dutyServer([period()]);
    renderAdmin({ path: '/admin/dashboard', server, user: phil });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out as responsible pharmacist' }));
    expect(await screen.findByRole('button', { name: 'Sign in as responsible pharmacist' })).toBeInTheDocument();
    await waitFor(() => expect(recordRows()[0]).not.toHaveTextContent('On duty'));
    expect(recordRows()[0]).toHaveTextContent('26 Nov 2026');
  });

  it('names someone else on duty with their GPhC number, and a pharmacist may not end their period', async () => {
    const other = period({ pharmacistId: 'someone-else', name: 'Rita Registrant', registrationNumber: '2011111' });
    renderAdmin({ path: '/admin/dashboard', server: dutyServer([other]), user: phil });
    expect(await within(await screen.findByRole('region', { name: 'Responsible pharmacist' })).findByText(/^Rita Registrant \(GPhC 2011111\) is the responsible pharmacist since /)).toBeInTheDocument();
    expect(within(panel()).queryByRole('button')).toBeNull();
  });

  it("lets an administrator end someone else's period", async () => {
    const other = period({ pharmacistId: 'someone-else', name: 'Rita Registrant', registrationNumber: '2011111' });
    const server = dutyServer([other]);
    renderAdmin({ path: '/admin/dashboard', server });
    await userEvent.click(await screen.findByRole('button', { name: "End Rita Registrant's period as responsible pharmacist" }));
    expect(await screen.findByRole('button', { name: 'Sign in as responsible pharmacist' })).toBeInTheDocument();
  });

  it("shows the server's refusal: no registration number (422), and someone else signed in first (409)", async () => {
    const server = dutyServer();
    const noNumber = 'Only a registered pharmacist can be the responsible pharmacist, and your account has no GPhC registration number. Ask an administrator to add it to your account.';
    server.on('POST', '/api/admin/pharmacist/sign-in', fail(422, noNumber, 'NO_REGISTRATION_NUMBER'));
    renderAdmin({ path: '/admin/dashboard', server, user: phil });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in as responsible pharmacist' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(noNumber);

    server.on('POST', '/api/admin/pharmacist/sign-in', fail(409, 'Rita Registrant (GPhC 2011111) is the responsible pharmacist since 2026-11-26 09:02 UTC.', 'CONFLICT'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in as responsible pharmacist' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Rita Registrant \(GPhC 2011111\) is the responsible pharmacist/);
  });

  it('is not shown to a role that may not make clinical decisions', async () => {
    const server = dutyServer([period()]);
    renderAdmin({ path: '/admin/dashboard', server, user: staffWithRole('catalogue') });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByRole('region', { name: 'Responsible pharmacist' })).toBeNull();
    expect(server.calls.some((c) => c.path === '/api/admin/pharmacist/record')).toBe(false);
  });
});

describe('the record over years', () => {
  it('is read a page of 20 at a time, newest first, with the whole of it in the CSV', async () => {
    const periods = Array.from({ length: 45 }, (_, i) =>
      period({ _id: `d-${i}`, name: `Pharmacist ${i}`, from: new Date(Date.UTC(2026, 10, 26 - i, 9)).toISOString(), to: new Date(Date.UTC(2026, 10, 26 - i, 17)).toISOString() }),
    );
    const server = dutyServer(periods);
    const user = userEvent.setup();
    renderAdmin({ path: '/admin/dashboard', server, user: phil });
    await waitFor(() => expect(recordRows()).toHaveLength(20));
    expect(recordRows()[0]).toHaveTextContent('Pharmacist 0');
    const pages = screen.getByRole('navigation', { name: 'Responsible pharmacist record pages' });
    await user.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(recordRows()).toHaveLength(5));
    expect(recordRows()[4]).toHaveTextContent('Pharmacist 44');
    expect(server.callsTo('GET', '/api/admin/pharmacist/record').at(-1)?.query).toEqual({ page: '3' });
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/pharmacist/record/export');
  });
});

describe("the pharmacist's dashboard", () => {
  it('says under each catalogue section that it is not for their role, once per section, and offers no upload', async () => {
    const server = dutyServer([]);
    renderAdmin({ path: '/admin/dashboard', server, user: phil });
    await screen.findByRole('region', { name: 'Responsible pharmacist' });
    for (const heading of ['Low in stock', 'Feature images']) {
      const section = screen.getByRole('region', { name: heading });
      expect(within(section).getAllByText(/Not available for your role/)).toHaveLength(1);
    }
    expect(screen.queryByLabelText('Feature image')).toBeNull();
  });
});

describe('sinceLabel', () => {
  it('is the time alone for today, the date and time for an earlier day', () => {
    const now = new Date(2026, 10, 26, 15, 0);
    expect(sinceLabel(new Date(2026, 10, 26, 9, 2).toISOString(), now)).toBe('09:02');
    expect(sinceLabel(new Date(2026, 10, 25, 9, 2).toISOString(), now)).toBe('25 Nov 2026, 09:02');
  });
});
