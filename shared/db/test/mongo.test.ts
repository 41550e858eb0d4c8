/**
 * The same contract against a real MongoDB. Only part of the run when MONGODB_URL is set
 * (jest.config.js leaves this file out otherwise).
 */
import { Readable } from 'node:stream';
import { openBlobStore, openStore, type DocumentStore } from '../src';
import { describeDocumentStoreContract, uniqueStoreName } from './contract';
import { describeSortedPages } from './sorted-pages';

const url = process.env.MONGODB_URL as string;
const dbName = uniqueStoreName();

describeDocumentStoreContract('mongodb', () => openStore({ name: dbName, mongoUrl: url }));
describeSortedPages('mongodb', () => openStore({ name: dbName, mongoUrl: url }));

describe('mongodb adapter', () => {
  afterAll(async () => {
    const store = (await openStore({ name: dbName, mongoUrl: url })) as DocumentStore & {
      db: { dropDatabase(): Promise<unknown> };
    };
    await store.db.dropDatabase();
    await store.close();
  });

  it('is chosen by openStore when mongoUrl is set', async () => {
    const store = await openStore({ name: dbName, mongoUrl: url });
    expect(store.kind).toBe('mongodb');
    await store.close();
  });

  it('stores blobs in GridFS with 64 KiB chunks', async () => {
    const blobs = await openBlobStore({ name: dbName, mongoUrl: url });
    const data = Buffer.alloc(200 * 1024, 7);
    const info = await blobs.put(data, { contentType: 'image/png', filename: 'a.png' });
    const got = await blobs.get(info.id);
    expect(got?.info).toMatchObject({ id: info.id, contentType: 'image/png', size: data.length, filename: 'a.png' });
    const chunks: Buffer[] = [];
    for await (const chunk of Readable.from(got!.stream as AsyncIterable<Buffer>)) chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
    await expect(blobs.delete(info.id)).resolves.toBe(true);
    await expect(blobs.get(info.id)).resolves.toBeNull();
    await blobs.close();
  });
});
