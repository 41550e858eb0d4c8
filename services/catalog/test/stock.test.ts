import { buildTestCatalog, internal, product, type TestCatalog } from './helpers';
import { PRODUCTS, type ProductDoc } from '../src/products/model';
import { RESERVATIONS } from '../src/stock/service';

let t: TestCatalog;
beforeEach(async () => {
  t = await buildTestCatalog({
    products: [
      product({ id: 'ten', title: 'Ten In Stock', totalStock: 10, price: 2.5 }),
      product({ id: 'five', title: 'Five In Stock', totalStock: 5, price: 4, salePrice: 3 }),
      product({ id: 'one', title: 'Last One', totalStock: 1, price: 9.99 }),
      product({ id: 'para', title: 'Paracetamol 500mg', totalStock: 100, price: 1.49, maxPerOrder: 2 }),
      product({ id: 'rx', title: 'Prescription Cream', totalStock: 10, price: 18.5, requiresPrescription: true }),
    ],
  });
});
afterEach(() => t.close());

const post = (url: string, payload: unknown, token = t.internalToken) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: internal(token) });
const reserve = (reservationId: string, items: Array<{ productId: string; quantity: number }>) =>
  post('/internal/catalog/stock/reserve', { reservationId, items });
const stockOf = async (id: string) => (await t.store.collection<ProductDoc>(PRODUCTS).findOne({ _id: id }))!.totalStock;

describe('internal routes', () => {
  it('refuse callers without the internal token', async () => {
    expect((await post('/internal/catalog/stock/reserve', { reservationId: 'r1', items: [{ productId: 'ten', quantity: 1 }] }, 'wrong')).statusCode).toBe(403);
    expect((await t.app.inject('/internal/catalog/products/lookup?ids=ten')).statusCode).toBe(403);
    expect(await stockOf('ten')).toBe(10);
  });
});

describe('POST /internal/catalog/stock/reserve', () => {
  it('takes stock and records the reservation', async () => {
    const res = await reserve('r1', [{ productId: 'ten', quantity: 3 }, { productId: 'five', quantity: 2 }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ reservationId: 'r1', status: 'reserved', items: [{ productId: 'ten', quantity: 3 }, { productId: 'five', quantity: 2 }] });
    expect(await stockOf('ten')).toBe(7);
    expect(await stockOf('five')).toBe(3);
    const doc = await t.store.collection(RESERVATIONS).findOne({ _id: 'r1' });
    expect(doc).toMatchObject({ status: 'reserved' });
    expect(doc!.createdAt).toBeInstanceOf(Date);
    // the public listing shows the new stock at once
    const listed = (await t.app.inject('/api/shop/products/get/ten')).json().data;
    expect(listed.totalStock).toBe(7);
  });

  it('lets exactly 10 of 100 concurrent reserves of 1 succeed against stock 10, and stock ends at 0', async () => {
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => reserve(`c${i}`, [{ productId: 'ten', quantity: 1 }])));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(90);
    expect(refused[0].json()).toMatchObject({ success: false, code: 'OUT_OF_STOCK' });
    expect(refused[0].json().message).toContain('Ten In Stock');
    expect(await stockOf('ten')).toBe(0);
    expect(await t.store.collection(RESERVATIONS).countDocuments({})).toBe(10);
  });

  it('reserves nothing when one item of several is short, naming that product', async () => {
    const res = await reserve('multi', [
      { productId: 'ten', quantity: 2 },
      { productId: 'five', quantity: 1 },
      { productId: 'one', quantity: 2 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'OUT_OF_STOCK' });
    expect(res.json().message).toContain('Last One');
    expect(await stockOf('ten')).toBe(10);
    expect(await stockOf('five')).toBe(5);
    expect(await stockOf('one')).toBe(1);
    expect(await t.store.collection(RESERVATIONS).countDocuments({})).toBe(0);
    // the id was not burnt: the same order can try again with what is available
    expect((await reserve('multi', [{ productId: 'one', quantity: 1 }])).statusCode).toBe(200);
  });

  it('refuses an unknown product with OUT_OF_STOCK and leaves the rest untouched', async () => {
    const res = await reserve('ghost', [{ productId: 'ten', quantity: 1 }, { productId: 'gone', quantity: 1 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('OUT_OF_STOCK');
    expect(await stockOf('ten')).toBe(10);
  });

  it('is idempotent per reservationId', async () => {
    const items = [{ productId: 'five', quantity: 2 }];
    expect((await reserve('same', items)).statusCode).toBe(200);
    const again = await reserve('same', items);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('reserved');
    expect(await stockOf('five')).toBe(3);
    const concurrent = await Promise.all([reserve('same2', items), reserve('same2', items), reserve('same2', items)]);
    expect(concurrent.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(await stockOf('five')).toBe(1);
  });

  it('refuses a reused id with other items', async () => {
    await reserve('reuse', [{ productId: 'five', quantity: 1 }]);
    const res = await reserve('reuse', [{ productId: 'five', quantity: 2 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('RESERVATION_MISMATCH');
    expect(await stockOf('five')).toBe(4);
  });

  it('sums a product named twice and enforces maxPerOrder', async () => {
    const res = await reserve('twice', [{ productId: 'para', quantity: 2 }, { productId: 'para', quantity: 1 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('MAX_PER_ORDER');
    expect(await stockOf('para')).toBe(100);
  });

  it('validates the body', async () => {
    expect((await reserve('bad', [])).statusCode).toBe(400);
    expect((await reserve('bad', [{ productId: 'ten', quantity: 0 }])).statusCode).toBe(400);
    expect((await reserve('bad', [{ productId: 'ten', quantity: -3 }])).statusCode).toBe(400);
    expect((await post('/internal/catalog/stock/reserve', { reservationId: { $ne: 1 }, items: [{ productId: 'ten', quantity: 1 }] })).statusCode).toBe(400);
    expect(await stockOf('ten')).toBe(10);
  });
});

describe('commit and release', () => {
  it('release gives the stock back exactly once, however often it is called', async () => {
    await reserve('rel', [{ productId: 'ten', quantity: 4 }]);
    const results = await Promise.all([1, 2, 3].map(() => post('/internal/catalog/stock/release', { reservationId: 'rel' })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.every((r) => r.json().data.status === 'released')).toBe(true);
    expect(await stockOf('ten')).toBe(10);
    expect((await post('/internal/catalog/stock/release', { reservationId: 'rel' })).statusCode).toBe(200);
    expect(await stockOf('ten')).toBe(10);
  });

  it('commit is idempotent and a committed reservation cannot be released', async () => {
    await reserve('com', [{ productId: 'five', quantity: 2 }]);
    const first = await post('/internal/catalog/stock/commit', { reservationId: 'com' });
    const second = await post('/internal/catalog/stock/commit', { reservationId: 'com' });
    expect(first.json().data.status).toBe('committed');
    expect(second.statusCode).toBe(200);
    expect(second.json().data.status).toBe('committed');
    const release = await post('/internal/catalog/stock/release', { reservationId: 'com' });
    expect(release.statusCode).toBe(409);
    expect(release.json().code).toBe('RESERVATION_COMMITTED');
    expect(await stockOf('five')).toBe(3);
  });

  it('a released reservation cannot be committed; unknown ids are 404', async () => {
    await reserve('gone', [{ productId: 'five', quantity: 1 }]);
    await post('/internal/catalog/stock/release', { reservationId: 'gone' });
    const commit = await post('/internal/catalog/stock/commit', { reservationId: 'gone' });
    expect(commit.statusCode).toBe(409);
    expect(commit.json().code).toBe('RESERVATION_RELEASED');
    expect((await post('/internal/catalog/stock/commit', { reservationId: 'never' })).statusCode).toBe(404);
    expect((await post('/internal/catalog/stock/release', { reservationId: 'never' })).statusCode).toBe(404);
  });

  it('gives back stock held by a reserve that a crash interrupted, on the next start', async () => {
    const products = t.store.collection<ProductDoc>(PRODUCTS);
    // A take from before batches and proofs: the count moved, the reservation listed it in `applied`.
    await products.updateOne({ _id: 'ten' }, { $inc: { totalStock: -3 }, $unset: { batches: true, stockRevision: true } });
    const now = new Date();
    await t.store.collection(RESERVATIONS).insertOne({
      _id: 'crashed', status: 'pending', applied: ['ten'], createdAt: now, updatedAt: now,
      items: [{ productId: 'ten', quantity: 3 }, { productId: 'five', quantity: 1 }],
    });
    const { buildCatalogService } = await import('../src');
    const { createApp, generateTestKeys } = await import('@pharmacy/service-kit');
    const app2 = await createApp({ publicKey: generateTestKeys().publicKey, logLevel: 'silent' });
    await app2.register(buildCatalogService({ store: t.store, blobs: t.blobs, purchases: t.purchases, internalToken: 'x' }));
    await app2.ready();
    expect(await stockOf('ten')).toBe(10);
    expect(await stockOf('five')).toBe(5);
    expect(await t.store.collection(RESERVATIONS).findOne({ _id: 'crashed' })).toBeNull();
    await app2.close();
  });
});

describe('quote and lookup', () => {
  it('prices a cart from the server, effective price, with availability and reasons', async () => {
    const res = await post('/internal/catalog/products/quote', {
      items: [
        { productId: 'five', quantity: 2 },
        { productId: 'ten', quantity: 11 },
        { productId: 'para', quantity: 3 },
        { productId: 'rx', quantity: 1 },
        { productId: 'gone', quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const { items, totalCents } = res.json().data;
    expect(items[0]).toMatchObject({ productId: 'five', title: 'Five In Stock', unitPriceCents: 300, quantity: 2, lineTotalCents: 600, available: true, totalStock: 5 });
    expect(items[0]).not.toHaveProperty('reason');
    expect(items[1]).toMatchObject({ productId: 'ten', available: false, reasonCode: 'OUT_OF_STOCK', lineTotalCents: 2750 });
    expect(items[2]).toMatchObject({ productId: 'para', available: false, reasonCode: 'MAX_PER_ORDER', maxPerOrder: 2 });
    // Prescription only is checkout's to decide (the shopper's prescriptions): the quote says what it is and prices it.
    expect(items[3]).toMatchObject({ productId: 'rx', available: true, requiresPrescription: true, lineTotalCents: 1850 });
    expect(items[3]).not.toHaveProperty('reasonCode');
    expect(items[4]).toMatchObject({ productId: 'gone', available: false, reasonCode: 'NOT_FOUND', lineTotalCents: 0 });
    expect(totalCents).toBe(600 + 2750 + 447 + 1850);
  });

  it('a quote after a reserve sees the stock the reserve left, though the read model keeps its answer between changes', async () => {
    const quoteTen = async () => (await post('/internal/catalog/products/quote', { items: [{ productId: 'ten', quantity: 8 }] })).json().data.items[0];
    expect(await quoteTen()).toMatchObject({ available: true, totalStock: 10 });
    const kept = t.readModel.get('ten');
    expect(t.readModel.get('ten')).toBe(kept);
    expect(Object.isFrozen(kept)).toBe(true);
    expect((await reserve('r-kept', [{ productId: 'ten', quantity: 3 }])).statusCode).toBe(200);
    expect(t.readModel.get('ten')).not.toBe(kept);
    expect(t.readModel.get('ten')!.totalStock).toBe(7);
    expect(await quoteTen()).toMatchObject({ available: false, reasonCode: 'OUT_OF_STOCK', totalStock: 7 });
  });

  it('looks products up by id, leaving unknown ids out', async () => {
    const res = await t.app.inject({ url: '/internal/catalog/products/lookup?ids=five,gone,ten', headers: internal(t.internalToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items.map((i: { productId: string }) => i.productId)).toEqual(['five', 'ten']);
    expect(res.json().data.items[0]).toEqual({
      productId: 'five', title: 'Five In Stock', image: '/api/media/00000000-0000-4000-8000-000000000000', brand: 'MediPlast',
      unitPriceCents: 300, totalStock: 5, maxPerOrder: 10, minAge: 0, requiresPrescription: false, pharmacyOnly: false, controlled: false, refrigerated: false,
      allergens: [], contraindications: [], activeIngredients: [],
    });
  });
});
