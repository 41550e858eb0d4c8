import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfilePage } from '../src/profile/ProfilePage';
import { MARKETS } from '@pharmacy/contracts';
import { fakeApi, renderWithStore, shopper } from '@pharmacy/test-kit';

afterEach(() => jest.restoreAllMocks());

describe('ProfilePage', () => {
  it('shows the profile, with a dash for what is missing', () => {
    fakeApi(() => ({ status: 500 }));
    renderWithStore(<ProfilePage />, { path: '/profile', user: shopper });
    expect(document.title).toBe('My profile | Pharmacy');
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument(); // phone
    expect(screen.getByText('28 Feb 1990')).toHaveAttribute('datetime', '1990-02-28'); // the shop's one date format
    expect(screen.getByText('Penicillin')).toBeInTheDocument();
  });

  it('edits every field and sends them in the PUT body; the saved profile is shown', async () => {
    const saved = { ...shopper, firstName: 'Augusta', phone: '+44 20 7946 0958', allergies: ['Penicillin', 'Peanuts'], healthConditions: ['Asthma'] };
    const api = fakeApi(() => ({ body: { success: true, user: saved, data: saved, message: 'Your profile has been saved.' } }));
    const puts = () => api.callsTo('PUT', '/api/account/profile');
    const user = userEvent.setup();
    const { store } = renderWithStore(<ProfilePage />, { path: '/profile', user: shopper });

    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const first = screen.getByLabelText(/^First name/);
    await user.clear(first);
    expect(screen.getByText('First name is required.')).toBeInTheDocument();
    await user.type(first, 'Augusta');
    await user.type(screen.getByLabelText(/^Phone/), '12');
    expect(screen.getByText('Enter a UK phone number, like 07700 900123 or +44 20 7946 0958.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Phone/));
    await user.type(screen.getByLabelText(/^Phone/), '+44 20 7946 0958');
    await user.type(screen.getByLabelText('Allergies'), 'Peanuts{Enter}');
    await user.type(screen.getByLabelText('Health conditions'), 'Asthma,');
    expect(within(screen.getByRole('list', { name: 'Your allergies' })).getByText('Peanuts')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({
      method: 'PUT',
      url: '/api/account/profile',
      body: {
        firstName: 'Augusta',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phone: '+44 20 7946 0958',
        DOB: '1990-02-28',
        allergies: ['Penicillin', 'Peanuts'],
        healthConditions: ['Asthma'],
      },
    });
    expect(puts()[0].headers['x-pharmacy-csrf']).toBe('1');
    expect(await screen.findByText('Augusta Lovelace')).toBeInTheDocument();
    expect(screen.getAllByText('Profile saved').length).toBeGreaterThan(0);
    expect(store.getState().session.currentUser?.firstName).toBe('Augusta');
  });

  it('checks the phone with the market’s rule, and leaves a number saved under an older rule alone', async () => {
    const api = fakeApi(() => ({ status: 500 }));
    const user = userEvent.setup();
    renderWithStore(<ProfilePage />, { path: '/profile', user: { ...shopper, phone: '555.123.4567' }, market: MARKETS.IE });
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    expect(screen.getByText('Optional, e.g. 087 123 4567')).toBeInTheDocument();
    const phone = screen.getByLabelText(/^Phone/);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/account/profile')).toHaveLength(1));
    await user.clear(phone);
    await user.type(phone, '07700 900123');
    expect(screen.getByText('Enter an Irish phone number, like 087 123 4567 or +353 1 234 5678.')).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '+353 87 123 4567');
    expect(screen.queryByText(/Enter an Irish phone number/)).not.toBeInTheDocument();
  });

  it("keeps the form open with the server's message when saving fails", async () => {
    fakeApi(() => ({ status: 409, body: { success: false, code: 'CONFLICT', message: 'An account with this email already exists.' } }));
    const user = userEvent.setup();
    renderWithStore(<ProfilePage />, { path: '/profile', user: shopper });
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'taken@example.com');
    await user.type(screen.getByLabelText(/^Current password/), 'Analytical-1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('An account with this email already exists.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('asks for the current password only when the email changes, and sends it with the new email', async () => {
    const api = fakeApi(() => ({ status: 403, body: { success: false, code: 'WRONG_PASSWORD', message: 'Your current password is not correct, so your email address was not changed.' } }));
    const puts = () => api.callsTo('PUT', '/api/account/profile');
    const user = userEvent.setup();
    renderWithStore(<ProfilePage />, { path: '/profile', user: shopper });
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    expect(screen.queryByLabelText(/^Current password/)).not.toBeInTheDocument();
    const email = screen.getByLabelText(/^Email/);
    await user.clear(email);
    await user.type(email, 'ADA@example.com'); // the same address in capitals is not a change
    expect(screen.queryByLabelText(/^Current password/)).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'ada.new@example.com');
    expect(screen.getByText(/Needed to change your email address/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Enter your current password to change your email address.')).toBeInTheDocument();
    expect(puts()).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Current password/), 'Wrong-guess-1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({ method: 'PUT', url: '/api/account/profile', body: { email: 'ada.new@example.com', currentPassword: 'Wrong-guess-1' } });
    expect(await screen.findByText('Your current password is not correct, so your email address was not changed.')).toBeInTheDocument();
  });

  it('asks for the password in a dialog before deleting, then goes home signed out', async () => {
    const api = fakeApi(() => ({ body: { success: true, data: null, message: 'Your account has been deleted.' } }));
    const deletes = () => api.callsTo('DELETE', '/api/account/profile');
    const user = userEvent.setup();
    const { store } = renderWithStore(<ProfilePage />, { path: '/profile', user: shopper, signedInOnly: true });

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(deletes()).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByText('Enter your password to confirm.')).toBeInTheDocument();
    expect(deletes()).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Your password/), 'Analytical-1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    // Home, not /sign-in: the page leaves the guarded route before the user is cleared.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.getAllByText('Account deleted').length).toBeGreaterThan(0);
    expect(deletes()[0]).toMatchObject({ method: 'DELETE', url: '/api/account/profile', body: { password: 'Analytical-1' } });
    expect(store.getState().session.currentUser).toBeNull();
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  it('cancelling the dialog deletes nothing; a wrong password shows the server message', async () => {
    const api = fakeApi(() => ({ status: 400, body: { success: false, code: 'WRONG_PASSWORD', message: 'The password is not correct.' } }));
    const user = userEvent.setup();
    const { store } = renderWithStore(<ProfilePage />, { path: '/profile', user: shopper });
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/account/profile')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Your password/), 'wrong-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('The password is not correct.')).toBeInTheDocument();
    expect(store.getState().session.currentUser?._id).toBe('u-1');
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
  });
});
