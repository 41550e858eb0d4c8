import { signOutSuccess } from '@pharmacy/session';
import { makeOrder, makeProduct, makeStats, USERS } from './fixtures';
import { adminReducer, type AdminState } from '../src/state/module';
import { usersActions } from '../src/users/slice';
import { ordersActions } from '../src/orders/slice';
import { productsActions } from '../src/products/slice';
import { dashboardActions } from '../src/dashboard/slice';

const initial = (): AdminState => adminReducer(undefined, { type: '@@init' });
const run = (...actions: Array<{ type: string }>) => actions.reduce<AdminState>((s, a) => adminReducer(s, a), initial());

const order = makeOrder({ _id: 'o-1', orderStatus: 'confirmed', paymentStatus: 'paid' });
const product = makeProduct({ _id: 'p-1', title: 'Plasters' });

describe('every list fetch empties its list on failure', () => {
  it('users', () => {
    const s = run(usersActions.fetchUsersSucceeded(USERS), usersActions.fetchUsers(), usersActions.fetchUsersFailed());
    expect(s.users.list).toEqual([]);
    expect(s.users.loading).toBe(false);
  });
  it('orders', () => {
    const s = run(ordersActions.fetchOrdersSucceeded({ items: [order], total: 1, page: 1, limit: 20 }), ordersActions.fetchOrders(), ordersActions.fetchOrdersFailed());
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
    const all = run(ordersActions.fetchOrdersSucceeded({ items: [order], total: 1, page: 1, limit: 20 }), ordersActions.fetchOrderDetailsSucceeded(order), ordersActions.updateOrderSucceeded(moved));
    expect(all.orders.details?.orderStatus).toBe('inProcess');
    expect(all.orders.list[0].orderStatus).toBe('inProcess');

    const filtered = run(
      ordersActions.fetchOrders({ status: 'confirmed' }),
      ordersActions.fetchOrdersSucceeded({ items: [order], total: 1, page: 1, limit: 20 }),
      ordersActions.updateOrderSucceeded(moved),
    );
    expect(filtered.orders.list).toEqual([]);
    expect(filtered.orders.total).toBe(0);
  });
});

it('forgets every customer record when the admin signs out', () => {
  const s = run(usersActions.fetchUsersSucceeded(USERS), ordersActions.fetchOrderDetailsSucceeded(order), signOutSuccess());
  expect(s).toEqual(initial());
});
