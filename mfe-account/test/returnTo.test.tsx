import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { DOB_WHY } from '@pharmacy/contracts';
import type { SessionUser } from '@pharmacy/session';
import { SignInPage } from '../src/auth/SignInPage';
import { SignUpPage } from '../src/auth/SignUpPage';
import { fakeApi, renderWithStore, shopper, type ApiCall } from '@pharmacy/test-kit';
import { createAccount } from './signUpForm';

// docs/product.md#guards: the cart's "Sign in to check out" reaches /sign-in with the checkout to return to; a new
// shopper who goes on to create an account, signs in and fills the health step still ends at the checkout.

const newShopper: SessionUser = { ...shopper, _id: 'u-9', email: 'ada@example.com', allergies: [], healthConditions: [] };

function accountApi() {
  const api = fakeApi();
  api.on('POST', '/api/auth/register', { status: 201, body: { success: true, user: newShopper, data: newShopper, message: 'Account created.' } });
  api.on('POST', '/api/auth/login', { body: { success: true, user: newShopper, data: newShopper } });
  api.on('PUT', '/api/account/profile', (call: ApiCall) => {
    const saved = { ...newShopper, ...(call.body as object) };
    return { body: { success: true, user: saved, data: saved } };
  });
  return api;
}

function openSignIn(url: string) {
  return renderWithStore(<SignInPage />, {
    path: '/sign-in',
    url,
    routes: (
      <>
        <Route path="/signup" element={<SignUpPage />} />
        <Route path="/secure/checkout" element={<h1>Checkout</h1>} />
      </>
    ),
  });
}

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  const form = await screen.findByRole('form', { name: 'Sign in' });
  await user.type(within(form).getByLabelText(/^Password/), 'Analytical-1');
  await user.click(within(form).getByRole('button', { name: 'Sign in' }));
}

/** From the sign-in form the cart sent the shopper to: "Create an account", the account, the first sign-in. */
async function throughSignUp() {
  const api = accountApi();
  const user = userEvent.setup();
  openSignIn('/sign-in?returnTo=%2Fsecure%2Fcheckout');
  await user.click(screen.getByRole('link', { name: 'Create an account' }));
  await createAccount(user);
  await signIn(user);
  return { api, user };
}

describe('the page to return to, through sign-in, sign-up and the health step', () => {
  it('comes back to the checkout after "Create an account", the first sign-in and the health step with a date of birth', async () => {
    const api = accountApi();
    const user = userEvent.setup();
    openSignIn('/sign-in?returnTo=%2Fsecure%2Fcheckout');

    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signup?returnTo=%2Fsecure%2Fcheckout'));
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in?returnTo=%2Fsecure%2Fcheckout');

    await createAccount(user);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/sign-in?returnTo=%2Fsecure%2Fcheckout'));
    await signIn(user);

    const step = await screen.findByRole('form', { name: 'Health profile' });
    const dob = within(step).getByLabelText('Date of birth');
    expect(dob).not.toBeRequired();
    expect(within(step).getByText(DOB_WHY)).toBeInTheDocument();
    await user.type(dob, '1990-05-14');
    await user.click(within(step).getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/secure\/checkout$/);
    expect(api.callsTo('PUT', '/api/account/profile').map((c) => c.body)).toEqual([{ allergies: [], healthConditions: [], DOB: '1990-05-14' }]);
  });

  it('Skip for now also comes back to the checkout, having saved nothing', async () => {
    const { api, user } = await throughSignUp();
    await user.click(await screen.findByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/account/profile')).toHaveLength(0);
  });

  it('the health step refuses a date of birth that is not one, and sends nothing', async () => {
    const { api, user } = await throughSignUp();
    const step = await screen.findByRole('form', { name: 'Health profile' });
    await user.type(within(step).getByLabelText('Date of birth'), '2999-01-01');
    await user.click(within(step).getByRole('button', { name: 'Save and continue' }));
    expect(await within(step).findByText('Date of birth must be in the past.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/account/profile')).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Checkout' })).not.toBeInTheDocument();
  });
});
