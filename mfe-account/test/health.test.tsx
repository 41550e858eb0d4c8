import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import type { SafetyRecognition, SafetyTerm } from '@pharmacy/contracts';
import { ProfilePage } from '../src/profile/ProfilePage';
import { SignInPage } from '../src/auth/SignInPage';
import { SignUpPage } from '../src/auth/SignUpPage';
import type { SessionUser } from '@pharmacy/session';
import { fakeApi, noAnswer, ok, okList, renderWithStore, shopper, type ApiCall } from '@pharmacy/test-kit';
import { createAccount } from './signUpForm';

afterEach(() => jest.restoreAllMocks());

const TERMS = '/api/shop/safety/terms';
const RECOGNISE = '/api/shop/safety/terms/recognise';
const UNRECOGNISED = "We don't recognise this — a pharmacist will check it on your orders";

const ibuprofen: SafetyTerm = { term: 'Ibuprofen', kind: 'ingredient', matched: 'Nurofen', hint: 'NSAID; brands Nurofen, Advil' };
const nsaids: SafetyTerm = { term: 'NSAIDs', kind: 'class', hint: 'Anti-inflammatory painkillers' };
const asthma: SafetyTerm = { term: 'Asthma', kind: 'condition' };

/** The catalog's two public safety calls: suggestions by query, and recognition of everything but `unknown`. */
function safetyApi(suggestions: Record<string, SafetyTerm[]>, unknown: string[] = []) {
  const api = fakeApi();
  api.on('GET', TERMS, (call: ApiCall) => okList(suggestions[call.query.q.toLowerCase()] ?? [], { tableVersion: 't1' }));
  api.on('POST', RECOGNISE, (call: ApiCall) =>
    ok<SafetyRecognition[]>((call.body as { terms: string[] }).terms.map((term) => ({ term, recognised: !unknown.includes(term.toLowerCase()) }))),
  );
  api.on('PUT', '/api/account/profile', (call: ApiCall) => {
    const saved = { ...shopper, ...(call.body as object) };
    return { body: { success: true, user: saved, data: saved, message: 'Your profile has been saved.' } };
  });
  return api;
}

async function editProfile() {
  const user = userEvent.setup();
  renderWithStore(<ProfilePage />, { path: '/profile', user: shopper });
  await user.click(screen.getByRole('button', { name: 'Edit profile' }));
  return user;
}

const chips = (label: string) => within(screen.getByRole('list', { name: `Your ${label}` }));

describe('health profile typeahead (ChipCombobox on the catalog terms)', () => {
  it('suggests after a pause with one request, moves with the arrows, picks with Enter, and saves the picked term', async () => {
    const api = safetyApi({ nurof: [ibuprofen, nsaids] });
    const user = await editProfile();
    const box = screen.getByRole('combobox', { name: 'Allergies' });
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.type(box, 'nurof');
    const list = await screen.findByRole('listbox', { name: 'Suggestions for allergies' });
    // typed faster than the 150 ms pause: "nu", "nur", "nuro" were never asked
    expect(api.callsTo('GET', TERMS).map((c) => c.query)).toEqual([{ q: 'nurof', for: 'allergy', limit: '8' }]);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const options = within(list).getAllByRole('option');
    expect(options[0]).toHaveTextContent('Ibuprofen');
    expect(options[0]).toHaveTextContent('NSAID; brands Nurofen, Advil · matches Nurofen');
    expect(options[1]).toHaveTextContent('NSAIDs');
    expect(options[1]).not.toHaveTextContent('matches');

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0].id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1].id);
    await user.keyboard('{ArrowDown}'); // wraps to the top
    expect(box).toHaveAttribute('aria-activedescendant', options[0].id);
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1].id);
    await user.keyboard('{ArrowUp}{Enter}');

    expect(chips('allergies').getByText('Ibuprofen')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(box.getAttribute('aria-controls') ?? '')).not.toBeVisible();
    expect(api.callsTo('PUT', '/api/account/profile')).toHaveLength(0); // Enter picked, it did not submit

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/account/profile')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/account/profile')[0].body).toMatchObject({ allergies: ['Penicillin', 'Ibuprofen'], healthConditions: [] });
  });

  it('a tap on a suggestion picks it; conditions are asked for as conditions', async () => {
    const api = safetyApi({ asth: [asthma] });
    const user = await editProfile();
    await user.type(screen.getByRole('combobox', { name: 'Health conditions' }), 'asth');
    await user.click(await screen.findByRole('option', { name: /Asthma/ }));
    expect(chips('health conditions').getByText('Asthma')).toBeInTheDocument();
    expect(api.callsTo('GET', TERMS)[0].query).toMatchObject({ q: 'asth', for: 'condition' });
  });

  it('Escape closes the list, Enter and a comma add free text, Backspace in the empty box and × remove chips', async () => {
    const api = safetyApi({ 'peanut oil': [{ term: 'Arachis oil', kind: 'excipient', matched: 'peanut oil' }] });
    const user = await editProfile();
    const box = screen.getByRole('combobox', { name: 'Allergies' });

    await user.type(box, 'Peanut oil');
    await screen.findByRole('option', { name: /Arachis oil/ });
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('Peanut oil');
    await user.keyboard('{Enter}'); // nothing highlighted: the words as typed
    expect(chips('allergies').getByText('Peanut oil')).toBeInTheDocument();

    await user.type(box, 'Latex,');
    expect(chips('allergies').getByText('Latex')).toBeInTheDocument();
    expect(box).toHaveValue('');
    await user.keyboard('{Backspace}');
    expect(chips('allergies').queryByText('Latex')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Penicillin' }));
    expect(box).toHaveFocus();
    expect(chips('allergies').queryByText('Penicillin')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/account/profile')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/account/profile')[0].body).toMatchObject({ allergies: ['Peanut oil'] });
  });

  it('aborts the request for text that has changed; a failed lookup still lets the shopper type their own', async () => {
    const api = fakeApi();
    api.on('POST', RECOGNISE, () => ok([]));
    api.on('GET', TERMS, (call: ApiCall) => (call.query.q === 'ib' ? noAnswer() : { status: 503, body: { success: false, code: 'UNAVAILABLE', message: 'down' } }));
    const user = await editProfile();
    const box = screen.getByRole('combobox', { name: 'Allergies' });

    await user.type(box, 'ib');
    await waitFor(() => expect(api.callsTo('GET', TERMS)).toHaveLength(1));
    const stale = api.callsTo('GET', TERMS)[0];
    expect(stale.init.signal?.aborted).toBe(false);
    await user.type(box, 'uprofen');
    expect(stale.init.signal?.aborted).toBe(true);
    // On a loaded machine typing can pause mid-word and ask for part of it too: what counts is that the stale request
    // was aborted and the last one asks for the whole text.
    await waitFor(() => expect(api.callsTo('GET', TERMS).at(-1)?.query.q).toBe('ibuprofen'));

    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(chips('allergies').getByText('ibuprofen')).toBeInTheDocument();
  });

  it('answers a query typed again from what it already asked, without a second request', async () => {
    const api = safetyApi({ nurof: [ibuprofen, nsaids] });
    const user = await editProfile();
    const box = screen.getByRole('combobox', { name: 'Allergies' });
    await user.type(box, 'nurof');
    await screen.findByRole('listbox', { name: 'Suggestions for allergies' });
    await user.clear(box);
    await user.type(box, 'nurof');
    const options = within(await screen.findByRole('listbox', { name: 'Suggestions for allergies' })).getAllByRole('option');
    expect(options[0]).toHaveTextContent('Ibuprofen');
    expect(api.callsTo('GET', TERMS).filter((c) => c.query.q === 'nurof')).toHaveLength(1);
  });

  it('does not offer what is already on the list, and refuses an entry longer than the profile allows', async () => {
    safetyApi({ peni: [{ term: 'Penicillin', kind: 'ingredient' }, { term: 'Penicillins', kind: 'class' }] });
    const user = await editProfile();
    const box = screen.getByRole('combobox', { name: 'Allergies' });
    await user.type(box, 'peni');
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Penicillins']);

    await user.clear(box);
    await user.type(box, `${'x'.repeat(61)}{Enter}`);
    expect(screen.getByRole('alert')).toHaveTextContent('Each entry must be at most 60 characters.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('unrecognised health terms', () => {
  it('marks a term the catalog does not know as it is added, and on the saved profile', async () => {
    const api = safetyApi({}, ["grandma's tonic"]);
    const user = await editProfile();
    await user.type(screen.getByRole('combobox', { name: 'Allergies' }), "Grandma's tonic{Enter}");

    const chip = (await screen.findByText(UNRECOGNISED)).closest('li') as HTMLElement;
    expect(chip).toHaveTextContent("Grandma's tonic");
    expect(chips('allergies').getByText('Penicillin').closest('li')).not.toHaveTextContent(UNRECOGNISED);
    expect(api.callsTo('POST', RECOGNISE).flatMap((c) => (c.body as { terms: string[] }).terms)).toEqual(expect.arrayContaining(['penicillin', "grandma's tonic"]));

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const saved = await screen.findByRole('list', { name: 'Your allergies' });
    await waitFor(() => expect(within(saved).getByText("Grandma's tonic").closest('li')).toHaveTextContent(UNRECOGNISED));
    expect(within(saved).getByText('Penicillin').closest('li')).not.toHaveTextContent(UNRECOGNISED);
  });

  it('asks once about chips added in a burst, once the list settles, and once for a term the page shows twice', async () => {
    jest.useFakeTimers();
    try {
      const api = safetyApi({}, ['zyxel', 'quux']);
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderWithStore(<ProfilePage />, { path: '/profile', user: shopper });
      await user.click(screen.getByRole('button', { name: 'Edit profile' }));
      await act(() => jest.advanceTimersByTimeAsync(300));
      // the saved list and the form both show Penicillin: one question about it
      const asked = () => api.callsTo('POST', RECOGNISE).map((c) => (c.body as { terms: string[] }).terms);
      expect(asked()).toEqual([['penicillin']]);

      const box = screen.getByRole('combobox', { name: 'Allergies' });
      await user.type(box, 'Zyxel{Enter}');
      await user.type(box, 'Quux{Enter}');
      await act(() => jest.advanceTimersByTimeAsync(299));
      expect(asked()).toEqual([['penicillin']]);
      await act(() => jest.advanceTimersByTimeAsync(1));
      expect(asked()).toEqual([['penicillin'], ['zyxel', 'quux']]);
      await waitFor(() => expect(screen.getAllByText(UNRECOGNISED)).toHaveLength(2));
      expect(screen.getAllByText(UNRECOGNISED).map((note) => note.closest('li')?.textContent)).toEqual([
        expect.stringContaining('Zyxel'),
        expect.stringContaining('Quux'),
      ]);
      await act(() => jest.advanceTimersByTimeAsync(1000));
      expect(asked()).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('marks nothing when the catalog cannot say (a guess would mislead)', async () => {
    const api = fakeApi(() => ({ status: 503, body: { success: false, code: 'UNAVAILABLE', message: 'down' } }));
    renderWithStore(<ProfilePage />, { path: '/profile', user: { ...shopper, allergies: ['Penicillin', 'Zyxel'] } });
    await waitFor(() => expect(api.callsTo('POST', RECOGNISE)).toHaveLength(1));
    expect(screen.queryByText(UNRECOGNISED)).not.toBeInTheDocument();
  });
});

describe('optional health profile step after sign-up', () => {
  const newShopper: SessionUser = { ...shopper, _id: 'u-9', email: 'ada@example.com', allergies: [], healthConditions: [] };

  function signInApi(signedIn: SessionUser = newShopper) {
    const api = safetyApi({ asth: [asthma] });
    api.on('POST', '/api/auth/login', { body: { success: true, user: signedIn, data: signedIn } });
    return api;
  }

  async function signInFromSignUp(signedIn: SessionUser = newShopper) {
    const api = signInApi(signedIn);
    const user = userEvent.setup();
    renderWithStore(<SignInPage />, {
      path: '/sign-in',
      url: { pathname: '/sign-in', state: { email: 'ada@example.com', offerHealthProfile: true } },
    });
    await user.type(screen.getByLabelText(/^Password/), 'Analytical-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    return { api, user };
  }

  it('sign-up sends the new shopper to sign in, who is then offered the step with why it helps', async () => {
    const api = signInApi();
    api.on('POST', '/api/auth/register', { status: 201, body: { success: true, user: newShopper, data: newShopper, message: 'Account created. Please sign in.' } });
    const user = userEvent.setup();
    renderWithStore(<SignUpPage />, { path: '/signup', routes: <Route path="/sign-in" element={<SignInPage />} /> });
    await createAccount(user);

    // the sign-up form and its call are unchanged: the step only comes once signed in
    expect(api.callsTo('POST', '/api/auth/register')[0].body).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'Analytical-1' });
    const signIn = await screen.findByRole('form', { name: 'Sign in' });
    expect(within(signIn).getByLabelText(/^Email/)).toHaveValue('ada@example.com');
    await user.type(within(signIn).getByLabelText(/^Password/), 'Analytical-1');
    await user.click(within(signIn).getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Your health profile' })).toBeInTheDocument();
    expect(screen.getByText(/We check every medicine against your allergies and conditions and warn you before you buy\./)).toBeInTheDocument();
    expect(screen.getByText(/Optional\./)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/sign-in');
  });

  it('Skip for now saves nothing and goes on', async () => {
    const { api, user } = await signInFromSignUp();
    await user.click(await screen.findByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(api.callsTo('PUT', '/api/account/profile')).toHaveLength(0);
  });

  it('saves the lists through the profile update, with the same typeahead, then goes on', async () => {
    const { api, user } = await signInFromSignUp();
    const form = await screen.findByRole('form', { name: 'Health profile' });
    await user.type(within(form).getByRole('combobox', { name: 'Health conditions' }), 'asth');
    await screen.findByRole('option', { name: /Asthma/ });
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /Asthma/, selected: true })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await user.type(within(form).getByRole('combobox', { name: 'Allergies' }), 'Latex{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Save and continue' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    const puts = api.callsTo('PUT', '/api/account/profile');
    expect(puts).toHaveLength(1);
    expect(puts[0].body).toEqual({ allergies: ['Latex'], healthConditions: ['Asthma'] });
    expect(screen.getAllByText('Health profile saved').length).toBeGreaterThan(0);
  });

  it('is not offered to an account that already keeps a health profile', async () => {
    await signInFromSignUp(shopper); // Penicillin on file: never replaced by an empty step
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.queryByRole('heading', { name: 'Your health profile' })).not.toBeInTheDocument();
  });
});
