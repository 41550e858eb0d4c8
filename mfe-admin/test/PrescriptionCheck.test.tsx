import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_RESPONSIBLE_PHARMACIST } from '@pharmacy/contracts';
import { staffWithRole } from '@pharmacy/test-kit';
import { NOT_FOR_YOUR_ROLE, notForYourRole } from '../src/ForRole';
import { DECIDED_AT, PHIL, makePrescription, prescriptionServer, type PrescriptionServer } from './prescriptionServer';
import { PHONE, renderAdmin } from './renderAdmin';

// "Today" for the expiry rules: 27 Nov 2026 at the pharmacy. Only Date is faked; timers stay real for the page.
const TODAY = new Date(2026, 10, 27, 10, 0);
beforeEach(() => {
  jest.useFakeTimers({
    now: TODAY,
    doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'nextTick', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'hrtime', 'performance'],
  });
});
afterEach(() => jest.useRealTimers());

const pharmacist = staffWithRole('pharmacist');
const ALICE = () => makePrescription({ _id: 'rx-alice' });
const BOB = () =>
  makePrescription({
    _id: 'rx-bob',
    createdAt: '2026-11-26T12:40:00.000Z',
    source: 'electronic',
    hasFile: false,
    fileType: undefined,
    forProduct: undefined,
    shopper: { name: 'Bob Stone', email: 'bob@example.com' },
    health: { DOB: '1985-03-02', allergies: [], healthConditions: [] },
    history: [],
    warnings: [],
    eprescription: {
      token: '9D4C80-A83008-5DC6FA',
      provider: 'sandbox',
      prescriber: { name: 'Dr Sandbox', registration: 'GMC 7654321' },
      writtenOn: '2026-11-20',
      patient: { name: 'Bob Stone', dateOfBirth: '1985-03-02' },
      items: [{ productId: 'p-amox', title: 'Amoxicillin 500mg Capsules', quantity: 21, directions: 'One capsule three times a day', repeatsAllowed: 0 }],
    },
  });
// Sent last, waiting longest: the queue shows it first.
const CARLA = () => makePrescription({ _id: 'rx-carla', createdAt: '2026-11-25T07:05:00.000Z', shopper: { name: 'Carla Alison', email: 'carla@example.com' }, source: 'repeat', repeatOf: 'rx-old', hasFile: false, fileType: undefined });

const queue = () => screen.getByRole('table', { name: 'Prescriptions', hidden: true });
const rows = () => within(queue()).getAllByRole('row', { hidden: true }).slice(1);

async function openQueue(server: PrescriptionServer, user = pharmacist, viewport?: number) {
  const events = userEvent.setup();
  const view = renderAdmin({ path: '/admin/orders?view=prescriptions', server, user, viewport });
  return { ...view, user: events };
}

async function openCheck(id: string, server: PrescriptionServer, name: string) {
  const view = await openQueue(server);
  await view.user.click(await screen.findByRole('button', { name: `Check ${name}'s prescription` }));
  const dialog = await screen.findByRole('dialog', { name: 'Prescription' });
  await within(dialog).findByRole('heading', { name: 'Shopper' });
  expect(server.callsTo('GET', `/api/admin/prescriptions/${id}`)).toHaveLength(1);
  return { ...view, dialog };
}

/** Fills everything Approve needs but the warnings' box. */
async function fillForm(dialog: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  await within(dialog).findByRole('option', { name: 'Amoxicillin 500mg Capsules (21 capsules)' });
  await user.type(within(dialog).getByRole('textbox', { name: /^Quantity/ }), '32');
  await user.type(within(dialog).getByRole('textbox', { name: /^Directions/ }), 'Two tablets 4 times a day');
  await user.type(within(dialog).getByRole('textbox', { name: /^Prescriber's name/ }), 'Dr Jane Foster');
  fireEvent.change(within(dialog).getByLabelText(/^Date written/), { target: { value: '2026-11-20' } });
}

const approve = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Approve prescription' });

describe('Orders: Prescriptions to check', () => {
  it('lists the queue oldest first with shopper, source, product and waiting since, its size on the button', async () => {
    const server = prescriptionServer([ALICE(), BOB(), CARLA()]);
    await openQueue(server);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map((r) => within(r).getAllByRole('cell', { hidden: true })[0].textContent)).toEqual(['Carla Alison', 'Alice Smith', 'Bob Stone']);
    expect(rows()[1]).toHaveTextContent('Paper');
    expect(rows()[1]).toHaveTextContent('Co-codamol 30/500mg Tablets');
    expect(rows()[1]).toHaveTextContent('26 Nov 2026');
    expect(rows()[2]).toHaveTextContent('Electronic');
    expect(rows()[0]).toHaveTextContent('Repeat');
    expect(screen.getByRole('button', { name: 'Prescriptions to check (3)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All orders' })).toHaveAttribute('aria-pressed', 'false');
    expect(server.callsTo('GET', '/api/admin/prescriptions').map((c) => c.query)).toContainEqual(expect.objectContaining({ status: 'awaiting_check', page: '1' }));
  });

  it('says so when nothing waits, and goes back to the orders', async () => {
    const server = prescriptionServer([]);
    const { user } = await openQueue(server);
    expect(await screen.findByText('No prescriptions waiting to be checked.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prescriptions to check (0)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Awaiting pharmacist review (3)' }));
    expect(await screen.findByRole('button', { name: 'Awaiting pharmacist review (3)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText('No prescriptions waiting to be checked.')).not.toBeInTheDocument();
  });

  it('pages through a long queue', async () => {
    const many = Array.from({ length: 23 }, (_, i) => makePrescription({ _id: `rx-${i}`, createdAt: new Date(Date.UTC(2026, 10, 1, i)).toISOString(), shopper: { name: `Shopper ${i}`, email: `s${i}@example.com` } }));
    const { user } = await openQueue(prescriptionServer(many));
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(screen.getByText('1–20 of 23 prescriptions')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /page 2/i }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[0]).toHaveTextContent('Shopper 20');
  });

  it('a support user sees the role note, and nothing is asked of the prescription routes', async () => {
    const server = prescriptionServer([ALICE()]);
    await openQueue(server, staffWithRole('support'));
    expect(await screen.findByText(notForYourRole('clinical.review'))).toHaveTextContent(/needs the Administrator or Pharmacist role/);
    expect(screen.queryByRole('table', { name: 'Prescriptions' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Prescriptions to check' })).toHaveAttribute('aria-pressed', 'true');
    expect(server.calls.some((c) => c.path.startsWith('/api/admin/prescriptions'))).toBe(false);
    expect(screen.queryByText(NOT_FOR_YOUR_ROLE)).toBeNull(); // Orders itself is theirs
  });

  it('shows the decided ones by status, who decided by name and when, and the expiry', async () => {
    const server = prescriptionServer([
      makePrescription({
        _id: 'rx-done',
        status: 'verified',
        standing: 'verified',
        writtenOn: '2026-11-20',
        expiresOn: '2027-05-20',
        pharmacistNote: 'Checked the dose with the GP surgery.',
        prescriber: { name: 'Dr Jane Foster' },
        items: [{ id: 'i-1', productId: 'p-cocodamol', title: 'Co-codamol 30/500mg Tablets', quantity: 32, quantityLeft: 16, directions: 'Two tablets four times a day', repeatsAllowed: 2, repeatsUsed: 1 }],
        decision: { by: PHIL, at: DECIDED_AT, responsiblePharmacist: { id: PHIL.id, name: PHIL.name, registrationNumber: PHIL.registrationNumber }, acknowledgedWarnings: ['Contains codeine: check breathing problems (asthma).'] },
      }),
    ]);
    const { user } = await openQueue(server);
    await screen.findByText('No prescriptions waiting to be checked.');
    await user.selectOptions(screen.getByLabelText('Prescription status'), 'Verified');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('27 Nov 2026');
    expect(rows()[0]).toHaveTextContent('by Phil Pharmacist');
    expect(rows()[0]).toHaveTextContent('20 May 2027');
    expect(rows()[0]).not.toHaveTextContent(PHIL.id);

    await user.click(within(rows()[0]).getByRole('button', { name: "View Details of Alice Smith's prescription" }));
    const dialog = await screen.findByRole('dialog', { name: 'Prescription' });
    const record = await within(dialog).findByRole('region', { name: 'Verified' });
    expect(record).toHaveTextContent('by Phil Pharmacist (Pharmacist)');
    expect(record).toHaveTextContent('Phil Pharmacist, GPhC 2054321');
    expect(record).toHaveTextContent('Checked the dose with the GP surgery.');
    expect(record).toHaveTextContent('Expires on20 May 2027');
    expect(within(record).getByRole('table', { name: 'Items on the prescription' })).toHaveTextContent('Two tablets four times a day');
    expect(within(record).getByRole('table', { name: 'Items on the prescription' })).toHaveTextContent('1 of 2');
    expect(within(dialog).queryByRole('button', { name: 'Approve prescription' })).toBeNull();
  });
});

describe('The check screen', () => {
  it('shows the photo beside the health profile, the history and the safety warnings', async () => {
    const { dialog } = await openCheck('rx-alice', prescriptionServer([ALICE()]), 'Alice Smith');
    expect(within(dialog).getByRole('img', { name: "Photo of Alice Smith's prescription, as uploaded" })).toHaveAttribute('src', '/api/admin/prescriptions/rx-alice/file');
    const shopper = within(dialog).getByRole('region', { name: 'Shopper' });
    expect(shopper).toHaveTextContent('14 May 1990 (age 36)');
    expect(shopper).toHaveTextContent('Penicillin');
    expect(shopper).toHaveTextContent('Asthma');
    expect(shopper).toHaveTextContent('Order #FC34A420: Ibuprofen 200 mg x2');
    const warnings = within(dialog).getByRole('region', { name: 'Safety warnings' });
    expect(warnings).toHaveTextContent('Co-codamol 30/500mg Tablets: Contains codeine: check breathing problems (asthma).');
    expect(within(warnings).getByRole('checkbox', { name: 'I have read these warnings' })).not.toBeChecked();
  });

  it('forgets the shopper\'s health data once the check screen closes', async () => {
    const { dialog, user, state } = await openCheck('rx-alice', prescriptionServer([ALICE()]), 'Alice Smith');
    const held = () => JSON.stringify((state() as unknown as Record<string, unknown>).adminPrescriptionQueries);
    expect(held()).toContain('Penicillin');
    await user.click(within(dialog).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(held()).not.toContain('Penicillin'));
    expect(held()).not.toContain('1990-05-14');
  });

  it('flags an electronic prescription written for someone born on another day than the shopper', async () => {
    const bob = BOB();
    const other = makePrescription({ ...bob, eprescription: { ...bob.eprescription!, patient: { name: 'Bob Stone', dateOfBirth: '1958-03-02' } } });
    const { dialog } = await openCheck('rx-bob', prescriptionServer([other]), 'Bob Stone');
    expect(within(dialog).getByRole('note')).toHaveTextContent("The patient's date of birth does not match the shopper's profile (2 Mar 1985). Check who it is for.");
  });

  it('shows a PDF in a viewer with a link to open it', async () => {
    const { dialog } = await openCheck('rx-alice', prescriptionServer([makePrescription({ _id: 'rx-alice', fileType: 'application/pdf' })]), 'Alice Smith');
    expect(within(dialog).queryByRole('img')).toBeNull();
    expect(dialog.querySelector('object')).toHaveAttribute('data', '/api/admin/prescriptions/rx-alice/file');
    expect(within(dialog).getByRole('link', { name: 'Open the PDF in a new tab' })).toHaveAttribute('href', '/api/admin/prescriptions/rx-alice/file');
  });

  it('shows an electronic prescription as a table and copies its items into the form', async () => {
    const server = prescriptionServer([BOB()]);
    const { dialog, user } = await openCheck('rx-bob', server, 'Bob Stone');
    const table = within(dialog).getByRole('table', { name: 'Items the prescriber wrote' });
    expect(table).toHaveTextContent('Amoxicillin 500mg Capsules');
    expect(table).toHaveTextContent('One capsule three times a day');
    expect(within(dialog).getByText('9D4C80-A83008-5DC6FA')).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Safety warnings' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Copy these items into the form' }));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Medicine/ })).toHaveValue('p-amox'));
    expect(within(dialog).getByRole('textbox', { name: /^Quantity/ })).toHaveValue('21');
    expect(within(dialog).getByRole('textbox', { name: /^Directions/ })).toHaveValue('One capsule three times a day');
    expect(within(dialog).getByRole('textbox', { name: /^Prescriber's name/ })).toHaveValue('Dr Sandbox');
    expect(within(dialog).getByText('Expires on 20 May 2027')).toBeInTheDocument();

    // No warnings to read: valid as copied, so Approve is ready.
    expect(approve(dialog)).toBeEnabled();
    await user.click(approve(dialog));
    await within(dialog).findByRole('heading', { name: 'Prescription verified' });
    expect(server.callsTo('POST', '/api/admin/prescriptions/rx-bob/verify').map((c) => c.body)).toEqual([
      {
        items: [{ productId: 'p-amox', quantity: 21, directions: 'One capsule three times a day', repeatsAllowed: 0 }],
        prescriber: { name: 'Dr Sandbox', registration: 'GMC 7654321' },
        writtenOn: '2026-11-20',
        warningsAcknowledged: false,
      },
    ]);
  });

  it('keeps Approve disabled until the warnings are acknowledged and every required field is valid, then approves and offers the next', async () => {
    const server = prescriptionServer([ALICE(), BOB()]);
    const { dialog, user } = await openCheck('rx-alice', server, 'Alice Smith');
    // Started from the product it was added for, offering prescription-only medicines only.
    const medicine = within(dialog).getByRole('combobox', { name: /^Medicine/ });
    expect(medicine).toHaveValue('p-cocodamol');
    await within(dialog).findByRole('option', { name: 'Amoxicillin 500mg Capsules (21 capsules)' });
    expect(within(medicine).queryByRole('option', { name: /Ibuprofen/ })).toBeNull();
    expect(approve(dialog)).toBeDisabled();

    await fillForm(dialog, user);
    expect(approve(dialog)).toBeDisabled();
    expect(within(dialog).getByText('Read the safety warnings and tick "I have read these warnings".')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: 'I have read these warnings' }));
    expect(approve(dialog)).toBeEnabled();
    await user.clear(within(dialog).getByRole('textbox', { name: /^Prescriber's name/ }));
    expect(approve(dialog)).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: /^Prescriber's name/ })).toHaveAccessibleDescription("Give the prescriber's name.");
    expect(within(dialog).getByText('Before you can approve:').nextElementSibling).toHaveTextContent("Give the prescriber's name.");
    await user.type(within(dialog).getByRole('textbox', { name: /^Prescriber's name/ }), 'Dr Jane Foster');
    await user.click(approve(dialog));

    const outcome = await within(dialog).findByRole('region', { name: 'Prescription verified' });
    expect(within(outcome).getByRole('heading', { name: 'Prescription verified' })).toHaveFocus();
    expect(server.callsTo('POST', '/api/admin/prescriptions/rx-alice/verify').map((c) => c.body)).toEqual([
      {
        items: [{ productId: 'p-cocodamol', quantity: 32, directions: 'Two tablets 4 times a day', repeatsAllowed: 0 }],
        prescriber: { name: 'Dr Jane Foster' },
        writtenOn: '2026-11-20',
        warningsAcknowledged: true,
      },
    ]);
    expect(screen.getByRole('region', { name: /^Notification/, hidden: true })).toHaveTextContent('Prescription verified');
    // The row leaves the queue; the next one waiting is offered.
    await waitFor(() => expect(rows().map((r) => within(r).getAllByRole('cell', { hidden: true })[0].textContent)).toEqual(['Bob Stone']));
    expect(screen.getByRole('button', { name: 'Prescriptions to check (1)', hidden: true })).toBeInTheDocument();
    await user.click(await within(outcome).findByRole('button', { name: /^Check the next one: Bob Stone, waiting since 26 Nov 2026/ }));
    expect(await within(dialog).findByRole('table', { name: 'Items the prescriber wrote' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Prescription verified' })).toBeNull();
  });

  it('shows the expiry as the date is typed, and says clearly when it is already expired', async () => {
    const { dialog } = await openCheck('rx-alice', prescriptionServer([ALICE()]), 'Alice Smith');
    const date = within(dialog).getByLabelText(/^Date written/);
    fireEvent.change(date, { target: { value: '2026-11-20' } });
    expect(within(dialog).getByText('Expires on 20 May 2027')).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '2026-08-31' } });
    expect(within(dialog).getByText('Expires on 28 Feb 2027')).toBeInTheDocument();
    // Written 27 May 2026: usable to 26 Nov, refused from today.
    fireEvent.change(date, { target: { value: '2026-05-27' } });
    expect(within(dialog).queryByText(/^Expires on/)).toBeNull();
    expect(date).toHaveAccessibleDescription(expect.stringContaining('This prescription expired on 27 Nov 2026'));
    expect(approve(dialog)).toBeDisabled();
    fireEvent.change(date, { target: { value: '2026-05-28' } });
    expect(within(dialog).getByText('Expires on 28 Nov 2026')).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '2026-11-28' } });
    expect(date).toHaveAccessibleDescription(expect.stringContaining('The date written cannot be in the future.'));
  });

  it('asks for a reason before rejecting, then rejects and the shopper is told', async () => {
    const server = prescriptionServer([ALICE()]);
    const { dialog, user } = await openCheck('rx-alice', server, 'Alice Smith');
    await user.click(within(dialog).getByRole('button', { name: 'Reject prescription' }));
    const reason = within(dialog).getByRole('textbox', { name: /^Reason for rejecting/ });
    expect(reason).toHaveFocus();
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Give the reason for rejecting, at least 3 characters'));
    expect(server.callsTo('POST', '/api/admin/prescriptions/rx-alice/reject')).toHaveLength(0);

    await user.type(reason, 'Signature cut off.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject prescription' }));
    await within(dialog).findByRole('region', { name: 'Prescription rejected' });
    expect(server.callsTo('POST', '/api/admin/prescriptions/rx-alice/reject').map((c) => c.body)).toEqual([{ reason: 'Signature cut off.' }]);
    expect(await within(dialog).findByRole('region', { name: 'Rejected' })).toHaveTextContent('Signature cut off');
    expect(within(dialog).getByText('No prescriptions waiting to be checked.')).toBeInTheDocument();
  });

  it('with nobody on duty, shows the refusal and the way to the Dashboard, and keeps everything typed', async () => {
    const server = prescriptionServer([ALICE()]);
    server.onDuty = false;
    const { dialog, user } = await openCheck('rx-alice', server, 'Alice Smith');
    await fillForm(dialog, user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'I have read these warnings' }));
    await user.click(approve(dialog));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(NO_RESPONSIBLE_PHARMACIST);
    expect(within(alert).getByRole('link', { name: "Dashboard's Responsible pharmacist panel" })).toHaveAttribute('href', '/admin/dashboard');
    expect(within(dialog).getByRole('textbox', { name: /^Prescriber's name/ })).toHaveValue('Dr Jane Foster');
    expect(within(dialog).getByRole('textbox', { name: /^Quantity/ })).toHaveValue('32');
    expect(within(dialog).getByRole('checkbox', { name: 'I have read these warnings' })).toBeChecked();

    // Signed in meanwhile: the same form goes through.
    server.onDuty = true;
    await user.click(approve(dialog));
    await within(dialog).findByRole('region', { name: 'Prescription verified' });
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('when someone else decided first, reads it again and shows their decision', async () => {
    const server = prescriptionServer([ALICE()]);
    const { dialog, user } = await openCheck('rx-alice', server, 'Alice Smith');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason for rejecting/ }), 'Not a UK prescriber.');
    server.prescriptions.set('rx-alice', makePrescription({ _id: 'rx-alice', status: 'rejected', standing: 'rejected', pharmacistNote: 'Illegible.', decision: { by: { ...PHIL, name: 'Rita Registrant' }, at: DECIDED_AT, responsiblePharmacist: { id: 'r', name: 'Rita Registrant', registrationNumber: '2011111' }, acknowledgedWarnings: [] } }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject prescription' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This prescription has already been decided.');
    const record = await within(dialog).findByRole('region', { name: 'Rejected' });
    expect(record).toHaveTextContent('by Rita Registrant (Pharmacist)');
    expect(record).toHaveTextContent('Illegible.');
    expect(within(dialog).queryByRole('button', { name: 'Reject prescription' })).toBeNull();
  });

  it('when a medicine chosen raises a warning the screen did not show, the refusal lists it and it is read there', async () => {
    const server = prescriptionServer([BOB()]);
    server.warningsFor.set('p-amox', 'Amoxicillin is a penicillin: check the allergy with the shopper.');
    const { dialog, user } = await openCheck('rx-bob', server, 'Bob Stone');
    await user.click(within(dialog).getByRole('button', { name: 'Copy these items into the form' }));
    await user.click(approve(dialog));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Amoxicillin is a penicillin: check the allergy with the shopper.');
    expect(approve(dialog)).toBeDisabled();
    await user.click(within(alert).getByRole('checkbox', { name: 'I have read these warnings' }));
    await user.click(approve(dialog));
    await within(dialog).findByRole('region', { name: 'Prescription verified' });
    expect(server.callsTo('POST', '/api/admin/prescriptions/rx-bob/verify').map((c) => (c.body as { warningsAcknowledged: boolean }).warningsAcknowledged)).toEqual([false, true]);
  });

  it('refuses the same medicine on two items', async () => {
    const { dialog, user } = await openCheck('rx-alice', prescriptionServer([ALICE()]), 'Alice Smith');
    await fillForm(dialog, user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'I have read these warnings' }));
    expect(approve(dialog)).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Add another item' }));
    const second = within(dialog).getByRole('group', { name: 'Item 2' });
    await user.selectOptions(within(second).getByRole('combobox', { name: /^Medicine/ }), 'p-cocodamol');
    await user.tab();
    expect(within(second).getByRole('combobox', { name: /^Medicine/ })).toHaveAccessibleDescription(expect.stringContaining('This medicine is already item 1'));
    expect(approve(dialog)).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Remove item 2' }));
    expect(approve(dialog)).toBeEnabled();
  });

  it('works on a 375 px phone: the queue as cards, the check screen whole', async () => {
    const server = prescriptionServer([ALICE()]);
    const { user } = await openQueue(server, pharmacist, PHONE);
    const cards = await screen.findByRole('list', { name: 'Prescriptions' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(cards).getByRole('button', { name: "Check Alice Smith's prescription" }));
    const dialog = await screen.findByRole('dialog', { name: 'Prescription' });
    expect(await within(dialog).findByRole('checkbox', { name: 'I have read these warnings' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Approve prescription' })).toBeInTheDocument();
  });
});
