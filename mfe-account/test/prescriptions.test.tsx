import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRESCRIPTION_FILE_MAX_BYTES, PRESCRIPTION_FILE_REFUSALS, PRESCRIPTION_REFUSALS, type ShopperPrescription } from '@pharmacy/contracts';
import { FakeXhr, fail, fakeApi, installFakeXhr, ok, renderWithStore, shopper } from '@pharmacy/test-kit';
import { PrescriptionsPage } from '../src/prescriptions/PrescriptionsPage';

installFakeXhr();

const LIST = '/api/shop/prescriptions';

const prescription = (over: Partial<ShopperPrescription> = {}): ShopperPrescription => ({
  _id: 'rx-1',
  source: 'paper',
  status: 'verified',
  standing: 'verified',
  createdAt: '2026-11-02T10:00:00.000Z',
  hasFile: true,
  items: [
    { id: 'it-1', productId: 'p-ator', title: 'Atorvastatin 20 mg, 28 tablets', quantity: 56, quantityLeft: 28, directions: 'Take one tablet at night', repeatsAllowed: 3, repeatsUsed: 1 },
  ],
  prescriber: { name: 'Dr A. Patel' },
  writtenOn: '2026-10-15',
  expiresOn: '2027-04-15',
  pharmacistNote: 'Checked against your record.',
  ...over,
});

const cards = () => within(screen.getByRole('list', { name: 'Your prescriptions' })).getAllByRole('article');

function render(url = '/prescriptions') {
  return renderWithStore(<PrescriptionsPage />, { path: '/prescriptions', url, user: shopper });
}

describe('My prescriptions', () => {
  it('says what to do when there are none', async () => {
    const api = fakeApi().on('GET', LIST, ok([]));
    render();
    expect(await screen.findByText('You have no prescriptions yet')).toBeInTheDocument();
    expect(screen.getByText(/Add a photo or PDF of your paper prescription, or the token of an electronic one/)).toBeInTheDocument();
    expect(api.callsTo('GET', LIST)).toHaveLength(1);
    expect(document.title).toBe('My prescriptions | Pharmacy');
  });

  it('lists each standing with its label, its items, the words on why it cannot be used and the file link', async () => {
    fakeApi().on(
      'GET',
      LIST,
      ok([
        prescription(),
        prescription({ _id: 'rx-2', status: 'awaiting_check', standing: 'awaiting_check', items: [], pharmacistNote: undefined, forProduct: { productId: 'p-ator', title: 'Atorvastatin 20 mg, 28 tablets' }, writtenOn: undefined, expiresOn: undefined, prescriber: undefined }),
        prescription({ _id: 'rx-3', status: 'rejected', standing: 'rejected', items: [], pharmacistNote: 'The photo is cut off at the bottom.', refusal: PRESCRIPTION_REFUSALS.PRESCRIPTION_REJECTED, hasFile: false }),
        prescription({ _id: 'rx-4', source: 'electronic', token: '9D4C80-A83008-5DC6FA', standing: 'expired', writtenOn: '2026-01-10', expiresOn: '2026-07-10', refusal: PRESCRIPTION_REFUSALS.PRESCRIPTION_EXPIRED, hasFile: false }),
        prescription({ _id: 'rx-5', standing: 'used_up', refusal: PRESCRIPTION_REFUSALS.PRESCRIPTION_USED_UP, items: [{ ...prescription().items[0], quantityLeft: 0, repeatsUsed: 3 }] }),
      ]),
    );
    render();
    await screen.findByRole('list', { name: 'Your prescriptions' });
    const [verified, waiting, rejected, expired, usedUp] = cards();

    expect(within(verified).getByText('Verified')).toBeInTheDocument();
    expect(verified).toHaveTextContent('Atorvastatin 20 mg, 28 tablets');
    expect(verified).toHaveTextContent('Take one tablet at night');
    expect(verified).toHaveTextContent('28 of 56 left');
    expect(verified).toHaveTextContent('Repeats left: 2');
    expect(verified).toHaveTextContent('Use by 14 Apr 2027');
    expect(verified).toHaveTextContent("Pharmacist's note: Checked against your record.");
    expect(within(verified).getByRole('link', { name: /View your prescription/ })).toHaveAttribute('href', '/api/shop/prescriptions/rx-1/file');
    expect(within(verified).getByRole('button', { name: 'Request a repeat' })).toBeEnabled();

    expect(within(waiting).getByRole('heading')).toHaveTextContent('Photo or PDF of a paper prescription: Atorvastatin 20 mg, 28 tablets');
    expect(within(waiting).getByText('Waiting for a pharmacist')).toBeInTheDocument();
    expect(within(waiting).queryByRole('button', { name: 'Request a repeat' })).not.toBeInTheDocument();

    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
    expect(rejected).toHaveTextContent(PRESCRIPTION_REFUSALS.PRESCRIPTION_REJECTED);
    expect(rejected).toHaveTextContent('Reason: The photo is cut off at the bottom.');
    expect(within(rejected).queryByRole('link', { name: /View your prescription/ })).not.toBeInTheDocument();

    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    expect(expired).toHaveTextContent('Electronic prescription');
    expect(expired).toHaveTextContent('Token 9D4C80-A83008-5DC6FA');
    expect(expired).toHaveTextContent('Expired 10 Jul 2026');
    expect(expired).toHaveTextContent(PRESCRIPTION_REFUSALS.PRESCRIPTION_EXPIRED);
    expect(within(expired).queryByRole('button', { name: 'Request a repeat' })).not.toBeInTheDocument();
    expect(within(expired).queryByRole('checkbox', { name: 'Remind me to reorder' })).not.toBeInTheDocument();

    expect(within(usedUp).getByText('Used up')).toBeInTheDocument();
    expect(usedUp).toHaveTextContent(PRESCRIPTION_REFUSALS.PRESCRIPTION_USED_UP);
  });

  describe('a photo or PDF', () => {
    it('refuses a file of another type or over 10 MB before sending anything, in the server’s words', async () => {
      fakeApi().on('GET', LIST, ok([]));
      const user = userEvent.setup({ applyAccept: false });
      render();
      const input = await screen.findByLabelText('Your paper prescription');
      expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,application/pdf');
      expect(input).toHaveAttribute('capture', 'environment');

      await user.upload(input, new File(['hello'], 'note.txt', { type: 'text/plain' }));
      expect(screen.getByText(PRESCRIPTION_FILE_REFUSALS.type)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Send for checking' }));
      expect(FakeXhr.instances).toHaveLength(0);

      const big = new File([new Uint8Array(8)], 'scan.pdf', { type: 'application/pdf' });
      Object.defineProperty(big, 'size', { value: PRESCRIPTION_FILE_MAX_BYTES + 1 });
      await user.upload(input, big);
      expect(screen.getByText(PRESCRIPTION_FILE_REFUSALS.size)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Send for checking' }));
      expect(FakeXhr.instances).toHaveLength(0);
    });

    it('shows the progress, then the server’s refusal with the file and note kept, and a second try adds the row', async () => {
      let kept: ShopperPrescription[] = [];
      const api = fakeApi().on('GET', LIST, () => ok(kept));
      const user = userEvent.setup();
      render('/prescriptions?productId=p-ator');
      await screen.findByText('You have no prescriptions yet');
      await user.upload(screen.getByLabelText('Your paper prescription'), new File([new Uint8Array(2048)], 'rx.jpg', { type: 'image/jpeg' }));
      await user.type(screen.getByLabelText('Note to the pharmacist (optional)'), 'Second page to follow');
      await user.click(screen.getByRole('button', { name: 'Send for checking' }));

      const first = FakeXhr.instances[0];
      expect(first).toMatchObject({ method: 'POST', url: '/api/shop/prescriptions', withCredentials: true });
      expect(first.file?.name).toBe('rx.jpg');
      expect((first.body as FormData).get('productId')).toBe('p-ator');
      expect((first.body as FormData).get('note')).toBe('Second page to follow');
      act(() => first.progress(512, 2048));
      expect(await screen.findByText('Sending… 25%')).toBeInTheDocument();
      act(() => first.respond(415, { success: false, message: PRESCRIPTION_FILE_REFUSALS.type, code: 'UNSUPPORTED_MEDIA_TYPE' }));
      expect(await screen.findByText(PRESCRIPTION_FILE_REFUSALS.type)).toBeInTheDocument();
      expect(screen.getByLabelText('Note to the pharmacist (optional)')).toHaveValue('Second page to follow');

      await user.click(screen.getByRole('button', { name: 'Send for checking' }));
      const second = FakeXhr.instances[1];
      expect(second.file?.name).toBe('rx.jpg');
      const added = prescription({ _id: 'rx-new', status: 'awaiting_check', standing: 'awaiting_check', items: [], pharmacistNote: undefined });
      kept = [added];
      act(() => second.respond(201, { success: true, data: added }));
      await waitFor(() => expect(cards()).toHaveLength(1));
      expect(within(cards()[0]).getByText('Waiting for a pharmacist')).toBeInTheDocument();
      expect(api.callsTo('GET', LIST)).toHaveLength(2);
      expect(screen.getByLabelText('Note to the pharmacist (optional)')).toHaveValue('');
    });
  });

  describe('an electronic prescription token', () => {
    it('puts the dashes in as typed, refuses an incomplete token without sending, then sends it with the product', async () => {
      let kept: ShopperPrescription[] = [];
      const api = fakeApi()
        .on('GET', LIST, () => ok(kept))
        .on('POST', LIST, (call) => {
          kept = [prescription({ _id: 'rx-e', source: 'electronic', token: (call.body as { token: string }).token, status: 'awaiting_check', standing: 'awaiting_check', items: [] })];
          return ok(kept[0]);
        });
      const user = userEvent.setup();
      render('/prescriptions?productId=p-ator');
      const field = await screen.findByLabelText('Prescription token');

      await user.type(field, '9d4c80a830');
      expect(field).toHaveValue('9D4C80-A830');
      expect(screen.getByText('10 of 18 characters.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Add electronic prescription' }));
      expect(screen.getByText(/Enter the 18 letters and digits of the token/)).toBeInTheDocument();
      expect(api.callsTo('POST', LIST)).toHaveLength(0);

      await user.type(field, '08 5dc6fa');
      expect(field).toHaveValue('9D4C80-A83008-5DC6FA');
      expect(screen.getByText('Token complete.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Add electronic prescription' }));
      await waitFor(() => expect(api.callsTo('POST', LIST)).toHaveLength(1));
      expect(api.callsTo('POST', LIST)[0].body).toEqual({ token: '9D4C80-A83008-5DC6FA', productId: 'p-ator' });
      await waitFor(() => expect(cards()).toHaveLength(1));
      expect(cards()[0]).toHaveTextContent('Token 9D4C80-A83008-5DC6FA');
      expect(field).toHaveValue('');
    });

    it('shows why the server refused a token and keeps it', async () => {
      fakeApi()
        .on('GET', LIST, ok([]))
        .on('POST', LIST, fail(404, 'No electronic prescription matches this token; check it and try again.', 'NOT_FOUND'));
      const user = userEvent.setup();
      render();
      const field = await screen.findByLabelText('Prescription token');
      await user.type(field, '9D4C805A83008A5DC6FA');
      await user.click(screen.getByRole('button', { name: 'Add electronic prescription' }));
      expect(await screen.findByText('No electronic prescription matches this token; check it and try again.')).toBeInTheDocument();
      expect(field).toHaveValue('9D4C80-5A8300-8A5DC6');
    });
  });

  it('requests a repeat, and says why when the server refuses one', async () => {
    let repeats = 0;
    const api = fakeApi()
      .on('GET', LIST, () => ok([prescription()]))
      .on('POST', '/api/shop/prescriptions/rx-1/repeat', () => {
        repeats += 1;
        return repeats === 1 ? ok(prescription({ _id: 'rx-r', source: 'repeat', repeatOf: 'rx-1', standing: 'awaiting_check', status: 'awaiting_check' })) : fail(409, 'A repeat of this prescription is already waiting for a pharmacist.', 'CONFLICT');
      });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Request a repeat' }));
    expect(await screen.findByText('Repeat requested')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', LIST)).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Request a repeat' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A repeat of this prescription is already waiting for a pharmacist.');
  });

  it('opts an item into a reorder reminder with a chosen interval, and out again', async () => {
    const reminder = { enabled: true, intervalDays: 30, nextOn: '2026-12-27' };
    let current = prescription();
    const api = fakeApi()
      .on('GET', LIST, () => ok([current]))
      .on('PUT', '/api/shop/prescriptions/rx-1/items/it-1/reminder', (call) => {
        const body = call.body as { enabled: boolean };
        current = prescription({ items: [{ ...prescription().items[0], ...(body.enabled ? { reminder } : { reminder: { ...reminder, enabled: false } }) }] });
        return ok(current);
      });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('checkbox', { name: 'Remind me to reorder' }));
    const days = screen.getByLabelText('Every (days, optional)');
    await user.type(days, '3');
    await user.click(screen.getByRole('button', { name: 'Save reminder' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a whole number of days from 7 to 365');
    expect(api.callsTo('PUT', /reminder$/)).toHaveLength(0);

    await user.type(days, '0');
    await user.click(screen.getByRole('button', { name: 'Save reminder' }));
    await waitFor(() => expect(api.callsTo('PUT', /reminder$/)).toHaveLength(1));
    expect(api.callsTo('PUT', /reminder$/)[0].body).toEqual({ enabled: true, intervalDays: 30 });
    expect(await screen.findByText('We will email you on 27 Dec 2026, then every 30 days.')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Remind me to reorder' }));
    await waitFor(() => expect(api.callsTo('PUT', /reminder$/)).toHaveLength(2));
    expect(api.callsTo('PUT', /reminder$/)[1].body).toEqual({ enabled: false });
  });
});
