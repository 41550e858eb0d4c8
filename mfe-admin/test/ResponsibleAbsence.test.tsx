/**
 * The responsible pharmacist steps out and comes back from the Dashboard panel (docs/domain.md#responsible-pharmacist):
 * the time left of today's 2 hours, the note of how to reach them, the server's refusal, and the record's absences.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { responsiblePharmacistAbsent, type AbsenceToday, type DutyPeriod } from '@pharmacy/contracts';
import { fail, fakeApi, ok, okList, renderWithStore, staffWithRole } from '@pharmacy/test-kit';
import { Refusal } from '../src/prescriptions/Refusal';
import { renderAdmin } from './renderAdmin';

const phil = staffWithRole('pharmacist');
const LIMIT_REACHED =
  "Today's absences already total 2 h, and the responsible pharmacist may be away for at most 2 hours in a day. Stay at the pharmacy, or sign out so that another pharmacist can sign in.";

const onDuty = (over: Partial<DutyPeriod> = {}): DutyPeriod => ({
  _id: 'd-1',
  pharmacistId: phil._id,
  name: 'Phil Pharmacist',
  registrationNumber: '2054321',
  from: '2026-11-27T09:02:00.000Z',
  to: null,
  absences: [],
  absentMinutes: 0,
  ...over,
});

/** The account service as the panel meets it: one open period, whose absences Step out and Back change. */
function absenceServer(start: DutyPeriod, today: AbsenceToday = { day: '2026-11-27', usedMinutes: 0, leftMinutes: 120 }) {
  const server = fakeApi();
  let period = start;
  server.on('GET', '/api/admin/orders/stats', fail(503, 'Not in this test'));
  server.on('GET', '/api/admin/pharmacist/record', () => okList([period], { total: 1, page: 1, limit: 20, onDuty: period, absenceToday: today }));
  server.on('POST', '/api/admin/pharmacist/step-out', (req) => {
    const { note } = req.body as { note?: string };
    period = { ...period, absences: [...(period.absences ?? []), { from: '2026-11-27T10:05:00.000Z', to: null, ...(note ? { note } : {}) }] };
    return ok(period, 'You are away from the pharmacy since 10:05.');
  });
  server.on('POST', '/api/admin/pharmacist/back', () => {
    const absences = (period.absences ?? []).map((a) => (a.to === null ? { ...a, to: '2026-11-27T10:40:00.000Z' } : a));
    period = { ...period, absences, absentMinutes: 35 };
    return ok(period, 'Welcome back.');
  });
  return server;
}

const panel = () => screen.getByRole('region', { name: 'Responsible pharmacist' });
const recordRows = () => within(screen.getByRole('table', { name: /Responsible pharmacist record/ })).getAllByRole('row').slice(1);

describe('stepping out and back at the admin desk', () => {
  it('shows the time left of today, steps out with the note, then Back ends the absence and the record shows it', async () => {
    const server = absenceServer(onDuty(), { day: '2026-11-27', usedMinutes: 40, leftMinutes: 80 });
    const user = userEvent.setup();
    renderAdmin({ path: '/admin/dashboard', server, user: phil });
    expect(await within(await screen.findByRole('region', { name: 'Responsible pharmacist' })).findByText("1 h 20 min left of today's 2 hours away from the pharmacy.")).toBeInTheDocument();
    await user.type(within(panel()).getByLabelText('How to reach you, or who covers (optional)'), '  On my mobile 07700 900123 ');
    await user.click(within(panel()).getByRole('button', { name: 'Step out' }));

    expect(await within(panel()).findByText(/^You are away from the pharmacy since \d\d:\d\d: pharmacy medicines and prescriptions wait until you are back\.$/)).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/admin/pharmacist/step-out').map((c) => c.body)).toEqual([{ note: 'On my mobile 07700 900123' }]);
    expect(within(panel()).queryByRole('button', { name: 'Step out' })).toBeNull();
    await waitFor(() => expect(recordRows()[0]).toHaveTextContent(/\d\d:\d\d–still away \(On my mobile 07700 900123\)/));

    await user.click(within(panel()).getByRole('button', { name: 'Back' }));
    expect(await within(panel()).findByRole('button', { name: 'Step out' })).toBeInTheDocument();
    await waitFor(() => expect(recordRows()[0]).toHaveTextContent(/\d\d:\d\d–\d\d:\d\d \(On my mobile 07700 900123\)Total 35 min/));
  });

  it('sends no note when none is given', async () => {
    const server = absenceServer(onDuty());
    const user = userEvent.setup();
    renderAdmin({ path: '/admin/dashboard', server, user: phil });
    await user.click(await within(await screen.findByRole('region', { name: 'Responsible pharmacist' })).findByRole('button', { name: 'Step out' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/admin/pharmacist/step-out').map((c) => c.body)).toEqual([{}]));
  });

  it('offers no Step out once the 2 hours are used, and says what to do', async () => {
    renderAdmin({ path: '/admin/dashboard', server: absenceServer(onDuty(), { day: '2026-11-27', usedMinutes: 120, leftMinutes: 0 }), user: phil });
    expect(
      await within(await screen.findByRole('region', { name: 'Responsible pharmacist' })).findByText(
        "Today's absences total 2 h: the 2 hours the law allows are used. Stay at the pharmacy, or sign out so that another pharmacist can sign in.",
      ),
    ).toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: 'Step out' })).toBeNull();
    expect(within(panel()).getByRole('button', { name: 'Sign out as responsible pharmacist' })).toBeInTheDocument();
  });

  it("shows the server's refusal when another pharmacist's absence used the day meanwhile", async () => {
    const server = absenceServer(onDuty());
    server.on('POST', '/api/admin/pharmacist/step-out', fail(422, LIMIT_REACHED, 'ABSENCE_LIMIT_REACHED'));
    const user = userEvent.setup();
    renderAdmin({ path: '/admin/dashboard', server, user: phil });
    await user.click(await within(await screen.findByRole('region', { name: 'Responsible pharmacist' })).findByRole('button', { name: 'Step out' }));
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(LIMIT_REACHED);
  });

  it('flags an absence over the 2-hour limit, and tells others that the pharmacist on duty is away, without buttons for it', async () => {
    const away = onDuty({ pharmacistId: 'someone-else', name: 'Rita Registrant', registrationNumber: '2011111', absences: [{ from: '2026-11-27T10:05:00.000Z', to: null, overLimit: true }], absentMinutes: 125 });
    renderAdmin({ path: '/admin/dashboard', server: absenceServer(away), user: phil });
    const region = await screen.findByRole('region', { name: 'Responsible pharmacist' });
    expect(await within(region).findByText(/^Rita Registrant \(GPhC 2011111\) is the responsible pharmacist since .* Away from the pharmacy since .*: pharmacy medicines and prescriptions wait until they are back\.$/)).toBeInTheDocument();
    expect(within(panel()).queryByRole('button')).toBeNull();
    await waitFor(() => expect(recordRows()[0]).toHaveTextContent(/still away, over the 2-hour limitTotal 2 h 5 min/));
  });

  it('says None for a period without absences', async () => {
    renderAdmin({ path: '/admin/dashboard', server: absenceServer(onDuty()), user: phil });
    await waitFor(() => expect(recordRows()[0]).toHaveTextContent(/None$/));
  });
});

describe('a clinical decision refused while the responsible pharmacist is away', () => {
  it('says to decide again once they are back, with the way to the panel, and not that the prescription was read again', () => {
    const message = responsiblePharmacistAbsent('Phil Pharmacist', '10:05');
    renderWithStore(<Refusal error={{ status: 409, code: 'RESPONSIBLE_PHARMACIST_ABSENT', message }} acknowledged={false} onAcknowledge={() => undefined} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent(/Once they are back .*, decide again: what you typed stays here\./);
    expect(alert).not.toHaveTextContent(/read again/);
    expect(within(alert).getByRole('link', { name: "Dashboard's Responsible pharmacist panel" })).toHaveAttribute('href', '/admin/dashboard');
  });
});
