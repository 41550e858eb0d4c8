import { approveSandbox, createHarness, prepareShopper, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

type Res = Awaited<ReturnType<Harness['app']['inject']>>;
const seen: string[] = [];
const expectNoStore = (label: string, res: Res) => {
  seen.push(label);
  expect([label, res.statusCode < 500, res.headers['cache-control']]).toEqual([label, true, 'no-store']);
  return res;
};

it('every cart, address, order, payment-return and admin-order answer is Cache-Control: no-store', async () => {
  const user = 'u-nostore';
  const as = h.as(user);
  const admin = h.as('admin-nostore', true);
  const product = await h.addProduct({ price: 6, totalStock: 20 });
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string> = as, payload?: object) =>
    h.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  expectNoStore('cart add', await inject('POST', '/api/shop/cart/add', as, { userId: user, productId: product, quantity: 2 }));
  expectNoStore('cart get', await inject('GET', `/api/shop/cart/get/${user}`));
  expectNoStore('cart update', await inject('PUT', '/api/shop/cart/update-cart', as, { userId: user, productId: product, quantity: 1 }));
  expectNoStore('cart merge', await inject('POST', '/api/shop/cart/merge', as, { items: [{ productId: product, quantity: 1 }] }));
  expectNoStore('cart quote', await inject('POST', '/api/shop/cart/quote', {}, { items: [{ productId: product, quantity: 1 }] }));
  expectNoStore('cart item delete', await inject('DELETE', `/api/shop/cart/${user}/${product}`));
  expectNoStore('cart clear', await inject('DELETE', `/api/shop/cart/clear/${user}`));
  expectNoStore('cart signed out', await inject('GET', `/api/shop/cart/get/${user}`, {}));

  const addressId = await prepareShopper(h, user, [{ productId: product, quantity: 1 }]);
  expectNoStore('address list', await inject('GET', `/api/shop/address/get/${user}`));
  expectNoStore('address add', await inject('POST', '/api/shop/address/add', as, { fullName: 'Ada Lovelace', line1: '2 Side Street', city: 'Leeds', postalCode: 'LS1 1AA', phone: '+44 20 7946 0001' }));
  expectNoStore('address update', await inject('PUT', `/api/shop/address/update/${user}/${addressId}`, as, { city: 'York' }));

  const created = expectNoStore('order create', await inject('POST', '/api/shop/order/create', as, { addressId })).json().data;
  const orderId = created.orderId as string;
  const approvePath = new URL(created.approvalURL).pathname;
  expectNoStore('sandbox approval page', await inject('GET', approvePath, {}));
  const { paymentId, payerId } = await approveSandbox(h, created.approvalURL);
  expectNoStore('order capture (payment return)', await inject('POST', '/api/shop/order/capture', as, { paymentId, payerId, orderId }));
  expectNoStore('order list', await inject('GET', `/api/shop/order/list/${user}`));
  expectNoStore('order details', await inject('GET', `/api/shop/order/details/${orderId}`));
  expectNoStore('order cancel', await inject('POST', '/api/shop/order/cancel', as, { orderId }));

  expectNoStore('admin orders', await inject('GET', '/api/admin/orders/get', admin));
  expectNoStore('admin order details', await inject('GET', `/api/admin/orders/details/${orderId}`, admin));
  expectNoStore('admin order stats', await inject('GET', '/api/admin/orders/stats', admin));
  expectNoStore('admin order status', await inject('PUT', `/api/admin/orders/update/${orderId}`, admin, { orderStatus: 'inProcess' }));
  expectNoStore('admin payment status', await inject('PUT', `/api/admin/orders/payment/${orderId}`, admin, { paymentStatus: 'refunded' }));
  expectNoStore('address delete', await inject('DELETE', `/api/shop/address/delete/${user}/${addressId}`));
  expect(seen).toHaveLength(23);
});
