import { auditPagedSorts, indexServesSort, openStore } from '../src';

describe('which index serves a paged sort (MongoDB planning rules)', () => {
  it('the sort follows the equalities fixed by the filter, in the index order or all reversed', () => {
    const index = { orderStatus: 1, createdAt: -1, _id: 1 } as const;
    expect(indexServesSort(index, { orderStatus: 'paid' }, { createdAt: -1, _id: 1 })).toBe(true);
    expect(indexServesSort(index, { orderStatus: 'paid' }, { createdAt: 1, _id: -1 })).toBe(true);
    expect(indexServesSort(index, { $and: [{ orderStatus: { $eq: 'paid' } }, { userId: 'u' }] }, { createdAt: -1, _id: 1 })).toBe(true);
  });

  it('not when the directions mix, a field is missing or the equality is not fixed', () => {
    const index = { orderStatus: 1, createdAt: -1, _id: 1 } as const;
    expect(indexServesSort(index, { orderStatus: 'paid' }, { createdAt: 1, _id: 1 })).toBe(false);
    expect(indexServesSort(index, {}, { createdAt: -1, _id: 1 })).toBe(false);
    expect(indexServesSort(index, { orderStatus: { $in: ['paid', 'pending'] } }, { createdAt: -1, _id: 1 })).toBe(false);
    expect(indexServesSort({ createdAt: -1 }, {}, { createdAt: -1, _id: 1 })).toBe(false);
    expect(indexServesSort({ createdAt: -1, _id: 1 }, { name: { $regex: 'x' } }, { createdAt: -1, _id: 1 })).toBe(true);
  });
});

describe('auditing a service store for paged sorts', () => {
  it('lists a page with no index, and one whose sort does not end with _id; reads still reach the store', async () => {
    const audit = auditPagedSorts(await openStore({ name: 'audit', inMemory: true }));
    const orders = audit.store.collection('orders');
    await orders.createIndex({ createdAt: -1, _id: 1 });
    await orders.insertMany([{ _id: 'a', createdAt: 1 }, { _id: 'b', createdAt: 2 }]);
    expect((await orders.find({}, { sort: { createdAt: -1, _id: 1 }, limit: 1 })).map((d) => d._id)).toEqual(['b']);
    await orders.find({ status: 'paid' }, { sort: { updatedAt: -1, _id: 1 }, skip: 20, limit: 20 });
    await orders.find({}, { sort: { createdAt: -1 }, limit: 5 });
    await orders.find({}, { sort: { total: 1 } }); // not a page
    expect(audit.pagedSorts()).toEqual(['orders: {"createdAt":-1,"_id":1}', 'orders: {"updatedAt":-1,"_id":1}', 'orders: {"createdAt":-1}']);
    expect(audit.problems()).toEqual(['orders: {"updatedAt":-1,"_id":1} has no index', 'orders: {"createdAt":-1} does not end with _id']);
    audit.forget();
    expect(audit.problems()).toEqual([]);
    await orders.find({}, { sort: { createdAt: 1, _id: -1 }, limit: 1 });
    expect(audit.problems()).toEqual([]);
    await audit.store.close();
  });
});
