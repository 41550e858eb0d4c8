import { webcrypto } from 'node:crypto';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createChallenge, verifySolution, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { fakeApi, fail, ok, renderWithStore, reply, shopper, type ApiCall } from '@pharmacy/test-kit';
import { SignInPage } from '../src/auth/SignInPage';
import { NO_WEBCRYPTO } from '../src/auth/signInCheck';

// jsdom has no WebCrypto digest functions; every browser the shop supports does, on https and on localhost.
const subtle = Object.getOwnPropertyDescriptor(globalThis.crypto, 'subtle');
beforeAll(() => Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true }));
afterAll(() => {
  if (subtle) Object.defineProperty(globalThis.crypto, 'subtle', subtle);
  else delete (globalThis.crypto as { subtle?: unknown }).subtle;
});

/** The account service's side of the check, with a secret only this "server" knows. */
const SECRET = { hmacSignatureSecret: 'server-secret-0123456789', hmacKeySignatureSecret: 'server-key-secret-0123456789' };
// Few attempts (jsdom's WebCrypto is slow), enough for the bar to move before the end.
const MAX_ATTEMPTS = 400;
const offer = async (attempt = 300) => ({
  required: true,
  challenge: await createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 1, counter: attempt, deriveKey, expiresAt: new Date(Date.now() + 60_000), ...SECRET }),
  maxAttempts: MAX_ATTEMPTS,
});
const NOT_NEEDED = ok({ required: false, challenge: null, maxAttempts: 0 });

/** The login answer: signed in with a solution that verifies, else refused as the service refuses it. */
async function login(call: ApiCall) {
  const { altcha } = call.body as { altcha?: string };
  if (!altcha) return fail(403, 'Sign-in needs a short security check first.', 'CHALLENGE_REQUIRED');
  const { challenge, solution } = JSON.parse(atob(altcha)) as Payload;
  const { verified } = await verifySolution({ challenge, solution, deriveKey, ...SECRET });
  return verified ? reply(200, { success: true, user: shopper, data: shopper }) : fail(403, 'That security check has expired or was already used.', 'CHALLENGE_REQUIRED');
}

async function fillIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'Analytical-1');
  return user;
}

describe('SignInPage while the shop asks new devices for the proof-of-work check', () => {
  it('solves the check by itself with its progress shown, says when it is done, and signs in with the solution', async () => {
    const offered = await offer();
    const api = fakeApi().on('GET', '/api/auth/challenge', ok(offered)).on('POST', '/api/auth/login', login);
    renderWithStore(<SignInPage />, { path: '/sign-in' });

    // Nothing to operate: a bar, named, that moves on its own, and one sentence for a screen reader.
    const bar = await screen.findByRole('progressbar', { name: 'Security check' });
    expect(screen.getByRole('group', { name: 'Security check' })).toHaveTextContent('You do not need to do anything');
    expect(screen.getByText('Security check running.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(Number(bar.getAttribute('value'))).toBeGreaterThan(0));
    await waitFor(() => expect(screen.getByText('Security check done. You can sign in.')).toHaveAttribute('role', 'status'), { timeout: 20_000 });
    expect(bar).toHaveAttribute('value', '100');

    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    const [sent] = api.callsTo('POST', '/api/auth/login');
    expect(sent.body).toMatchObject({ email: 'ada@example.com', password: 'Analytical-1', altcha: expect.any(String) });
    expect((JSON.parse(atob((sent.body as { altcha: string }).altcha)) as Payload).challenge).toEqual(offered.challenge);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  }, 30_000);

  it('a sign-in refused for want of a check is sent again by itself as soon as one is solved', async () => {
    let checks = 0;
    const offered = await offer(50);
    const api = fakeApi()
      .on('GET', '/api/auth/challenge', () => (checks++ === 0 ? NOT_NEEDED : ok(offered)))
      .on('POST', '/api/auth/login', login);
    renderWithStore(<SignInPage />, { path: '/sign-in' });
    await waitFor(() => expect(checks).toBe(1));
    expect(screen.queryByRole('group', { name: 'Security check' })).not.toBeInTheDocument();

    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/), { timeout: 20_000 });
    expect(api.callsTo('POST', '/api/auth/login').map((c) => Boolean((c.body as { altcha?: string }).altcha))).toEqual([false, true]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  }, 30_000);

  it('shows the refusal when the sign-in still needs a check after one try, and readies another for the next', async () => {
    const api = fakeApi()
      .on('GET', '/api/auth/challenge', NOT_NEEDED)
      .on('POST', '/api/auth/login', fail(403, 'Sign-in needs a short security check first.', 'CHALLENGE_REQUIRED'));
    renderWithStore(<SignInPage />, { path: '/sign-in' });
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in needs a short security check first.');
    expect(api.callsTo('POST', '/api/auth/login')).toHaveLength(2);
    expect(api.callsTo('GET', '/api/auth/challenge').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByTestId('location')).toHaveTextContent('/sign-in');
  });

  it('says so when this browser cannot run the check', async () => {
    const offered = await offer();
    Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined, configurable: true });
    try {
      fakeApi().on('GET', '/api/auth/challenge', ok(offered));
      renderWithStore(<SignInPage />, { path: '/sign-in' });
      expect(await screen.findByRole('alert')).toHaveTextContent(NO_WEBCRYPTO);
    } finally {
      await act(async () => Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true }));
    }
  });
});
