import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SignUpPage } from '../src/auth/SignUpPage';
import { SignInPage } from '../src/auth/SignInPage';
import { ResetPasswordPage } from '../src/auth/ResetPasswordPage';
import { ForgotPasswordPage } from '../src/auth/ForgotPasswordPage';
import { fakeApi, renderWithStore, shopper } from '@pharmacy/test-kit';
import { createAccount } from './signUpForm';

afterEach(() => jest.restoreAllMocks());

describe('SignUpPage', () => {
  it('promises only what the shop does: orders, tracking them and safety warnings, no prescriptions', () => {
    renderWithStore(<SignUpPage />, { path: '/signup' });
    const text = document.body.textContent ?? '';
    expect(text).toContain('Order medicines and health products, follow your orders, and get safety warnings for your allergies and health conditions.');
    expect(text).not.toMatch(/prescription/i);
  });

  it('validates as the user types, with the message under the field', async () => {
    const { calls } = fakeApi(() => ({ status: 500 }));
    const user = userEvent.setup();
    renderWithStore(<SignUpPage />, { path: '/signup' });
    expect(document.title).toBe('Create your account | Pharmacy');

    const email = screen.getByLabelText(/^Email/);
    await user.type(email, 'ada@');
    expect(screen.getByText('Enter a valid email address, like name@example.com.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.type(email, 'example.com');
    expect(screen.queryByText('Enter a valid email address, like name@example.com.')).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText(/^Password/), '123456789012');
    expect(screen.getByText('Password cannot be only numbers. Add some letters or symbols.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Confirm password/), '1234');
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();

    // Submitting shows every remaining message and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByText('Last name is required.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message when registration fails", async () => {
    let answer: (r: { status: number; body: unknown }) => void = () => undefined;
    const { calls } = fakeApi(() => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderWithStore(<SignUpPage />, { path: '/signup' });
    await createAccount(user);

    // Disabled while sending.
    expect(screen.getByRole('button', { name: /Create account/ })).toBeDisabled();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/auth/register',
      body: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'Analytical-1' },
    });
    answer({ status: 409, body: { success: false, code: 'CONFLICT', message: 'An account with this email already exists.' } });
    const form = screen.getByRole('form', { name: 'Sign up' }).parentElement!;
    expect(await within(form).findByText('An account with this email already exists.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/signup');
  });

  it('says why a password was refused as too easy to guess, and what would do', async () => {
    const message = 'Password is too easy to guess. This is too close to a commonly used password. Add more words that are less common.';
    fakeApi(() => ({ status: 400, body: { success: false, code: 'WEAK_PASSWORD', message } }));
    const user = userEvent.setup();
    renderWithStore(<SignUpPage />, { path: '/signup' });
    expect(screen.getByText(/Common passwords and your own name or email are refused/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Passw0rd1234');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Passw0rd1234');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/signup');
  });

  it('on success says to sign in and goes to /sign-in without signing in', async () => {
    fakeApi(() => ({ status: 201, body: { success: true, user: shopper, data: shopper, message: 'Account created. Please sign in.' } }));
    const user = userEvent.setup();
    const { store } = renderWithStore(<SignUpPage />, { path: '/signup' });
    await createAccount(user);

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/sign-in'));
    expect(screen.getAllByText('Account created — please sign in').length).toBeGreaterThan(0);
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(store.getState().session.currentUser).toBeNull();
  });
});

describe('SignInPage', () => {
  it('signs in through the session flow and returns to the page the address names (where the guard came from)', async () => {
    const { callsTo } = fakeApi(() => ({ body: { success: true, user: shopper, data: shopper } }));
    const user = userEvent.setup();
    const { store } = renderWithStore(<SignInPage />, { path: '/sign-in', url: `/sign-in?returnTo=${encodeURIComponent('/my-orders?page=2')}` });
    expect(document.title).toBe('Sign in | Pharmacy');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Analytical-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/my-orders?page=2'));
    expect(callsTo('POST', '/api/auth/login')).toEqual([
      expect.objectContaining({ url: '/api/auth/login', body: { email: 'ada@example.com', password: 'Analytical-1' } }),
    ]);
    expect(store.getState().session.currentUser?._id).toBe('u-1');
    expect(store.getState().auth.isAuthenticated).toBe(true);
  });

  it.each(['//evil.example/x', 'https://evil.example/x', '/\\evil.example/x', 'javascript:alert(1)', '/\t/evil.example'])(
    'goes home, never to another site, when the address names %s',
    async (target) => {
      fakeApi(() => ({ body: { success: true, user: shopper, data: shopper } }));
      const user = userEvent.setup();
      renderWithStore(<SignInPage />, { path: '/sign-in', url: `/sign-in?returnTo=${encodeURIComponent(target)}` });
      // nor does the way to the other form carry it
      expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
      await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
      await user.type(screen.getByLabelText(/^Password/), 'Analytical-1');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    },
  );

  it("shows the server's message and stays on the page when sign-in fails", async () => {
    fakeApi(() => ({ status: 401, body: { success: false, code: 'INVALID_CREDENTIALS', message: 'The email or password is incorrect.' } }));
    const user = userEvent.setup();
    renderWithStore(<SignInPage />, { path: '/sign-in' });
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-one-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The email or password is incorrect.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/sign-in');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });
});

describe('ResetPasswordPage', () => {
  it('explains a link without a token and offers a new one, with no form', () => {
    const { calls } = fakeApi(() => ({ status: 500 }));
    renderWithStore(<ResetPasswordPage />, { path: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is incomplete: it has no token.');
    expect(screen.getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the token with the new password, then goes to /sign-in', async () => {
    const { calls } = fakeApi((call) =>
      call.url === '/api/auth/reset-password'
        ? { body: { success: true, data: null, message: 'Your password has been reset.' } }
        : { status: 401, body: { success: false, code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' } },
    );
    const user = userEvent.setup();
    renderWithStore(<ResetPasswordPage />, { path: '/reset-password', url: '/reset-password?token=abc_123' });
    await user.type(screen.getByLabelText(/^New password/), 'Fresh-start-9');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Fresh-start-9');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/sign-in'));
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/auth/reset-password', body: { token: 'abc_123', password: 'Fresh-start-9' } });
  });

  it("shows the server's message for a used or expired link", async () => {
    fakeApi(() => ({ status: 400, body: { success: false, code: 'RESET_TOKEN', message: 'This reset link has expired. Please request a new one.' } }));
    const user = userEvent.setup();
    renderWithStore(<ResetPasswordPage />, { path: '/reset-password', url: '/reset-password?token=old' });
    await user.type(screen.getByLabelText(/^New password/), 'Fresh-start-9');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Fresh-start-9');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(/This reset link has expired/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it("shows why the server refused a weak password, without sending the shopper for a new link", async () => {
    const message = 'New password is too easy to guess. This is a commonly used password. Add more words that are less common.';
    fakeApi(() => ({ status: 400, body: { success: false, code: 'WEAK_PASSWORD', message } }));
    const user = userEvent.setup();
    renderWithStore(<ResetPasswordPage />, { path: '/reset-password', url: '/reset-password?token=fresh' });
    expect(screen.getByText(/a few unrelated words work well/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), 'iloveyou1234');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'iloveyou1234');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ask for a new link' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeEnabled();
  });
});

describe('ForgotPasswordPage', () => {
  it('shows the confirmation the server sends', async () => {
    const { calls } = fakeApi(() => ({ body: { success: true, data: null, message: 'If an account exists for that email, we have sent a link.' } }));
    const user = userEvent.setup();
    renderWithStore(<ForgotPasswordPage />, { path: '/forgot-password' });
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('If an account exists for that email, we have sent a link.')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/api/auth/forgot-password', body: { email: 'ada@example.com' } });
  });

  it('offers another link after the confirmation, with the email kept, and sends it again', async () => {
    const { calls } = fakeApi(() => ({ body: { success: true, data: null, message: 'If an account exists for that email, we have sent a link.' } }));
    const user = userEvent.setup();
    renderWithStore(<ForgotPasswordPage />, { path: '/forgot-password' });
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.queryByRole('form', { name: 'Forgot password' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Send another link' }));
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByRole('button', { name: 'Send another link' });
    expect(calls.map((c) => c.body)).toEqual([{ email: 'ada@example.com' }, { email: 'ada@example.com' }]);
  });

  it('links to the dev mailbox when the server says this install keeps its mail there', async () => {
    fakeApi(() => ({ body: { success: true, data: null, message: 'If an account exists for that email, we have sent a link.', mailbox: '/dev/mailbox' } }));
    const user = userEvent.setup();
    renderWithStore(<ForgotPasswordPage />, { path: '/forgot-password' });
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const link = await screen.findByRole('link', { name: 'open the mailbox' });
    expect(link).toHaveAttribute('href', '/dev/mailbox');
    expect(link.parentElement).toHaveTextContent(/^No mail server is set up here: open the mailbox to read the mail with your reset link\.$/);
    expect(screen.queryByText(/Check your inbox/)).not.toBeInTheDocument();
  });

  it('says nothing of a mailbox when the server names none (production, or a real mail server), nor one on another site', async () => {
    const mailboxes = [undefined, '//evil.example/mailbox']; // the first answer names none, the second another site
    fakeApi(() => {
      const mailbox = mailboxes.shift();
      return { body: { success: true, data: null, message: 'If an account exists for that email, we have sent a link.', ...(mailbox ? { mailbox } : {}) } };
    });
    const user = userEvent.setup();
    renderWithStore(<ForgotPasswordPage />, { path: '/forgot-password' });
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/Check your inbox and your spam folder/)).toBeInTheDocument();
    expect(screen.queryByText(/No mail server/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send another link' }));
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByRole('button', { name: 'Send another link' });
    expect(screen.queryByRole('link', { name: 'open the mailbox' })).not.toBeInTheDocument();
    expect(screen.getByText(/Check your inbox/)).toBeInTheDocument();
  });

  it("keeps the form and shows the server's refusal when no link could be sent", async () => {
    fakeApi(() => ({ status: 429, body: { success: false, code: 'RATE_LIMITED', message: 'Too many attempts. Please wait 15 minutes and try again.' } }));
    const user = userEvent.setup();
    renderWithStore(<ForgotPasswordPage />, { path: '/forgot-password' });
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait 15 minutes and try again.');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Send another link' })).not.toBeInTheDocument();
  });
});
