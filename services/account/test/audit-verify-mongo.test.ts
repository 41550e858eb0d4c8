/**
 * `pnpm audit:verify` against a real MongoDB: the paging cases of audit-trail-pages.ts, and verifyMongoTrail, the
 * opener the tool runs. Only part of the run when MONGODB_URL is set (jest.config.js leaves this file out otherwise
 * and says so). Every test has a short timeout and each store is closed after it, passed or failed.
 */
import { openStore, type MongoStore } from '@pharmacy/db';
import { auditDocId } from '../src/audit/chain';
import { openAuditTrailStore } from '../src/audit/store';
import { verifyMongoTrail } from '../src/audit/verify';
import { describeCollectionTrail, storedTrail } from './audit-trail-pages';

jest.setTimeout(30_000);

/** A URL whose server selection gives up well inside a test's timeout. */
const url = (() => {
  const given = process.env.MONGODB_URL as string;
  if (/serverSelectionTimeoutMS=/i.test(given)) return given;
  return `${given}${given.includes('?') ? '&' : '?'}serverSelectionTimeoutMS=3000`;
})();

let opened = 0;
/** A database of its own per test, dropped as the test closes it. */
async function freshStore(): Promise<MongoStore> {
  const name = `account-verify-${process.pid}-${Date.now().toString(36)}-${++opened}`;
  const store = (await openStore({ name, mongoUrl: url })) as MongoStore;
  const close = store.close.bind(store);
  return Object.assign(store, {
    close: async () => {
      await store.db.dropDatabase();
      await close();
    },
  });
}

describeCollectionTrail('mongodb', freshStore);

describe('verifyMongoTrail (the tool on MongoDB)', () => {
  it('opens the database, checks the trail and closes again; the last entry removed fails against its anchor', async () => {
    const store = await freshStore();
    try {
      const docs = await storedTrail(await openAuditTrailStore(store), 1_200);
      const name = store.db.databaseName;
      const anchor = { seq: 1_200, hash: docs[1_199].hash, from: 'the daily check' };
      expect(await verifyMongoTrail(url, [anchor], name)).toMatchObject({ checked: 1_200, head: { seq: 1_200 }, problem: null });
      await store.collection('auditTrail').deleteOne({ _id: auditDocId(1_200) });
      expect((await verifyMongoTrail(url, [anchor], name)).problem).toEqual({ kind: 'anchor-gone', seq: 1_200, from: 'the daily check', end: 1_199 });
    } finally {
      await store.close();
    }
  });
});
