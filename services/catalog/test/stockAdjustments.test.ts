import { as, buildTestCatalog, internal, product, type TestCatalog } from './helpers';
import { PRODUCTS, type ProductDoc } from '../src/products/model';

let t: TestCatalog;
beforeEach(async () => {
  t = await buildTestCatalog({
    products: [
      product({ id: 'shelf', title: 'Saline Nasal Spray', totalStock: 50 }),
      product({ id: 'para', title: 'Paracetamol 500mg', totalStock: 100, maxPerOrder: 2 }),
    ],
  });
});
afterEach(() => t.close());

const admin = as('admin-1', true);
const adjust = (payload: object, id = 'shelf', headers: Record<string, string> = admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/products/${id}/stock`, headers, payload });
const stockView = async (id = 'shelf') => (await t.app.inject({ url: `/api/admin/products/${id}/stock`, headers: admin })).json().data;
const available = async (id = 'shelf') => (await t.store.collection<ProductDoc>(PRODUCTS).findOne({ _id: id }))!.totalStock;
const reserve = (reservationId: string, productId: string, quantity: number) =>
  t.app.inject({
    method: 'POST',
    url: '/internal/catalog/stock/reserve',
    headers: internal(t.internalToken),
    payload: { reservationId, items: [{ productId, quantity }] },
  });

describe('POST /api/admin/products/{id}/stock', () => {
  it('adds +25 received and removes -5 damaged, and the shop shows the new count at once', async () => {
    const received = await adjust({ delta: 25, reason: 'received', note: 'Delivery 4411' });
    expect(received.statusCode).toBe(200);
    expect(received.json()).toMatchObject({ success: true, message: 'Stock increased by 25: 75 available.', data: { available: 75 } });
    const damaged = await adjust({ delta: -5, reason: 'damaged' });
    expect(damaged.statusCode).toBe(200);
    expect(damaged.json().data.available).toBe(70);
    expect(await available()).toBe(70);
    expect((await t.app.inject('/api/shop/products/get/shelf')).json().data.totalStock).toBe(70);
  });

  it('refuses to take available below zero with 409 saying how many are available, and changes nothing', async () => {
    expect((await reserve('r1', 'shelf', 10)).statusCode).toBe(200);
    const res = await adjust({ delta: -41, reason: 'count correction' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'STOCK_INSUFFICIENT' });
    expect(res.json().message).toBe('Only 40 units of lot Opening stock on the shelf, so 41 units cannot be removed (held and sold units are not on the shelf count).');
    expect(await available()).toBe(40);
    expect((await stockView()).history).toHaveLength(0);
    // Exactly what is available can be removed.
    expect((await adjust({ delta: -40, reason: 'count correction' })).json().data.available).toBe(0);
  });

  it('never loses an update when adjustments and shoppers\' reservations race', async () => {
    // 50 on the shelf; 30 shoppers reserve 1 each while staff add 5 x +10 and remove 5 x -2, all at once.
    const requests = [
      ...Array.from({ length: 30 }, (_, i) => reserve(`race-${i}`, 'shelf', 1)),
      ...Array.from({ length: 5 }, () => adjust({ delta: 10, reason: 'received' })),
      ...Array.from({ length: 5 }, () => adjust({ delta: -2, reason: 'damaged' })),
    ].sort(() => Math.random() - 0.5);
    const results = await Promise.all(requests);
    expect(results.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
    expect(await available()).toBe(50 - 30 + 50 - 10);
    const view = await stockView();
    expect(view).toMatchObject({ available: 60, reserved: 30, sold: 0 });
    expect(view.history).toHaveLength(10);
    const deltas = view.history.map((h: { delta: number }) => h.delta);
    expect(deltas.reduce((a: number, b: number) => a + b, 0)).toBe(40);
    expect(deltas.filter((d: number) => d === 10)).toHaveLength(5);
  });

  it('keeps a history of who, when, how many, why and the count left, newest first', async () => {
    const before = Date.now();
    await adjust({ delta: 12, reason: 'received', note: '  Wholesaler order 77  ' });
    await adjust({ delta: -3, reason: 'damaged', note: 'Crushed in transit' }, 'shelf', as('admin-2', true));
    await adjust({ delta: 1, reason: 'returned' });
    await adjust({ delta: -2, reason: 'count correction' });
    const { history } = await stockView();
    expect(history.map(({ by, delta, reason, note, availableAfter }: Record<string, unknown>) => ({ by, delta, reason, note, availableAfter }))).toEqual([
      { by: 'admin-1', delta: -2, reason: 'count correction', note: '', availableAfter: 58 },
      { by: 'admin-1', delta: 1, reason: 'returned', note: '', availableAfter: 60 },
      { by: 'admin-2', delta: -3, reason: 'damaged', note: 'Crushed in transit', availableAfter: 59 },
      { by: 'admin-1', delta: 12, reason: 'received', note: 'Wholesaler order 77', availableAfter: 62 },
    ]);
    for (const h of history) expect(Date.parse(h.at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('names the member of staff as their token named them then; a line kept before names reads by id', async () => {
    await adjust({ delta: 4, reason: 'received' }, 'shelf', as('staff-priya', ['catalogue'], 'Priya Shah'));
    await t.store.collection('stock_history').insertOne({
      _id: 'older-line', productId: 'shelf', by: 'admin-0', at: new Date('2024-01-01'), state: 'applied', seq: -1, delta: 1, reason: 'received', note: '', availableAfter: 50,
    });
    const { history } = await stockView();
    expect(history[0]).toMatchObject({ by: 'staff-priya', byName: 'Priya Shah', delta: 4, availableAfter: 54 });
    expect(history.at(-1)).toMatchObject({ _id: 'older-line', by: 'admin-0' });
    expect(history.at(-1)).not.toHaveProperty('byName');
  });

  it('validates the adjustment', async () => {
    const cases: Array<[object, number, string]> = [
      [{ delta: 0, reason: 'received' }, 400, 'at least 1 unit'],
      [{ delta: 5, reason: 'stolen' }, 400, ''],
      [{ delta: 2.5, reason: 'received' }, 400, ''],
      [{ delta: '5', reason: 'received', note: 'x' }, 400, ''],
      [{ delta: 5, reason: 'received', note: 'x'.repeat(201) }, 400, ''],
      [{ delta: 5 }, 400, ''],
      [{ delta: 5, reason: 'received', totalStock: 100 }, 400, 'Unknown field'],
      [{ delta: { $gt: 0 }, reason: 'received' }, 400, ''],
    ];
    for (const [payload, status, words] of cases) {
      const res = await adjust(payload);
      expect([JSON.stringify(payload), res.statusCode]).toEqual([JSON.stringify(payload), status]);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toContain(words);
    }
    expect(await available()).toBe(50);
    const missing = await adjust({ delta: 5, reason: 'received' }, 'gone');
    expect(missing.statusCode).toBe(404);
  });

  it('is for staff only: 401 for visitors, 403 for shoppers, and nothing moves', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/products/shelf/stock', payload: { delta: 5, reason: 'received' } })).statusCode).toBe(401);
    const shopper = await adjust({ delta: 5, reason: 'received' }, 'shelf', as('user-1'));
    expect(shopper.statusCode).toBe(403);
    expect(shopper.json().code).toBe('FORBIDDEN');
    expect((await t.app.inject({ url: '/api/admin/products/shelf/stock', headers: as('user-1') })).statusCode).toBe(403);
    expect(await available()).toBe(50);
  });

  it('does not raise the product\'s version, so an open product form stays valid', async () => {
    await adjust({ delta: 10, reason: 'received' });
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/products/edit/shelf', headers: admin, payload: { description: 'Isotonic.', version: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ totalStock: 60, version: 2 });
  });
});

describe('GET /api/admin/products/{id}/stock', () => {
  it('shows available, reserved (unpaid orders) and sold (paid orders)', async () => {
    await reserve('paid', 'shelf', 8);
    await t.app.inject({ method: 'POST', url: '/internal/catalog/stock/commit', headers: internal(t.internalToken), payload: { reservationId: 'paid' } });
    await reserve('waiting', 'shelf', 6);
    await reserve('cancelled', 'shelf', 4);
    await t.app.inject({ method: 'POST', url: '/internal/catalog/stock/release', headers: internal(t.internalToken), payload: { reservationId: 'cancelled' } });
    await reserve('other', 'para', 2);
    expect(await stockView()).toEqual({
      productId: 'shelf',
      available: 36,
      reserved: 6,
      sold: 8,
      batches: [expect.objectContaining({ lot: 'Opening stock', expiresOn: '9999-12-31', state: 'sellable', received: 50, remaining: 36, reserved: 6 })],
      history: [],
    });
    expect((await t.app.inject({ url: '/api/admin/products/gone/stock', headers: admin })).statusCode).toBe(404);
  });

  it('stops counting a refunded order as sold; its units stay off the shelf', async () => {
    const stockCall = (action: string, reservationId: string) =>
      t.app.inject({ method: 'POST', url: `/internal/catalog/stock/${action}`, headers: internal(t.internalToken), payload: { reservationId } });
    await reserve('paid', 'shelf', 8);
    await stockCall('commit', 'paid');
    await reserve('refunded-later', 'shelf', 3);
    await stockCall('commit', 'refunded-later');
    expect(await stockView()).toMatchObject({ available: 39, reserved: 0, sold: 11 });

    const refund = await stockCall('refund', 'refunded-later');
    expect(refund.statusCode).toBe(200);
    expect(refund.json().data.status).toBe('refunded');
    expect(await stockView()).toMatchObject({ available: 39, reserved: 0, sold: 8 });
    // Repeated (checkout retries until it hears back): the same answer, nothing counted twice.
    expect((await stockCall('refund', 'refunded-later')).json().data.status).toBe('refunded');
    // A refunded sale cannot be released (that would put units back twice), and a late commit changes nothing.
    expect((await stockCall('release', 'refunded-later')).json().code).toBe('RESERVATION_COMMITTED');
    expect((await stockCall('commit', 'refunded-later')).json().data.status).toBe('refunded');
    // A paid order whose commit had not arrived is refunded from reserved; a released one has no sale to refund.
    await reserve('uncommitted', 'shelf', 2);
    expect((await stockCall('refund', 'uncommitted')).json().data.status).toBe('refunded');
    await reserve('cancelled', 'shelf', 1);
    await stockCall('release', 'cancelled');
    const released = await stockCall('refund', 'cancelled');
    expect(released.statusCode).toBe(409);
    expect(released.json().code).toBe('RESERVATION_RELEASED');
    expect(await stockView()).toMatchObject({ available: 37, reserved: 0, sold: 8 });
  });

  it('starts the history of a product added by staff with its initial stock', async () => {
    const image = (await t.blobs.put(Buffer.from('png'), { contentType: 'image/png' })).id;
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/add',
      headers: admin,
      payload: { title: 'Zinc Lozenges', description: 'Sore throat.', category: 'cold-and-flu', brand: 'CareWell', price: 3, totalStock: 40, image },
    });
    expect(added.statusCode).toBe(200);
    const id = added.json().data._id;
    expect(added.json().data.version).toBe(1);
    await adjust({ delta: -4, reason: 'damaged' }, id);
    const view = await stockView(id);
    expect(view).toMatchObject({ available: 36, reserved: 0, sold: 0 });
    expect(view.history.map((h: { delta: number; reason: string; availableAfter: number; by: string }) => [h.delta, h.reason, h.availableAfter, h.by])).toEqual([
      [-4, 'damaged', 36, 'admin-1'],
      [40, 'initial stock', 40, 'admin-1'],
    ]);
  });
});

describe('default cap per order', () => {
  it('caps a product without maxPerOrder at 10: 10 reserve, 11 are refused with a clear message', async () => {
    const eleven = await reserve('big', 'shelf', 11);
    expect(eleven.statusCode).toBe(422);
    expect(eleven.json()).toMatchObject({ success: false, code: 'MAX_PER_ORDER', message: 'Saline Nasal Spray is limited to 10 per order.' });
    expect(await available()).toBe(50);
    expect((await reserve('ten', 'shelf', 10)).statusCode).toBe(200);
    expect(await available()).toBe(40);
  });

  it('quotes 11 as unavailable and gives checkout the effective cap of 10; a product\'s own cap still wins', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/internal/catalog/products/quote',
      headers: internal(t.internalToken),
      payload: { items: [{ productId: 'shelf', quantity: 11 }, { productId: 'shelf', quantity: 10 }, { productId: 'para', quantity: 3 }] },
    });
    const [eleven, ten, para] = res.json().data.items;
    expect(eleven).toMatchObject({ available: false, reasonCode: 'MAX_PER_ORDER', reason: 'Saline Nasal Spray is limited to 10 per order.', maxPerOrder: 10 });
    expect(ten).toMatchObject({ available: true, maxPerOrder: 10 });
    expect(para).toMatchObject({ available: false, reasonCode: 'MAX_PER_ORDER', maxPerOrder: 2 });
    // Staff still see the product's own setting (none), so saving the form does not pin the default.
    expect((await t.app.inject('/api/shop/products/get/shelf')).json().data.maxPerOrder).toBeNull();
  });
});
