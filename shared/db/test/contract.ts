/**
 * The DocumentStore contract: what services rely on, run unchanged against every adapter
 * (embedded always, MongoDB when MONGODB_URL is set).
 */
import { randomUUID } from 'node:crypto';
import { isDuplicateKeyError, type Collection, type Doc, type DocumentStore } from '../src';

type Product = Doc & {
  title: string;
  price: number;
  brand?: string | null;
  tags?: string[];
  totalStock?: number;
};

let counter = 0;
/** A fresh collection per test keeps tests independent on a shared MongoDB database. */
const freshName = () => `c${Date.now().toString(36)}${(counter++).toString(36)}`;

const ids = (docs: Doc[]) => docs.map((d) => d._id);

export function describeDocumentStoreContract(name: string, factory: () => Promise<DocumentStore>): void {
  describe(`DocumentStore contract: ${name}`, () => {
    let store: DocumentStore;
    let col: Collection<Product>;

    beforeEach(async () => {
      store = await factory();
      col = store.collection<Product>(freshName());
    });
    afterEach(async () => {
      await store.close();
    });

    const seed = () =>
      col.insertMany([
        { _id: 'a', title: 'Aspirin', price: 500, brand: 'Bayer', tags: ['pain', 'fever'], totalStock: 3 },
        { _id: 'b', title: 'Ibuprofen', price: 800, brand: 'Advil', tags: ['pain'], totalStock: 0 },
        { _id: 'c', title: 'Cetirizine', price: 300, brand: null, tags: ['allergy'], totalStock: 10 },
        { _id: 'd', title: 'Vitamin D', price: 1200, tags: [], totalStock: 7 },
      ]);

    describe('CRUD', () => {
      it('inserts with the given string _id and reads it back as a plain object', async () => {
        await expect(col.insertOne({ _id: 'p1', title: 'Aspirin', price: 499 })).resolves.toEqual({
          insertedId: 'p1',
        });
        const doc = await col.findOne({ _id: 'p1' });
        expect(doc).toEqual({ _id: 'p1', title: 'Aspirin', price: 499 });
        expect(Object.getPrototypeOf(doc)).toBe(Object.prototype);
      });

      it('generates a UUID _id when none is given, without mutating the input', async () => {
        const input = { title: 'Gauze', price: 100 } as Product;
        const { insertedId } = await col.insertOne(input);
        expect(insertedId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(input).not.toHaveProperty('_id');
        expect((await col.findOne({ _id: insertedId }))?.title).toBe('Gauze');
      });

      it('insertMany reports the count and findOne returns null when nothing matches', async () => {
        await expect(seed()).resolves.toEqual({ insertedCount: 4 });
        await expect(col.findOne({ _id: 'nope' })).resolves.toBeNull();
        await expect(col.insertMany([])).resolves.toEqual({ insertedCount: 0 });
      });

      it('changing a returned document does not change the stored one', async () => {
        await seed();
        const doc = (await col.findOne({ _id: 'a' }))!;
        doc.title = 'changed';
        doc.tags!.push('changed');
        expect(await col.findOne({ _id: 'a' })).toMatchObject({ title: 'Aspirin', tags: ['pain', 'fever'] });
      });

      it('counts documents with and without a filter', async () => {
        await seed();
        await expect(col.countDocuments()).resolves.toBe(4);
        await expect(col.countDocuments({ price: { $gte: 800 } })).resolves.toBe(2);
      });

      it('deleteOne removes one match, deleteMany all of them, both report counts', async () => {
        await seed();
        await expect(col.deleteOne({ tags: 'pain' })).resolves.toEqual({ deletedCount: 1 });
        await expect(col.countDocuments({ tags: 'pain' })).resolves.toBe(1);
        await expect(col.deleteMany({ price: { $lt: 1000 } })).resolves.toEqual({ deletedCount: 2 });
        await expect(col.deleteOne({ _id: 'a' })).resolves.toEqual({ deletedCount: 0 });
        expect(ids(await col.find({}))).toEqual(['d']);
      });

      it('round-trips Date values, also nested and in arrays', async () => {
        const at = new Date('2024-05-06T07:08:09.123Z');
        await col.insertOne({ _id: 'd1', title: 't', price: 1, at, history: [{ at }], dates: [at] });
        const doc = (await col.findOne({ _id: 'd1' }))!;
        expect(doc.at).toBeInstanceOf(Date);
        expect((doc.at as Date).getTime()).toBe(at.getTime());
        expect((doc.history as { at: Date }[])[0].at).toEqual(at);
        expect((doc.dates as Date[])[0]).toBeInstanceOf(Date);
        await expect(col.countDocuments({ at: { $gte: new Date('2024-01-01'), $lt: new Date('2025-01-01') } })).resolves.toBe(1);
        await expect(col.countDocuments({ at })).resolves.toBe(1);
      });

      it('refuses an undefined filter value instead of matching everything or nothing', async () => {
        await seed();
        await expect(col.findOne({ brand: undefined })).rejects.toThrow(/undefined/);
      });
    });

    describe('find options', () => {
      beforeEach(seed);

      it('sorts ascending and descending, on several keys', async () => {
        expect(ids(await col.find({}, { sort: { price: 1 } }))).toEqual(['c', 'a', 'b', 'd']);
        expect(ids(await col.find({}, { sort: { price: -1 } }))).toEqual(['d', 'b', 'a', 'c']);
        await col.insertOne({ _id: 'e', title: 'Aspirin', price: 100 });
        expect(ids(await col.find({ title: 'Aspirin' }, { sort: { title: 1, price: -1 } }))).toEqual(['a', 'e']);
      });

      it('skips and limits after sorting (a page)', async () => {
        expect(ids(await col.find({}, { sort: { price: 1 }, skip: 1, limit: 2 }))).toEqual(['a', 'b']);
        expect(ids(await col.find({}, { sort: { price: 1 }, skip: 3, limit: 2 }))).toEqual(['d']);
        expect(await col.find({}, { skip: 10 })).toEqual([]);
      });

      it('projects by inclusion (with _id by default) and by exclusion', async () => {
        expect(await col.find({ _id: 'a' }, { projection: { title: 1 } })).toEqual([{ _id: 'a', title: 'Aspirin' }]);
        expect(await col.find({ _id: 'a' }, { projection: { title: 1, _id: 0 } })).toEqual([{ title: 'Aspirin' }]);
        expect(await col.findOne({ _id: 'a' }, { projection: { tags: 0, totalStock: 0, brand: 0 } })).toEqual({
          _id: 'a',
          title: 'Aspirin',
          price: 500,
        });
      });

      it('findOne honours sort', async () => {
        expect((await col.findOne({ tags: 'pain' }, { sort: { price: -1 } }))?._id).toBe('b');
        expect((await col.findOne({}, { sort: { price: 1 } }))?._id).toBe('c');
      });
    });

    describe('query operators', () => {
      beforeEach(seed);
      const match = async (filter: Record<string, unknown>) => ids(await col.find(filter, { sort: { _id: 1 } }));

      it('$eq and plain equality, including inside arrays', async () => {
        expect(await match({ price: { $eq: 500 } })).toEqual(['a']);
        expect(await match({ title: 'Ibuprofen' })).toEqual(['b']);
        expect(await match({ tags: 'pain' })).toEqual(['a', 'b']);
        expect(await match({ tags: { $eq: 'allergy' } })).toEqual(['c']);
      });

      it('null matches null and missing fields; $ne: null only present values', async () => {
        expect(await match({ brand: null })).toEqual(['c', 'd']);
        expect(await match({ brand: { $eq: null } })).toEqual(['c', 'd']);
        expect(await match({ brand: { $ne: null } })).toEqual(['a', 'b']);
      });

      it('$ne and $nin on arrays exclude documents where any element is equal', async () => {
        expect(await match({ tags: { $ne: 'pain' } })).toEqual(['c', 'd']);
        expect(await match({ tags: { $nin: ['pain', 'allergy'] } })).toEqual(['d']);
        expect(await match({ brand: { $ne: 'Bayer' } })).toEqual(['b', 'c', 'd']);
        expect(await match({ price: { $nin: [500, 800] } })).toEqual(['c', 'd']);
      });

      it('$gt $gte $lt $lte, combined on one field', async () => {
        expect(await match({ price: { $gt: 500 } })).toEqual(['b', 'd']);
        expect(await match({ price: { $gte: 500 } })).toEqual(['a', 'b', 'd']);
        expect(await match({ price: { $lt: 500 } })).toEqual(['c']);
        expect(await match({ price: { $lte: 500 } })).toEqual(['a', 'c']);
        expect(await match({ price: { $gt: 300, $lt: 1200 } })).toEqual(['a', 'b']);
      });

      it('$in, also against arrays and with null', async () => {
        expect(await match({ brand: { $in: ['Bayer', 'Advil'] } })).toEqual(['a', 'b']);
        expect(await match({ tags: { $in: ['fever', 'allergy'] } })).toEqual(['a', 'c']);
        expect(await match({ brand: { $in: ['Advil', null] } })).toEqual(['b', 'c', 'd']);
        expect(await match({ _id: { $in: [] } })).toEqual([]);
      });

      it('$exists', async () => {
        expect(await match({ brand: { $exists: true } })).toEqual(['a', 'b', 'c']);
        expect(await match({ brand: { $exists: false } })).toEqual(['d']);
      });

      it('$and, $or and $nor', async () => {
        expect(await match({ $and: [{ tags: 'pain' }, { price: { $gt: 600 } }] })).toEqual(['b']);
        expect(await match({ $or: [{ price: { $lt: 400 } }, { brand: 'Advil' }] })).toEqual(['b', 'c']);
        expect(await match({ $nor: [{ price: { $lt: 400 } }, { brand: 'Advil' }] })).toEqual(['a', 'd']);
        expect(await match({ tags: 'pain', $or: [{ totalStock: 0 }, { totalStock: { $gt: 5 } }] })).toEqual(['b']);
      });

      it('$not with an operator object and with a RegExp', async () => {
        expect(await match({ price: { $not: { $gt: 500 } } })).toEqual(['a', 'c']);
        expect(await match({ title: { $not: /^[AI]/ } })).toEqual(['c', 'd']);
      });

      it('$regex with a RegExp, and a bare RegExp value', async () => {
        expect(await match({ title: { $regex: /^vit/i } })).toEqual(['d']);
        expect(await match({ title: /in$/ })).toEqual(['a']);
        expect(await match({ tags: /^al/ })).toEqual(['c']);
      });

      it('$elemMatch on primitives and on sub-documents', async () => {
        expect(await match({ tags: { $elemMatch: { $in: ['fever'] } } })).toEqual(['a']);
        await col.insertOne({
          _id: 'e',
          title: 'Kit',
          price: 1,
          items: [
            { sku: 'x', qty: 1 },
            { sku: 'y', qty: 5 },
          ],
        });
        expect(await match({ items: { $elemMatch: { sku: 'y', qty: { $gte: 5 } } } })).toEqual(['e']);
        expect(await match({ items: { $elemMatch: { sku: 'x', qty: { $gte: 5 } } } })).toEqual([]);
        expect(await match({ 'items.sku': 'y' })).toEqual(['e']);
      });

      it('$size', async () => {
        expect(await match({ tags: { $size: 1 } })).toEqual(['b', 'c']);
        expect(await match({ tags: { $size: 0 } })).toEqual(['d']);
      });

      it('dotted paths into sub-documents', async () => {
        await col.insertOne({ _id: 'e', title: 'Kit', price: 1, pack: { size: 20, unit: 'tablet' } });
        expect(await match({ 'pack.size': { $gte: 10 } })).toEqual(['e']);
        expect(await match({ pack: { size: 20, unit: 'tablet' } })).toEqual(['e']);
      });
    });

    describe('update operators', () => {
      beforeEach(seed);
      const get = async (id: string) => (await col.findOne({ _id: id })) as Record<string, unknown>;

      it('$set (also dotted, creating sub-documents) and $unset', async () => {
        await col.updateOne({ _id: 'a' }, { $set: { price: 450, 'pack.size': 20 }, $unset: { brand: '' } });
        expect(await get('a')).toMatchObject({ price: 450, pack: { size: 20 } });
        expect(await get('a')).not.toHaveProperty('brand');
      });

      it('$inc, creating a missing field', async () => {
        await col.updateOne({ _id: 'a' }, { $inc: { totalStock: -2, reviewCount: 1 } });
        expect(await get('a')).toMatchObject({ totalStock: 1, reviewCount: 1 });
      });

      it('$push (one value and $each) and $addToSet (no duplicates)', async () => {
        await col.updateOne({ _id: 'a' }, { $push: { tags: 'otc' } });
        await col.updateOne({ _id: 'a' }, { $push: { tags: { $each: ['x', 'y'] } } });
        expect((await get('a')).tags).toEqual(['pain', 'fever', 'otc', 'x', 'y']);
        await col.updateOne({ _id: 'b' }, { $addToSet: { tags: 'pain' } });
        await col.updateOne({ _id: 'b' }, { $addToSet: { tags: { $each: ['pain', 'new'] } } });
        expect((await get('b')).tags).toEqual(['pain', 'new']);
        await col.updateOne({ _id: 'd' }, { $push: { history: { at: new Date(0), to: 'confirmed' } } });
        expect((await get('d')).history).toEqual([{ at: new Date(0), to: 'confirmed' }]);
      });

      it('$pull by value, by operator and by sub-document condition', async () => {
        await col.updateOne({ _id: 'a' }, { $pull: { tags: 'pain' } });
        expect((await get('a')).tags).toEqual(['fever']);
        await col.updateOne({ _id: 'a' }, { $set: { scores: [1, 5, 9] } });
        await col.updateOne({ _id: 'a' }, { $pull: { scores: { $gte: 5 } } });
        expect((await get('a')).scores).toEqual([1]);
        await col.updateOne({ _id: 'a' }, { $set: { items: [{ sku: 'x', qty: 1 }, { sku: 'y', qty: 2 }] } });
        await col.updateOne({ _id: 'a' }, { $pull: { items: { sku: 'x' } } });
        expect((await get('a')).items).toEqual([{ sku: 'y', qty: 2 }]);
      });

      it('$min and $max', async () => {
        await col.updateOne({ _id: 'a' }, { $min: { price: 400 }, $max: { totalStock: 9 } });
        expect(await get('a')).toMatchObject({ price: 400, totalStock: 9 });
        await col.updateOne({ _id: 'a' }, { $min: { price: 450 }, $max: { totalStock: 1 } });
        expect(await get('a')).toMatchObject({ price: 400, totalStock: 9 });
      });
    });

    describe('updateOne / updateMany', () => {
      beforeEach(seed);

      it('reports matched and modified counts, 0 modified when nothing changes', async () => {
        expect(await col.updateOne({ _id: 'a' }, { $set: { price: 1 } })).toMatchObject({
          matchedCount: 1,
          modifiedCount: 1,
        });
        expect(await col.updateOne({ _id: 'a' }, { $set: { price: 1 } })).toMatchObject({
          matchedCount: 1,
          modifiedCount: 0,
        });
        const miss = await col.updateOne({ _id: 'zz' }, { $set: { price: 1 } });
        expect(miss).toMatchObject({ matchedCount: 0, modifiedCount: 0 });
        expect(miss.upsertedId ?? null).toBeNull();
      });

      it('updates only the first match', async () => {
        await col.updateOne({ tags: 'pain' }, { $set: { flagged: true } });
        await expect(col.countDocuments({ flagged: true })).resolves.toBe(1);
      });

      it('upserts from the filter equalities with a string _id', async () => {
        const r = await col.updateOne(
          { title: 'Zinc', brand: { $eq: 'Acme' } },
          { $set: { price: 250 }, $inc: { totalStock: 4 } },
          { upsert: true },
        );
        expect(r).toMatchObject({ matchedCount: 0, modifiedCount: 0 });
        expect(typeof r.upsertedId).toBe('string');
        expect(await col.findOne({ _id: r.upsertedId! })).toEqual({
          _id: r.upsertedId,
          title: 'Zinc',
          brand: 'Acme',
          price: 250,
          totalStock: 4,
        });
        const again = await col.updateOne({ title: 'Zinc' }, { $inc: { totalStock: 1 } }, { upsert: true });
        expect(again).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
        expect(again.upsertedId ?? null).toBeNull();
      });

      it('upsert keeps the _id the filter names', async () => {
        const r = await col.updateOne({ _id: 'cart-1' }, { $set: { items: [] } }, { upsert: true });
        expect(r.upsertedId).toBe('cart-1');
        expect(await col.findOne({ _id: 'cart-1' })).toEqual({ _id: 'cart-1', items: [] });
      });

      it('updateMany reports counts over every match', async () => {
        expect(await col.updateMany({ price: { $lt: 1000 } }, { $set: { sale: true } })).toMatchObject({
          matchedCount: 3,
          modifiedCount: 3,
        });
        expect(await col.updateMany({ price: { $lt: 1000 } }, { $set: { price: 500 } })).toMatchObject({
          matchedCount: 3,
          modifiedCount: 2,
        });
        expect(await col.updateMany({ price: { $gt: 5000 } }, { $set: { sale: true } })).toMatchObject({
          matchedCount: 0,
          modifiedCount: 0,
        });
      });
    });

    describe('findOneAndUpdate', () => {
      beforeEach(seed);

      it("returns the document after the update by default, before with returnDocument 'before'", async () => {
        expect(await col.findOneAndUpdate({ _id: 'a' }, { $inc: { totalStock: -1 } })).toMatchObject({ totalStock: 2 });
        expect(
          await col.findOneAndUpdate({ _id: 'a' }, { $inc: { totalStock: -1 } }, { returnDocument: 'before' }),
        ).toMatchObject({ totalStock: 2 });
        expect(
          await col.findOneAndUpdate({ _id: 'a' }, { $inc: { totalStock: -1 } }, { returnDocument: 'after' }),
        ).toMatchObject({ totalStock: 0 });
      });

      it('returns null when nothing matches and changes nothing', async () => {
        await expect(col.findOneAndUpdate({ _id: 'b', totalStock: { $gte: 1 } }, { $inc: { totalStock: -1 } })).resolves.toBeNull();
        expect((await col.findOne({ _id: 'b' }))?.totalStock).toBe(0);
      });

      it('upserts: the new document after, null before', async () => {
        const created = await col.findOneAndUpdate(
          { userId: 'u1' },
          { $set: { items: ['x'] } },
          { upsert: true },
        );
        expect(created).toMatchObject({ userId: 'u1', items: ['x'] });
        expect(typeof created?._id).toBe('string');
        await expect(
          col.findOneAndUpdate({ userId: 'u2' }, { $set: { items: [] } }, { upsert: true, returnDocument: 'before' }),
        ).resolves.toBeNull();
        await expect(col.countDocuments({ userId: 'u2' })).resolves.toBe(1);
      });

      it('picks the first match in sort order and applies the projection', async () => {
        const doc = await col.findOneAndUpdate(
          { tags: 'pain' },
          { $set: { picked: true } },
          { sort: { price: -1 }, projection: { title: 1, picked: 1 } },
        );
        expect(doc).toEqual({ _id: 'b', title: 'Ibuprofen', picked: true });
      });
    });

    describe('indexes', () => {
      it('a unique index rejects a duplicate with code 11000 naming the key', async () => {
        await col.createIndex({ email: 1 }, { unique: true });
        await col.insertOne({ _id: 'u1', title: 'x', price: 0, email: 'ann@example.com' });
        const error = await col.insertOne({ _id: 'u2', title: 'y', price: 0, email: 'ann@example.com' }).catch((e) => e);
        expect(isDuplicateKeyError(error)).toBe(true);
        expect(error).toBeInstanceOf(Error);
        expect(error.message).toMatch(/duplicate key/);
        expect(error.message).toContain('email');
        expect(error.message).toContain('ann@example.com');
        await expect(col.countDocuments({ email: 'ann@example.com' })).resolves.toBe(1);
      });

      it('a duplicate _id and a duplicate made by an update are 11000 too', async () => {
        await col.createIndex({ email: 1 }, { unique: true });
        await col.insertOne({ _id: 'u1', title: 'x', price: 0, email: 'a@x.io' });
        await col.insertOne({ _id: 'u2', title: 'y', price: 0, email: 'b@x.io' });
        await expect(col.insertOne({ _id: 'u1', title: 'z', price: 0, email: 'c@x.io' })).rejects.toMatchObject({ code: 11000 });
        await expect(col.updateOne({ _id: 'u2' }, { $set: { email: 'a@x.io' } })).rejects.toMatchObject({ code: 11000 });
        expect((await col.findOne({ _id: 'u2' }))?.email).toBe('b@x.io');
      });

      it('a compound unique index allows the same value under another key', async () => {
        const name = await col.createIndex({ userId: 1, productId: 1 }, { unique: true });
        expect(typeof name).toBe('string');
        await col.insertOne({ _id: 'r1', title: '', price: 0, userId: 'u', productId: 'p' });
        await col.insertOne({ _id: 'r2', title: '', price: 0, userId: 'u', productId: 'q' });
        await expect(
          col.insertOne({ _id: 'r3', title: '', price: 0, userId: 'u', productId: 'p' }),
        ).rejects.toMatchObject({ code: 11000 });
      });

      it('a sparse unique index allows several documents without the field', async () => {
        await col.createIndex({ sku: 1 }, { unique: true, sparse: true });
        await col.insertMany([
          { _id: 's1', title: '', price: 0 },
          { _id: 's2', title: '', price: 0 },
        ]);
        await expect(col.insertOne({ _id: 's3', title: '', price: 0, sku: 'A' })).resolves.toEqual({ insertedId: 's3' });
      });

      it('creates a TTL index and keeps documents that have not expired', async () => {
        const name = await col.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
        expect(name).toBe('expiresAt_1');
        await col.insertOne({ _id: 't1', title: '', price: 0, expiresAt: new Date(Date.now() + 3_600_000) });
        await expect(col.countDocuments({})).resolves.toBe(1);
      });
    });

    describe('atomicity', () => {
      it('100 concurrent conditional decrements of 1 against stock 10: exactly 10 succeed', async () => {
        await col.insertOne({ _id: 'p', title: 'p', price: 1, totalStock: 10 });
        const results = await Promise.all(
          Array.from({ length: 100 }, () =>
            col.updateOne({ _id: 'p', totalStock: { $gte: 1 } }, { $inc: { totalStock: -1 } }),
          ),
        );
        expect(results.filter((r) => r.modifiedCount === 1)).toHaveLength(10);
        expect((await col.findOne({ _id: 'p' }))?.totalStock).toBe(0);
      });

      it('100 concurrent findOneAndUpdate reservations of 3 against stock 10: exactly 3 succeed', async () => {
        await col.insertOne({ _id: 'p', title: 'p', price: 1, totalStock: 10 });
        const results = await Promise.all(
          Array.from({ length: 100 }, () =>
            col.findOneAndUpdate({ _id: 'p', totalStock: { $gte: 3 } }, { $inc: { totalStock: -3 } }),
          ),
        );
        const won = results.filter((r) => r !== null);
        expect(won).toHaveLength(3);
        expect(won.map((r) => r!.totalStock).sort()).toEqual([1, 4, 7]);
        expect((await col.findOne({ _id: 'p' }))?.totalStock).toBe(1);
      });

      it('100 concurrent upserts on one key create one document', async () => {
        const results = await Promise.all(
          Array.from({ length: 100 }, () => col.updateOne({ _id: 'cart' }, { $inc: { n: 1 } }, { upsert: true })),
        );
        expect(results.filter((r) => r.upsertedId)).toHaveLength(1);
        expect((await col.findOne({ _id: 'cart' }))?.n).toBe(100);
      });
    });
  });
}

export const uniqueStoreName = () => `t${randomUUID().replace(/-/g, '').slice(0, 12)}`;
