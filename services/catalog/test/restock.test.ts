/** A paid order a pharmacist rejected: its units go back on the shelf, exactly once, with a history line. */
import { as, buildTestCatalog, internal, product, type TestCatalog } from './helpers';
import { PRODUCTS, type ProductDoc } from '../src/products/model';

let t: TestCatalog;
beforeEach(async () => {
  t = await buildTestCatalog({
    products: [product({ id: 'ibu', title: 'Ibuprofen 200mg', totalStock: 20 }), product({ id: 'gel', title: 'Pain Gel', totalStock: 8 })],
  });
});
afterEach(() => t.close());

const move = (step: string, reservationId: string, items?: Array<{ productId: string; quantity: number }>) =>
  t.app.inject({ method: 'POST', url: `/internal/catalog/stock/${step}`, headers: internal(t.internalToken), payload: items ? { reservationId, items } : { reservationId } });
const stockOf = async (id: string) => (await t.store.collection<ProductDoc>(PRODUCTS).findOne({ _id: id }))!.totalStock;
const view = async (id: string) => (await t.app.inject({ url: `/api/admin/products/${id}/stock`, headers: as('admin-1', true) })).json().data;

async function paidOrder(id: string) {
  expect((await move('reserve', id, [{ productId: 'ibu', quantity: 2 }, { productId: 'gel', quantity: 3 }])).statusCode).toBe(200);
  expect((await move('commit', id)).statusCode).toBe(200);
}

describe('POST /internal/catalog/stock/restock', () => {
  it("puts a sold order's units back once, however often it is called, and keeps a 'returned' history line", async () => {
    await paidOrder('order-1');
    expect([await stockOf('ibu'), await stockOf('gel')]).toEqual([18, 5]);
    expect((await view('ibu')).sold).toBe(2);

    const first = await move('restock', 'order-1');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ reservationId: 'order-1', status: 'restocked' });
    const again = await move('restock', 'order-1');
    expect(again.json().data).toMatchObject({ status: 'restocked' });
    expect([await stockOf('ibu'), await stockOf('gel')]).toEqual([20, 8]);

    const ibu = await view('ibu');
    expect(ibu).toMatchObject({ available: 20, sold: 0, reserved: 0 });
    expect(ibu.history[0]).toMatchObject({ delta: 2, reason: 'returned', availableAfter: 20, by: 'order system' });
    expect(ibu.history[0].note).toContain('order-1');
    expect(ibu.history.filter((h: { reason: string }) => h.reason === 'returned')).toHaveLength(1);
    // The read model (what shoppers see) has the units back too.
    expect(t.readModel.get('ibu')!.totalStock).toBe(20);
  });

  it('two restocks at once still put the units back once', async () => {
    await paidOrder('order-2');
    const [a, b] = await Promise.all([move('restock', 'order-2'), move('restock', 'order-2')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([await stockOf('ibu'), await stockOf('gel')]).toEqual([20, 8]);
  });

  it('restocks a refunded order, and an order whose commit has not arrived; later moves leave it alone', async () => {
    await paidOrder('refunded');
    await move('refund', 'refunded');
    expect((await move('restock', 'refunded')).json().data.status).toBe('restocked');
    expect(await stockOf('ibu')).toBe(20);

    await move('reserve', 'uncommitted', [{ productId: 'ibu', quantity: 4 }]);
    expect((await move('restock', 'uncommitted')).json().data.status).toBe('restocked');
    expect(await stockOf('ibu')).toBe(20);
    // A late commit, a refund or a release do not move the stock again.
    for (const step of ['commit', 'refund', 'release']) {
      const res = await move(step, 'uncommitted');
      expect([step, res.statusCode, res.json().data.status]).toEqual([step, 200, 'restocked']);
    }
    expect(await stockOf('ibu')).toBe(20);
  });

  it('refuses a released reservation (its units are already back) and an unknown one', async () => {
    await move('reserve', 'expired', [{ productId: 'ibu', quantity: 1 }]);
    await move('release', 'expired');
    const res = await move('restock', 'expired');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'RESERVATION_RELEASED' });
    expect(await stockOf('ibu')).toBe(20);
    expect((await move('restock', 'nope')).statusCode).toBe(404);
  });

  it('skips a product deleted since the order', async () => {
    await paidOrder('order-3');
    await t.app.inject({ method: 'DELETE', url: '/api/admin/products/delete/gel', headers: as('admin-1', true) });
    expect((await move('restock', 'order-3')).json().data.status).toBe('restocked');
    expect(await stockOf('ibu')).toBe(20);
  });
});
