import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRESCRIPTION_ROUTE, safetyBlockMessage, type ProductSafety } from '@pharmacy/contracts';
import { checkAuth, setUser, signOutSuccess, updateUserSuccess } from '@pharmacy/session';
import ProductListing from '../src/exposes/ProductListing';
import { badgeText } from '../src/safety/CardSafety';
import { deferred, fakeApi, ok, okList, makeProduct, renderWithStore, shopper, type ApiCall, type FakeReply } from '@pharmacy/test-kit';
import { serveCartWidget } from './cartWidget';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));
beforeEach(() => serveCartWidget());

const ibuprofen = makeProduct({ _id: 'ibu', title: 'Ibuprofen Tablets' });
const nicotine = makeProduct({ _id: 'nic', title: 'Nicotine Gum', minAge: 18 });
const vitamin = makeProduct({ _id: 'vit', title: 'Vitamin C' });
const codeine = makeProduct({ _id: 'cod', title: 'Co-codamol', requiresPrescription: true });
const pageTwo = makeProduct({ _id: 'zinc', title: 'Zinc Lozenges' });

const NSAID = 'Contains ibuprofen, an NSAID; you told us you are allergic to NSAIDs.';
const answers: Record<string, ProductSafety> = {
  ibu: { productId: 'ibu', blocked: null, warnings: [{ kind: 'allergy', productTerm: 'ibuprofen', profileTerm: 'NSAIDs', via: 'an NSAID', message: NSAID }] },
  nic: { productId: 'nic', warnings: [], blocked: { code: 'UNDER_AGE', message: safetyBlockMessage('UNDER_AGE', 18) } },
  vit: { productId: 'vit', warnings: [], blocked: null },
  cod: { productId: 'cod', warnings: [], blocked: { code: 'PRESCRIPTION_REQUIRED', message: PRESCRIPTION_ROUTE } },
  zinc: { productId: 'zinc', warnings: [], blocked: null },
};

/** Two pages of products; the safety check answers each asked id (or as `check` says). */
function serve(check?: (call: ApiCall) => FakeReply | Promise<FakeReply>) {
  return fakeApi((call) => {
    if (call.path === '/api/shop/products/facets') return ok({ categories: [], brands: [] });
    if (call.path === '/api/shop/products/get') {
      const page = Number(call.query.page ?? 1);
      return okList(page === 1 ? [ibuprofen, nicotine, vitamin, codeine] : [pageTwo], { total: 5, page, limit: 4 });
    }
    if (call.path === '/api/shop/safety/check') {
      if (check) return check(call);
      const ids = (call.body as { productIds: string[] }).productIds;
      return okList(ids.map((id) => answers[id]), { unrecognisedTerms: [] });
    }
    return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found.' } };
  });
}
const checks = (calls: ApiCall[]) => calls.filter((c) => c.path === '/api/shop/safety/check').map((c) => (c.body as { productIds: string[] }).productIds);
const card = (title: string) => within(screen.getByRole('list', { name: 'Products' })).getByRole('link', { name: title }).closest('li')!;

describe('safety on listing cards', () => {
  it('asks once for the whole page, keeps each card’s line reserved until the answer comes, then shows badges with their reasons', async () => {
    const user = userEvent.setup();
    const answer = deferred<FakeReply>();
    const { calls } = serve(() => answer.promise);
    renderWithStore(<ProductListing />, { url: '/pharmacy/products', user: shopper });
    await screen.findByRole('list', { name: 'Products' });
    // every card already holds the line the badge will take
    expect(screen.getAllByTestId('card-safety')).toHaveLength(4);
    await waitFor(() => expect(checks(calls)).toEqual([['ibu', 'nic', 'vit', 'cod']]));

    answer.resolve(okList(['ibu', 'nic', 'vit', 'cod'].map((id) => answers[id]), { unrecognisedTerms: [] }));
    const allergy = await within(card('Ibuprofen Tablets')).findByText('Check: allergy');
    const summary = allergy.closest('summary')!;
    expect(summary).toHaveAccessibleName('Check: allergy for Ibuprofen Tablets: show why');
    expect(within(card('Ibuprofen Tablets')).getByText(NSAID)).not.toBeVisible();
    await user.click(summary);
    expect(within(card('Ibuprofen Tablets')).getByText(NSAID)).toBeVisible();

    expect(within(card('Nicotine Gum')).getByText('Not for you: age')).toBeInTheDocument();
    expect(within(card('Nicotine Gum')).getByText('You must be at least 18 to buy this.')).toBeInTheDocument();
    expect(within(card('Nicotine Gum')).getByTestId('add-to-cart')).toHaveAttribute('data-safety', 'UNDER_AGE');
    expect(within(card('Vitamin C')).queryByText(/Check:|Not for you/)).not.toBeInTheDocument();
    expect(within(card('Co-codamol')).getByText('Prescription only: how to get it')).toBeInTheDocument();
    expect(checks(calls)).toHaveLength(1);
  });

  it('an unknown age is never "Not for you": the card leaves the date of birth to its Add to cart', async () => {
    const noDob = { ...shopper, DOB: undefined };
    serve((call) =>
      okList(
        (call.body as { productIds: string[] }).productIds.map((id) =>
          id === 'nic' ? { productId: 'nic', warnings: [], blocked: { code: 'NO_DOB' as const, message: safetyBlockMessage('NO_DOB', 18) } } : answers[id],
        ),
        { unrecognisedTerms: [] },
      ),
    );
    renderWithStore(<ProductListing />, { url: '/pharmacy/products', user: noDob });
    await waitFor(() => expect(within(card('Nicotine Gum')).getByTestId('add-to-cart')).toHaveAttribute('data-safety', 'NO_DOB'));
    expect(within(card('Nicotine Gum')).queryByText(/Not for you/)).not.toBeInTheDocument();
    expect(within(card('Ibuprofen Tablets')).getByText('Check: allergy')).toBeInTheDocument();
  });

  it('keeps answers for the session: another page asks only its new products, coming back asks nothing', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderWithStore(<ProductListing />, { url: '/pharmacy/products', user: shopper });
    await screen.findByText('Check: allergy');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('link', { name: 'Zinc Lozenges' });
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await screen.findByText('Check: allergy');
    expect(checks(calls)).toEqual([['ibu', 'nic', 'vit', 'cod'], ['zinc']]);
  });

  it('asks again when the health profile changes, and stops at sign-out (a visitor sees no personal badge)', async () => {
    const { calls } = serve();
    const { store } = renderWithStore(<ProductListing />, { url: '/pharmacy/products', user: shopper });
    await screen.findByText('Check: allergy');

    act(() => {
      store.dispatch(updateUserSuccess({ ...shopper, allergies: ['Penicillin', 'NSAIDs'] }));
    });
    await waitFor(() => expect(checks(calls)).toHaveLength(2));
    expect(checks(calls)[1]).toEqual(expect.arrayContaining(['ibu', 'nic', 'vit', 'cod']));
    await screen.findByText('Check: allergy');

    act(() => {
      store.dispatch(signOutSuccess());
    });
    await waitFor(() => expect(screen.queryByText('Check: allergy')).not.toBeInTheDocument());
    expect(screen.queryByText('Not for you: age')).not.toBeInTheDocument();
    expect(checks(calls)).toHaveLength(2);
  });

  it('while the sign-in check runs, nothing is asked and no line reserved; the shopper’s answer follows the check', async () => {
    const { calls } = serve();
    const { store } = renderWithStore(<ProductListing />, { url: '/pharmacy/products', user: null });
    act(() => {
      store.dispatch({ type: checkAuth.pending.type });
    });
    await screen.findByRole('list', { name: 'Products' });
    expect(screen.getAllByTestId('card-safety')).toHaveLength(1); // the prescription route only
    expect(checks(calls)).toEqual([]);
    act(() => {
      store.dispatch(setUser(shopper));
    });
    await screen.findByText('Check: allergy');
    expect(checks(calls)).toEqual([['ibu', 'nic', 'vit', 'cod']]);
  });

  it('a visitor is asked nothing; a prescription-only card opens to the route to get it', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderWithStore(<ProductListing />, { url: '/pharmacy/products', user: null });
    await screen.findByRole('list', { name: 'Products' });
    await user.click(within(card('Co-codamol')).getByText('Prescription only: how to get it'));
    expect(within(card('Co-codamol')).getByText(PRESCRIPTION_ROUTE)).toBeVisible();
    expect(within(card('Co-codamol')).getByTestId('add-to-cart')).toHaveAttribute('data-safety', 'PRESCRIPTION_REQUIRED');
    expect(within(card('Vitamin C')).getByTestId('add-to-cart')).toHaveAttribute('data-safety', 'ok');
    // no line is reserved for an answer that will not come
    expect(screen.getAllByTestId('card-safety')).toHaveLength(1);
    expect(checks(calls)).toEqual([]);
  });
});

describe('the card badge’s words', () => {
  const warning = (kind: 'allergy' | 'condition', message: string) => ({ kind, productTerm: 'x', profileTerm: 'y', message });
  it('names the kind, counts when both kinds would not fit a phone’s card, and puts an age block first', () => {
    expect(badgeText({ productId: 'a', blocked: null, warnings: [warning('condition', 'c1')] })).toEqual({ text: 'Check: condition', tone: 'warning' });
    expect(badgeText({ productId: 'a', blocked: null, warnings: [warning('allergy', 'a1'), warning('allergy', 'a2')] })).toEqual({ text: 'Check: allergy', tone: 'warning' });
    expect(badgeText({ productId: 'a', blocked: null, warnings: [warning('allergy', 'a1'), warning('condition', 'c1')] })).toEqual({ text: 'Check: 2 warnings', tone: 'warning' });
    expect(badgeText({ productId: 'a', blocked: { code: 'UNDER_AGE', message: 'm' }, warnings: [warning('allergy', 'a1')] })).toEqual({ text: 'Not for you: age', tone: 'danger' });
    expect(badgeText({ productId: 'a', blocked: { code: 'PRESCRIPTION_REQUIRED', message: 'm' }, warnings: [] })).toBeNull();
  });

  it('never says "Not for you" to a shopper whose age is unknown: the card asks for the date of birth instead', () => {
    const noDob = { code: 'NO_DOB' as const, message: safetyBlockMessage('NO_DOB', 16) };
    expect(badgeText({ productId: 'a', blocked: noDob, warnings: [] })).toBeNull();
    expect(badgeText({ productId: 'a', blocked: noDob, warnings: [warning('allergy', 'a1')] })).toEqual({ text: 'Check: allergy', tone: 'warning' });
  });
});
