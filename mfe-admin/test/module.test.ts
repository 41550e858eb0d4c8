import { checkAuth, signOutSuccess } from '@pharmacy/session';
import { makeHeldOrder, makeOrder, makeProduct, makeStats, USERS } from './fixtures';
import { adminReducer, type AdminState } from '../src/state/module';
import { usersActions } from '../src/users/slice';
import { ordersActions } from '../src/orders/slice';
import { productsActions } from '../src/products/slice';
import { dashboardActions } from '../src/dashboard/slice';
import { recognitionActions } from '../src/safety/slice';
import { termsToCheck } from '../src/safety/terms';

const initial = (): AdminState => adminReducer(undefined, { type: '@@init' });
const run = (...actions: Array<{ type: string }>) => actions.reduce<AdminState>((s, a) => adminReducer(s, a), initial());

const order = makeOrder({ _id: 'o-1', orderStatus: 'confirmed', paymentStatus: 'paid' });
const product = makeProduct({ _id: 'p-1', title: 'Plasters' });

describe('every list fetch empties its list on failure', () => {
  it('users', () => {
    const s = run(usersActions.fetchUsersSucceeded({ items: USERS, total: 3, page: 1, limit: 20 }), usersActions.fetchUsers(), usersActions.fetchUsersFailed());
    expect(s.users.list).toEqual([]);
    expect(s.users.loading).toBe(false);
  });
  it('orders', () => {
    const s = run(ordersActions.fetchOrdersSucceeded({ items: [order], total: 1, page: 1, limit: 20, awaitingReview: 0 }), ordersActions.fetchOrders(), ordersActions.fetchOrdersFailed());
    expect(s.orders.list).toEqual([]);
    expect(s.orders.total).toBe(0);
  });
  it('products', () => {
    const s = run(productsActions.fetchProductsSucceeded({ items: [product], total: 1, page: 1, limit: 24 }), productsActions.fetchProductsFailed());
    expect(s.products.list).toEqual([]);
    expect(s.products.total).toBe(0);
  });
  it('dashboard lists (low stock, feature images)', () => {
    const s = run(
      dashboardActions.fetchLowStockSucceeded([product]),
      dashboardActions.fetchFeaturesSucceeded([{ _id: 'f-1', image: '/api/media/x', createdAt: '2024-01-01T00:00:00.000Z' }]),
      dashboardActions.fetchLowStockFailed(),
      dashboardActions.fetchFeaturesFailed(),
    );
    expect(s.dashboard.lowStock).toEqual([]);
    expect(s.dashboard.features).toEqual([]);
  });
});

describe('details reset to null on reset or failure', () => {
  it.each([
    ['user details, reset', usersActions.resetUserDetails()],
    ['user details, failure', usersActions.fetchUserDetailsFailed()],
  ])('%s', (_name, action) => {
    const s = run(usersActions.fetchUserDetailsSucceeded(USERS[0]), action);
    expect(s.users.details).toBeNull();
  });

  it.each([
    ['order details, reset', ordersActions.resetOrderDetails()],
    ['order details, failure', ordersActions.fetchOrderDetailsFailed()],
  ])('%s', (_name, action) => {
    const s = run(ordersActions.fetchOrderDetailsSucceeded(order), action);
    expect(s.orders.details).toBeNull();
  });

  it('a new details fetch starts from null, never showing the previous record', () => {
    expect(run(usersActions.fetchUserDetailsSucceeded(USERS[0]), usersActions.fetchUserDetails('u-2')).users.details).toBeNull();
    expect(run(ordersActions.fetchOrderDetailsSucceeded(order), ordersActions.fetchOrderDetails('o-2')).orders.details).toBeNull();
  });

  it('the dashboard figures reset to null on failure', () => {
    expect(run(dashboardActions.fetchStatsSucceeded(makeStats()), dashboardActions.fetchStatsFailed()).dashboard.stats).toBeNull();
  });
});

describe('orders after a status change', () => {
  it('updates the open details and the row; a row leaving the status filter leaves the table', () => {
    const moved = { ...order, orderStatus: 'inProcess' as const };
    const all = run(ordersActions.fetchOrdersSucceeded({ items: [order], total: 1, page: 1, limit: 20, awaitingReview: 0 }), ordersActions.fetchOrderDetailsSucceeded(order), ordersActions.updateOrderSucceeded(moved));
    expect(all.orders.details?.orderStatus).toBe('inProcess');
    expect(all.orders.list[0].orderStatus).toBe('inProcess');

    const filtered = run(
      ordersActions.fetchOrders({ status: 'confirmed' }),
      ordersActions.fetchOrdersSucceeded({ items: [order], total: 1, page: 1, limit: 20, awaitingReview: 0 }),
      ordersActions.updateOrderSucceeded(moved),
    );
    expect(filtered.orders.list).toEqual([]);
    expect(filtered.orders.total).toBe(0);
  });
});

describe('orders after a pharmacist decision', () => {
  const held = makeHeldOrder({ _id: 'o-held' });
  const approved = { ...held, orderStatus: 'inProcess' as const, review: { ...held.review, status: 'approved' as const } };

  it('counts one less in the queue, and the row leaves the awaiting filter', () => {
    const s = run(
      ordersActions.fetchOrders({ review: 'awaiting' }),
      ordersActions.fetchOrdersSucceeded({ items: [held], total: 1, page: 1, limit: 20, awaitingReview: 3 }),
      ordersActions.reviewOrder({ id: 'o-held', decision: { decision: 'approve' } }),
      ordersActions.reviewOrderSucceeded(approved),
    );
    expect(s.orders.awaitingReview).toBe(2);
    expect(s.orders.list).toEqual([]);
    expect(s.orders.deciding).toBeNull();
  });

  it('keeps the failure’s words until the next decision or dialog', () => {
    const failed = run(ordersActions.fetchOrderDetailsSucceeded(held), ordersActions.reviewOrder({ id: 'o-held', decision: { decision: 'reject', reason: 'Not safe.' } }), ordersActions.reviewOrderFailed('Refund could not be made; try again.'));
    expect(failed.orders.decisionError).toBe('Refund could not be made; try again.');
    expect(failed.orders.details?.review.status).toBe('awaiting');
    expect(adminReducer(failed, ordersActions.resetOrderDetails()).orders.decisionError).toBeNull();
  });
});

describe('health term recognition', () => {
  const asked = termsToCheck(['NSAIDs', ' nsaids ', '', 'x'.repeat(81), 'Moonflower pollen']);

  it('asks about each term once, within the call’s limits', () => {
    expect(asked).toEqual(['NSAIDs', 'Moonflower pollen']);
    expect(termsToCheck(Array.from({ length: 70 }, (_, i) => `term ${i}`))).toHaveLength(60);
  });

  it('forgets the terms when the dialog closes, and drops an answer that arrives after', () => {
    const answer = [{ term: 'NSAIDs', recognised: true }, { term: 'Moonflower pollen', recognised: false }];
    const known = run(recognitionActions.recognise(asked), recognitionActions.recogniseSucceeded({ terms: asked, answer }));
    expect(known.recognition.known).toEqual({ nsaids: true, 'moonflower pollen': false });
    expect(adminReducer(known, usersActions.resetUserDetails()).recognition).toEqual(initial().recognition);
    expect(adminReducer(known, ordersActions.resetOrderDetails()).recognition).toEqual(initial().recognition);

    const late = run(recognitionActions.recognise(asked), ordersActions.resetOrderDetails(), recognitionActions.recogniseSucceeded({ terms: asked, answer }));
    expect(late.recognition.known).toBeNull();
  });
});

const customerRecords = [
  usersActions.fetchUsersSucceeded({ items: USERS, total: 3, page: 1, limit: 20 }),
  ordersActions.fetchOrderDetailsSucceeded(order),
  ordersActions.fetchCustomerSucceeded(USERS[0]),
  recognitionActions.recognise(['Penicillin']),
  recognitionActions.recogniseSucceeded({ terms: ['Penicillin'], answer: [{ term: 'Penicillin', recognised: true }] }),
];

it('forgets every customer record when the admin signs out', () => {
  expect(run(...customerRecords, signOutSuccess())).toEqual(initial());
});

it("forgets every customer record when a check finds the admin's session ended, but not when the check gets no answer", () => {
  expect(run(...customerRecords, checkAuth.rejected(null, 'r', undefined, 'Please sign in to continue.'))).toEqual(initial());
  const unanswered = run(...customerRecords, checkAuth.fulfilled({ success: false, user: null, unreachable: true, message: 'x' }, 'r'));
  expect(unanswered.users).toEqual(run(...customerRecords).users);
});
