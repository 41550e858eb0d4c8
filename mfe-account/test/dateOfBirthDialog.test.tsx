import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DOB_WHY } from '@pharmacy/contracts';
import DateOfBirthDialog from '../src/exposes/DateOfBirthDialog';
import { fail, fakeApi, renderWithStore, shopper, type ApiCall } from '@pharmacy/test-kit';

// The dialog the cart's widgets open where an age check needs a date of birth (account/DateOfBirthDialog): it saves
// the date to the profile and hands it back, so the caller carries on.

const noDob = { ...shopper, DOB: undefined };

function profileApi(answer?: (call: ApiCall) => unknown) {
  const api = fakeApi();
  api.on('PUT', '/api/account/profile', (call: ApiCall) => {
    if (answer) return answer(call) as never;
    const saved = { ...noDob, ...(call.body as object) };
    return { body: { success: true, user: saved, data: saved } };
  });
  return api;
}

async function open() {
  const onSaved = jest.fn();
  const onCancel = jest.fn();
  const utils = renderWithStore(<DateOfBirthDialog productTitle="Ibuprofen 200mg Tablets" onSaved={onSaved} onCancel={onCancel} />, { user: noDob });
  const dialog = await screen.findByRole('dialog', { name: 'Add your date of birth' });
  return { ...utils, dialog, onSaved, onCancel, user: userEvent.setup() };
}

afterEach(() => jest.restoreAllMocks());

describe('the date-of-birth dialog', () => {
  it('says why, saves the date to the profile and hands it back', async () => {
    const api = profileApi();
    const { dialog, onSaved, store, user } = await open();
    expect(within(dialog).getByText(/Ibuprofen 200mg Tablets has a minimum age/)).toBeInTheDocument();
    expect(within(dialog).getByText(DOB_WHY)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Date of birth/), '1990-05-14');
    await user.click(within(dialog).getByRole('button', { name: 'Save and continue' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('1990-05-14'));
    expect(api.callsTo('PUT', '/api/account/profile').map((c) => c.body)).toEqual([{ DOB: '1990-05-14' }]);
    expect(store.getState().auth.user?.DOB).toBe('1990-05-14');
    expect(store.getState().session.currentUser?.DOB).toBe('1990-05-14');
  });

  it('asks for a date before sending anything, and refuses one in the future', async () => {
    const api = profileApi();
    const { dialog, onSaved, user } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Save and continue' }));
    expect(await within(dialog).findByText('Enter your date of birth.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Date of birth/), '2999-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save and continue' }));
    expect(await within(dialog).findByText('Date of birth must be in the past.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/account/profile')).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("keeps the dialog open with the server's words when the save fails", async () => {
    profileApi(() => fail(503, 'Your account details are temporarily unavailable.', 'UNAVAILABLE'));
    const { dialog, onSaved, user } = await open();
    await user.type(within(dialog).getByLabelText(/^Date of birth/), '1990-05-14');
    await user.click(within(dialog).getByRole('button', { name: 'Save and continue' }));
    expect(await within(dialog).findByText('Your account details are temporarily unavailable.')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('Cancel closes it without saving', async () => {
    const api = profileApi();
    const { dialog, onCancel, user } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    expect(api.callsTo('PUT', '/api/account/profile')).toHaveLength(0);
  });
});
