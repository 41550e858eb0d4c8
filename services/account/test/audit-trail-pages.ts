/**
 * verifyCollectionTrail against a store's Collection port, over more than one page (PAGE is 1,000: the boundary is
 * where paging bugs hide). Run on the embedded store always (audit-verify-collection.test.ts) and on MongoDB where
 * MONGODB_URL is set (audit-verify-mongo.test.ts).
 */
import type { AuditEntry } from '@pharmacy/contracts';
import type { DocumentStore } from '@pharmacy/db';
import { auditDocId, entryHash, GENESIS_HASH } from '../src/audit/chain';
import { openAuditTrailStore, type AuditCollection, type AuditDoc } from '../src/audit/store';
import { verifyCollectionTrail } from '../src/audit/verify';
import { entryBody } from './audit-helpers';

export const ENTRIES = 2_500;

/** `count` entries chained as the trail chains them, stored as it stores them. */
export async function storedTrail(entries: AuditCollection, count: number): Promise<AuditDoc[]> {
  const docs: AuditDoc[] = [];
  let prevHash = GENESIS_HASH;
  for (let seq = 1; seq <= count; seq++) {
    const unhashed = { ...entryBody(), seq, prevHash };
    const entry = { ...unhashed, hash: entryHash(unhashed) } as AuditEntry;
    docs.push({ _id: auditDocId(seq), ...entry });
    prevHash = entry.hash;
  }
  for (let i = 0; i < docs.length; i += 500) await entries.insertMany(docs.slice(i, i + 500));
  return docs;
}

/** `open` gives a fresh, empty store for each test; the suite closes it. */
export function describeCollectionTrail(name: string, open: () => Promise<DocumentStore>) {
  describe(`verifyCollectionTrail on ${name}, ${ENTRIES} entries (three pages)`, () => {
    let store: DocumentStore | null = null;
    let entries: AuditCollection;
    let docs: AuditDoc[];
    beforeEach(async () => {
      store = await open();
      // With the service's indexes, as a running shop has them.
      entries = await openAuditTrailStore(store);
      docs = await storedTrail(entries, ENTRIES);
    });
    afterEach(async () => {
      await store?.close();
      store = null;
    });

    const verify = (anchors: Parameters<typeof verifyCollectionTrail>[2] = []) => verifyCollectionTrail(entries, name, anchors);

    it('passes the whole trail and reports its head; an anchor on each page holds', async () => {
      const anchors = [1, 1000, 1001, ENTRIES].map((seq) => ({ seq, hash: docs[seq - 1].hash, from: `seq ${seq}` }));
      expect(await verify(anchors)).toEqual({ source: name, checked: ENTRIES, head: { seq: ENTRIES, hash: docs[ENTRIES - 1].hash }, problem: null });
    });

    it('names an entry altered on the second page', async () => {
      await entries.updateOne({ _id: auditDocId(1500) }, { $set: { after: { price: 1 } } });
      expect(await verify()).toMatchObject({ checked: 1499, problem: { kind: 'altered', seq: 1500, where: `${name} seq 1500` } });
    });

    it('names an entry removed at the end of the first page', async () => {
      await entries.deleteOne({ _id: auditDocId(1000) });
      expect((await verify()).problem).toMatchObject({ kind: 'removed', seq: 1000 });
    });

    it('names an entry removed in the middle of a page', async () => {
      await entries.deleteOne({ _id: auditDocId(1750) });
      expect((await verify()).problem).toMatchObject({ kind: 'removed', seq: 1750 });
    });

    it('names an entry written again under another _id where the first page ends (the next page starts after its _id, not its seq)', async () => {
      const { _id, ...copy } = docs[999];
      await entries.insertOne({ ...copy, _id: `${_id}-again`, id: 'another-id' });
      expect((await verify()).problem).toMatchObject({ kind: 'reordered', seq: 1000 });
    });

    it('the last entry removed passes the chain alone, and fails against an anchor naming it', async () => {
      await entries.deleteOne({ _id: auditDocId(ENTRIES) });
      expect(await verify()).toMatchObject({ checked: ENTRIES - 1, problem: null });
      const anchor = { seq: ENTRIES, hash: docs[ENTRIES - 1].hash, from: 'the daily check' };
      expect((await verify([anchor])).problem).toEqual({ kind: 'anchor-gone', seq: ENTRIES, from: 'the daily check', end: ENTRIES - 1 });
    });
  });
}
