/**
 * The same contracts against a real MongoDB, and what only a server can show (indexes brought up to date, shared
 * clients, concerns, GridFS deletes at once). Only part of the run when MONGODB_URL is set (jest.config.js leaves this
 * file out otherwise and says so). Every test has a short timeout and every store a test opens is closed after it,
 * passed or failed: an open client kept jest waiting forever after a failure.
 */
import { Readable } from 'node:stream';
import { openBlobStore, openStore, runMigrations, type BlobStore, type DocumentStore, type MongoStore } from '../src';
import { describeDocumentStoreContract, uniqueStoreName } from './contract';
import { describeMigrations } from './migrations-contract';
import { describeSortedPages } from './sorted-pages';

const TEST_TIMEOUT_MS = 15_000;
jest.setTimeout(TEST_TIMEOUT_MS);

/** A URL whose server selection gives up well inside a test's timeout. */
const url = (() => {
  const given = process.env.MONGODB_URL as string;
  if (/serverSelectionTimeoutMS=/i.test(given)) return given;
  return `${given}${given.includes('?') ? '&' : '?'}serverSelectionTimeoutMS=3000`;
})();
const dbName = uniqueStoreName();

describeDocumentStoreContract('mongodb', () => openStore({ name: dbName, mongoUrl: url }));
describeSortedPages('mongodb', () => openStore({ name: dbName, mongoUrl: url }));
describeMigrations('mongodb', () => openStore({ name: dbName, mongoUrl: url }));

describe('mongodb adapter', () => {
  const opened: Array<DocumentStore | BlobStore> = [];
  const track = <S extends DocumentStore | BlobStore>(store: S): S => {
    opened.push(store);
    return store;
  };
  const open = async (critical?: string[]) => track((await openStore({ name: dbName, mongoUrl: url, critical })) as MongoStore);
  afterEach(async () => {
    await Promise.allSettled(opened.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    const store = (await openStore({ name: dbName, mongoUrl: url })) as MongoStore;
    await store.db.dropDatabase();
    await store.close();
  });

  it('is chosen by openStore when mongoUrl is set', async () => {
    expect((await open()).kind).toBe('mongodb');
  });

  it('stores of one process share one client, closed with the last of them', async () => {
    const a = await open();
    const b = (await openStore({ name: `${dbName}-other`, mongoUrl: url })) as MongoStore;
    expect(b.client).toBe(a.client);
    await b.close();
    // a is still open and still works
    await expect(a.collection('c').countDocuments()).resolves.toBe(0);
  });

  it('a collection for money, orders or stock writes to a majority with journal and reads majority-committed data', async () => {
    const store = await open(['orders']);
    // The driver's own view of the collections the adapter made (its `coll`).
    const driver = (name: string) => (store.collection(name) as unknown as { coll: { writeConcern?: unknown; readConcern?: unknown } }).coll;
    expect(driver('orders').writeConcern).toMatchObject({ w: 'majority', journal: true });
    expect(driver('orders').readConcern).toMatchObject({ level: 'majority' });
    expect(driver('carts').readConcern).toBeUndefined();
    await store.collection('orders').insertOne({ _id: 'o1', status: 'paid' });
    await expect(store.collection('orders').findOne({ _id: 'o1' })).resolves.toMatchObject({ status: 'paid' });
  });

  it('a changed TTL is applied in place, and a new unique flag rebuilds the index, instead of stopping the start', async () => {
    const store = await open();
    const name = `ix${Date.now().toString(36)}`;
    const coll = store.collection(name);
    await coll.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expiresAt_ttl' });
    await coll.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 3600, name: 'expiresAt_ttl' });
    await coll.createIndex({ token: 1 });
    await coll.insertOne({ _id: 'a', token: 't1' });
    await expect(coll.createIndex({ token: 1 }, { unique: true })).resolves.toBe('token_1');
    const indexes = await store.db.collection(name).listIndexes().toArray();
    expect(indexes.find((i) => i.name === 'expiresAt_ttl')).toMatchObject({ expireAfterSeconds: 3600 });
    expect(indexes.find((i) => i.name === 'token_1')).toMatchObject({ unique: true });
    await expect(coll.insertOne({ _id: 'b', token: 't1' })).rejects.toMatchObject({ code: 11000 });
  });

  it('migrations run once when two stores (two processes) start at once', async () => {
    const runs: number[] = [];
    const list = [{ version: 1, name: 'once', up: async () => void runs.push(1) }];
    const [a, b] = [await open(), (await openStore({ name: dbName, mongoUrl: url })) as MongoStore];
    track(b);
    await Promise.all([runMigrations(a, list, { pollMs: 20 }), runMigrations(b, list, { pollMs: 20 })]);
    expect(runs).toEqual([1]);
  });

  it('stores blobs in GridFS with 64 KiB chunks', async () => {
    const blobs = track(await openBlobStore({ name: dbName, mongoUrl: url }));
    const data = Buffer.alloc(200 * 1024, 7);
    const info = await blobs.put(data, { contentType: 'image/png', filename: 'a.png' });
    const got = await blobs.get(info.id);
    expect(got?.info).toMatchObject({ id: info.id, contentType: 'image/png', size: data.length, filename: 'a.png' });
    const chunks: Buffer[] = [];
    for await (const chunk of Readable.from(got!.stream as AsyncIterable<Buffer>)) chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
    await expect(blobs.delete(info.id)).resolves.toBe(true);
    await expect(blobs.get(info.id)).resolves.toBeNull();
  });

  it('two deletes of one blob at once: one deletes it, the other answers that it is gone, neither throws', async () => {
    const blobs = track(await openBlobStore({ name: dbName, mongoUrl: url }));
    const { id } = await blobs.put(Buffer.alloc(150 * 1024, 1), { contentType: 'image/png' });
    const answers = await Promise.all([blobs.delete(id), blobs.delete(id)]);
    expect(answers.sort()).toEqual([false, true]);
    const store = await open();
    await expect(store.db.collection('media.chunks').countDocuments({ files_id: id })).resolves.toBe(0);
  });
});
