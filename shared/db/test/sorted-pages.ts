/**
 * Sorted pages through indexes, part of the DocumentStore contract (embedded always, MongoDB when MONGODB_URL is
 * set): with the indexes services create at start, find with sort + skip/limit and countDocuments answer what a
 * plain sort of every document would, and keep doing so as documents are inserted, changed and deleted.
 */
import type { Collection, Doc, DocumentStore } from '../src';

type Order = Doc & { createdAt: number; status: string; userId: string; totalCents: number; review?: { status: string } };

const STATUSES = ['pending', 'inProcess', 'shipped', 'delivered', 'cancelled'];

/** A small deterministic generator: failures reproduce. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const makeOrders = (n: number, rnd: () => number): Order[] =>
  Array.from({ length: n }, (_, i) => ({
    _id: `o${String(i).padStart(4, '0')}-${Math.floor(rnd() * 1000)}`,
    // Few distinct times: many ties, which must come out in the same order as a plain sort's.
    createdAt: 1_700_000_000_000 + Math.floor(rnd() * 40) * 60_000,
    status: STATUSES[Math.floor(rnd() * STATUSES.length)],
    userId: `u${Math.floor(rnd() * 7)}`,
    totalCents: Math.floor(rnd() * 10_000),
    ...(rnd() < 0.2 ? { review: { status: 'awaiting' } } : {}),
  }));

/** The reference: every document sorted in the test, by the keys then `_id`. */
function plainPage(all: Order[], keep: (o: Order) => boolean, sort: Array<[keyof Order, 1 | -1]>, skip: number, limit: number) {
  const cmp = (a: unknown, b: unknown) => (a === b ? 0 : (a as number) < (b as number) ? -1 : 1);
  return all
    .filter(keep)
    .sort((a, b) => {
      for (const [k, d] of sort) {
        const c = d * cmp(a[k], b[k]);
        if (c !== 0) return c;
      }
      return cmp(a._id, b._id);
    })
    .slice(skip, skip + limit)
    .map((o) => o._id);
}

export function describeSortedPages(name: string, factory: () => Promise<DocumentStore>): void {
  describe(`sorted pages through indexes: ${name}`, () => {
    let store: DocumentStore;
    let orders: Collection<Order>;
    let all: Order[];
    const rnd = random(42);

    beforeEach(async () => {
      store = await factory();
      orders = store.collection<Order>(`pages${Date.now().toString(36)}${Math.floor(rnd() * 1e6).toString(36)}`);
      await orders.createIndex({ createdAt: -1 });
      await orders.createIndex({ status: 1, createdAt: -1 });
      await orders.createIndex({ userId: 1 });
      all = makeOrders(300, rnd);
      await orders.insertMany(all);
    });
    afterEach(() => store.close());

    const page = async (filter: Record<string, unknown>, keep: (o: Order) => boolean, skip: number, limit: number) => {
      const got = await orders.find(filter, { sort: { createdAt: -1, _id: 1 }, skip, limit });
      expect(got.map((o) => o._id)).toEqual(plainPage(all, keep, [['createdAt', -1]], skip, limit));
      await expect(orders.countDocuments(filter)).resolves.toBe(all.filter(keep).length);
    };

    it('newest first, page by page, equals a plain sort of every document, with the total', async () => {
      for (const skip of [0, 20, 140, 280, 300]) await page({}, () => true, skip, 20);
    });

    it('an equality on the index key (status) pages and counts the same', async () => {
      for (const status of STATUSES) {
        for (const skip of [0, 10, 50]) await page({ status }, (o) => o.status === status, skip, 10);
      }
      await page({ status: 'unknown' }, () => false, 0, 10);
    });

    it('filters the index does not cover still apply (equality off the index, $and, $in, nested field, $or)', async () => {
      await page({ userId: 'u3' }, (o) => o.userId === 'u3', 0, 15);
      await page({ $and: [{ status: 'pending' }, { userId: 'u1' }] }, (o) => o.status === 'pending' && o.userId === 'u1', 0, 15);
      await page({ status: { $in: ['shipped', 'cancelled'] } }, (o) => o.status === 'shipped' || o.status === 'cancelled', 5, 15);
      await page({ 'review.status': 'awaiting', status: 'pending' }, (o) => o.review?.status === 'awaiting' && o.status === 'pending', 0, 50);
      await page({ $or: [{ userId: 'u0' }, { totalCents: { $gte: 9000 } }] }, (o) => o.userId === 'u0' || o.totalCents >= 9000, 0, 30);
    });

    it('the reverse order and other sorts are plain sorts too', async () => {
      const oldest = await orders.find({}, { sort: { createdAt: 1, _id: -1 }, skip: 3, limit: 12 });
      expect(oldest.map((o) => o._id)).toEqual(
        plainPage(all, () => true, [['createdAt', -1]], 0, 300).reverse().slice(3, 15),
      );
      const byTotal = await orders.find({ status: 'shipped' }, { sort: { totalCents: -1, _id: 1 }, limit: 7 });
      expect(byTotal.map((o) => o._id)).toEqual(plainPage(all, (o) => o.status === 'shipped', [['totalCents', -1]], 0, 7));
    });

    it('stays right after inserts, changes of the sorted and filtered fields, and deletes', async () => {
      const more = makeOrders(40, rnd).map((o) => ({ ...o, _id: `n${o._id}` }));
      await orders.insertMany(more.slice(0, 20));
      for (const o of more.slice(20)) await orders.insertOne(o);
      all.push(...more);
      for (const o of all.filter((_, i) => i % 9 === 0)) {
        o.status = 'delivered';
        o.createdAt += 3_600_000;
        await orders.updateOne({ _id: o._id }, { $set: { status: o.status, createdAt: o.createdAt } });
      }
      const cancelled = all.filter((o) => o.status === 'cancelled' && o.userId === 'u2').map((o) => o._id);
      await orders.updateMany({ _id: { $in: cancelled } }, { $set: { status: 'pending' } });
      all.filter((o) => cancelled.includes(o._id)).forEach((o) => (o.status = 'pending'));
      await orders.findOneAndUpdate({ status: 'shipped' }, { $set: { status: 'cancelled' } }, { sort: { createdAt: -1, _id: 1 } });
      const moved = plainPage(all, (o) => o.status === 'shipped', [['createdAt', -1]], 0, 1)[0];
      all.find((o) => o._id === moved)!.status = 'cancelled';
      const gone = all.filter((o) => o.userId === 'u5').map((o) => o._id);
      await orders.deleteMany({ userId: 'u5' });
      await orders.deleteOne({ _id: all[1]._id });
      all = all.filter((o) => !gone.includes(o._id) && o._id !== all[1]._id);

      for (const skip of [0, 100, 200]) await page({}, () => true, skip, 25);
      for (const status of STATUSES) await page({ status }, (o) => o.status === status, 0, 40);
      const projected = await orders.find({ status: 'pending' }, { sort: { createdAt: -1, _id: 1 }, limit: 3, projection: { status: 1 } });
      expect(projected).toEqual(plainPage(all, (o) => o.status === 'pending', [['createdAt', -1]], 0, 3).map((_id) => ({ _id, status: 'pending' })));
    });

    it('an array in an indexed field still matches by containment', async () => {
      await orders.insertOne({ _id: 'multi', createdAt: 1, status: ['pending', 'shipped'] as unknown as string, userId: 'u9', totalCents: 1 });
      const found = await orders.find({ status: 'shipped' }, { sort: { createdAt: -1, _id: 1 } });
      expect(found.map((o) => o._id)).toContain('multi');
      await expect(orders.countDocuments({ status: 'shipped' })).resolves.toBe(all.filter((o) => o.status === 'shipped').length + 1);
    });

    it('a returned document is a copy: changing it changes neither the store nor the next page', async () => {
      const [first] = await orders.find({}, { sort: { createdAt: -1, _id: 1 }, limit: 1 });
      first.status = 'changed';
      (first as { review?: { status: string } }).review = { status: 'changed' };
      const [again] = await orders.find({}, { sort: { createdAt: -1, _id: 1 }, limit: 1 });
      expect(again).toEqual(all.find((o) => o._id === first._id));
    });
  });
}
